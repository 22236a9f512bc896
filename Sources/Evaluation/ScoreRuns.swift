import Foundation
import ReveilleCore

/// Exact probability score counts pooled over any number of devices in bounded memory: up to
/// ``memoryLimit`` score entries are kept in memory as they come (a device's counts appended,
/// not hashed); then they are sorted, equal scores' counts summed, and written to a private
/// temporary file as a run, and the buffer starts again. ROC AUC merges the runs and
/// the buffer in score order (``rocAuc(_:)``), adding the counts of equal scores, so it is
/// exactly the AUC of all the cells at once — the same arithmetic, in the same order, as
/// ``ProbabilityMetrics/rocAuc(scoreCounts:)``.
///
/// The model's scores are all distinct (every probability cell its own score), so exact counts
/// grow with the cells; this keeps them on disk (24 bytes a distinct score and run) and holds
/// at most ``memoryLimit`` scores, ``maximumRuns`` read buffers and one sort in memory, whatever
/// the number of devices. Runs are merged into one when there are ``maximumRuns`` of them.
/// Files are unlinked as soon as they are opened (nothing is left behind, even after a crash)
/// and closed when no pool holds a run of theirs: one file per value, a new one at each merge. A copy of the value is independent (files
/// are only appended to).
struct _ScoreRuns: Sendable {
    /// Score entries held in memory before they are written as a run (24 bytes each).
    let memoryLimit: Int
    /// Runs merged into one when there are this many.
    let maximumRuns: Int
    /// Entries as added (scores repeat across devices): summed when sorted.
    private var buffer: [_ScoreCount] = []
    /// Buffer entries at which it is next ranked in place (``_ScoreCount/ranked(_:)``, equal
    /// scores' counts summed): twice what the last ranking left, at least ``firstRanking``.
    /// Scores that repeat (a histogram's rates) then keep the buffer at their distinct values;
    /// distinct ones (the model's) cost a sort of a sorted run and the entries since, at each
    /// doubling. The same distinct scores and sums as ranking everything once.
    private var rankingAt = Self.firstRanking
    /// The first ranking's buffer size (4,096 entries, 96 KB).
    static let firstRanking = 1 << 12
    private var runs: [_ScoreRun] = []
    /// The file new runs go to (one open file per value, whatever the number of runs).
    private var file: _SpillFile?

    /// Empty counts; the defaults hold about 12 MB of score entries in memory.
    init(memoryLimit: Int = 1 << 19, maximumRuns: Int = 32) {
        self.memoryLimit = max(1, memoryLimit)
        self.maximumRuns = max(2, maximumRuns)
    }

    /// Whether no score was added.
    var isEmpty: Bool { buffer.isEmpty && runs.isEmpty }

    /// Runs written to disk so far (for tests).
    var runCount: Int { runs.count }

    /// Entries held in memory (for tests).
    var bufferedEntries: Int { buffer.count }

    /// Adds `counts` (cells per exact score). Throws ``EvaluationSpillError`` when the temporary
    /// file cannot be written.
    mutating func add(_ counts: [_ScoreCount]) throws(EvaluationSpillError) {
        buffer.append(contentsOf: counts)
        if buffer.count >= rankingAt, buffer.count < memoryLimit {
            buffer = _ScoreCount.ranked(buffer)
            rankingAt = max(Self.firstRanking, 2 * buffer.count)
        }
        guard buffer.count >= memoryLimit else { return }
        let file: _SpillFile
        if let open = self.file { file = open } else { file = try _SpillFile(); self.file = file }
        runs.append(try file.append(Self._sorted(buffer)))
        buffer.removeAll(keepingCapacity: true)
        rankingAt = Self.firstRanking
        if runs.count >= maximumRuns { try _compact() }
    }

    /// Exact ROC AUC of every score in `parts` together (``ProbabilityMetrics/rocAuc(scores:labels:)``);
    /// `nil` when either class is empty. O(n log k) for n distinct scores in k runs.
    static func rocAuc(_ parts: [_ScoreRuns]) throws(EvaluationSpillError) -> Double? {
        var ranks = _RankSum()
        try merged(parts) { _, c in ranks.add(positives: c.positives, negatives: c.negatives) }
        return ranks.auc
    }

    /// Calls `each` with every distinct score of `parts` in ascending order and its summed counts.
    static func merged(_ parts: [_ScoreRuns], _ each: (Double, _LabelCounts) throws(EvaluationSpillError) -> Void) throws(EvaluationSpillError) {
        var cursors: [_ScoreCursor] = []
        for part in parts {
            cursors.append(_ScoreCursor(sorted: Self._sorted(part.buffer)))
            for run in part.runs { cursors.append(try _ScoreCursor(run: run)) }
        }
        var heap = _CursorHeap(cursors)
        while let (score, first) = try heap.pop() {
            var counts = first
            while heap.peekScore == score, let (_, more) = try heap.pop() { counts.add(more) }
            try each(score, counts)
        }
    }

    /// Merges every run into one in a new file (the old files close when released).
    private mutating func _compact() throws(EvaluationSpillError) {
        var only = _ScoreRuns(memoryLimit: memoryLimit, maximumRuns: maximumRuns)
        only.runs = runs
        let file = try _SpillFile()
        var writer = _RunWriter(file: file)
        try Self.merged([only]) { score, counts throws(EvaluationSpillError) in try writer.add(score, counts) }
        runs = [try writer.finish()]
        self.file = file
    }

    /// `entries` in ascending score order, each score once with its counts summed.
    private static func _sorted(_ entries: [_ScoreCount]) -> [(Double, _LabelCounts)] {
        _ScoreCount.ranked(entries).map { ($0.score, $0.counts) }
    }
}

/// The Mann–Whitney rank sum with average ranks for ties, fed distinct scores in ascending
/// order: ``ProbabilityMetrics/rocAuc(scoreCounts:)`` and ``_ScoreRuns/rocAuc(_:)`` share it.
struct _RankSum {
    private var positives = 0, seen = 0
    private var rankSum = 0.0

    /// Adds the cells of the next score (higher than every score before).
    mutating func add(positives p: Int, negatives n: Int) {
        // Ranks seen+1 … seen+p+n share their average; rank sums are exact multiples of 1/2.
        let averageRank = Double(2 * seen + p + n + 1) / 2
        rankSum += averageRank * Double(p)
        positives += p
        seen += p + n
    }

    /// `(R₊ − n₊(n₊ + 1)/2) / (n₊ n₋)`; `nil` when either class is empty.
    var auc: Double? {
        let negatives = seen - positives
        guard positives > 0, negatives > 0 else { return nil }
        let p = Double(positives)
        return (rankSum - p * (p + 1) / 2) / (p * Double(negatives))
    }
}

/// The temporary file of score runs could not be written or read back (exit 73: `$TMPDIR` full
/// or unwritable).
public struct EvaluationSpillError: Error, WriteFailureCategorized, CustomStringConvertible, Sendable, Equatable {
    /// What failed (`open`, `write`, `read`) and the system's reason.
    public var reason: String

    public var isWriteFailure: Bool { true }

    public var description: String {
        "cannot use a temporary file for the probability score counts in \(FileManager.default.temporaryDirectory.path) (set TMPDIR): \(reason)"
    }
}

/// One sorted run in a spill file: `count` entries from byte `offset`.
struct _ScoreRun: Sendable {
    let file: _SpillFile
    let offset: Int
    let count: Int
}

/// An unlinked temporary file that runs are appended to; closed when released.
final class _SpillFile: @unchecked Sendable {
    /// Words per entry: score bits, positives, negatives.
    static let entryWords = 3
    private let descriptor: Int32
    private let lock = NSLock()
    private var end = 0

    /// Creates the file in the temporary directory under a fresh random name (`O_EXCL`: never
    /// another's file; a name taken is retried with another) and unlinks it at once.
    init() throws(EvaluationSpillError) {
        let directory = FileManager.default.temporaryDirectory.path
        var fd: Int32 = -1
        for _ in 0..<Self.namingAttempts {
            let path = "\(directory)/reveille-scores-\(UUID().uuidString)"
            fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(path)
                break
            }
            guard errno == EEXIST else { break }
        }
        guard fd >= 0 else { throw EvaluationSpillError(reason: "open: \(String(cString: strerror(errno)))") }
        descriptor = fd
    }

    /// Random names tried before giving up (a clash of two random UUIDs is all but impossible).
    static let namingAttempts = 8

    deinit { close(descriptor) }

    /// Appends sorted entries as one run.
    func append(_ entries: [(Double, _LabelCounts)]) throws(EvaluationSpillError) -> _ScoreRun {
        var writer = _RunWriter(file: self)
        for (score, counts) in entries { try writer.add(score, counts) }
        return try writer.finish()
    }

    /// Appends `words` at the end; returns where they start (bytes).
    func write(_ words: [UInt64]) throws(EvaluationSpillError) -> Int {
        lock.lock(); defer { lock.unlock() }
        let start = end
        let data = Data(Self.bytes(of: words))
        do throws(FileDescriptorIO.Failure) {
            try FileDescriptorIO.write(data, at: UInt64(start), to: descriptor)
        } catch { throw EvaluationSpillError(reason: "write: \(error.reason)") }
        end += data.count
        return start
    }

    /// Reads `count` words from byte `offset`.
    func read(at offset: Int, words count: Int) throws(EvaluationSpillError) -> [UInt64] {
        let total = count * MemoryLayout<UInt64>.size
        let data: Data
        do throws(FileDescriptorIO.Failure) {
            lock.lock(); defer { lock.unlock() }
            data = try FileDescriptorIO.read(upTo: total, at: UInt64(offset), from: descriptor)
        } catch { throw EvaluationSpillError(reason: "read: \(error.reason)") }
        guard data.count == total else { throw EvaluationSpillError(reason: "read: unexpected end of file") }
        return Self.words(of: [UInt8](data))
    }

    /// `words` as bytes, each word's eight little-endian (the file's own format: written and
    /// read by this process alone).
    static func bytes(of words: [UInt64]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 8)
        for word in words {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    /// The words ``bytes(of:)`` wrote (`bytes.count / 8` of them; a trailing partial word is ignored).
    static func words(of bytes: [UInt8]) -> [UInt64] {
        (0..<bytes.count / 8).map { i in
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(bytes[i * 8 + k]) << UInt64(8 * k) }
            return word
        }
    }
}

/// Writes one run in chunks.
private struct _RunWriter {
    static let chunkEntries = 4096
    let file: _SpillFile
    private var words: [UInt64] = []
    private var start: Int?
    private var count = 0

    init(file: _SpillFile) {
        self.file = file
        words.reserveCapacity(Self.chunkEntries * _SpillFile.entryWords)
    }

    mutating func add(_ score: Double, _ counts: _LabelCounts) throws(EvaluationSpillError) {
        words.append(score.bitPattern)
        words.append(UInt64(truncatingIfNeeded: counts.positives))
        words.append(UInt64(truncatingIfNeeded: counts.negatives))
        count += 1
        if words.count >= Self.chunkEntries * _SpillFile.entryWords { try _flush() }
    }

    mutating func finish() throws(EvaluationSpillError) -> _ScoreRun {
        try _flush()
        return _ScoreRun(file: file, offset: start ?? 0, count: count)
    }

    private mutating func _flush() throws(EvaluationSpillError) {
        guard !words.isEmpty else { return }
        let at = try file.write(words)
        if start == nil { start = at }
        words.removeAll(keepingCapacity: true)
    }
}

/// Reads one sorted source (a run on disk, in chunks, or a sorted array) entry by entry.
struct _ScoreCursor {
    static let chunkEntries = 4096
    private let run: _ScoreRun?
    private var entries: [(Double, _LabelCounts)] = []
    private var words: [UInt64] = []
    private var position = 0
    private var read = 0
    /// The current entry, `nil` at the end.
    private(set) var current: (Double, _LabelCounts)?

    init(sorted: [(Double, _LabelCounts)]) {
        run = nil
        entries = sorted
        current = sorted.first
    }

    init(run: _ScoreRun) throws(EvaluationSpillError) {
        self.run = run
        try advance()
    }

    /// Moves to the next entry.
    mutating func advance() throws(EvaluationSpillError) {
        guard let run else {
            position += 1
            current = position < entries.count ? entries[position] : nil
            return
        }
        if position * _SpillFile.entryWords >= words.count {
            let n = min(Self.chunkEntries, run.count - read)
            guard n > 0 else { current = nil; return }
            words = try run.file.read(at: run.offset + read * _SpillFile.entryWords * 8, words: n * _SpillFile.entryWords)
            read += n
            position = 0
        }
        let i = position * _SpillFile.entryWords
        current = (Double(bitPattern: words[i]),
                   _LabelCounts(positives: Int(truncatingIfNeeded: words[i + 1]), negatives: Int(truncatingIfNeeded: words[i + 2])))
        position += 1
    }
}

/// A binary min-heap of cursors by their current score.
private struct _CursorHeap {
    private var cursors: [_ScoreCursor]

    init(_ all: [_ScoreCursor]) {
        cursors = all.filter { $0.current != nil }
        for i in stride(from: cursors.count / 2 - 1, through: 0, by: -1) { _down(i) }
    }

    var peekScore: Double? { cursors.first?.current?.0 }

    /// The lowest current entry, its cursor advanced.
    mutating func pop() throws(EvaluationSpillError) -> (Double, _LabelCounts)? {
        guard let top = cursors.first?.current else { return nil }
        try cursors[0].advance()
        if cursors[0].current == nil {
            cursors.swapAt(0, cursors.count - 1)
            cursors.removeLast()
        }
        if !cursors.isEmpty { _down(0) }
        return top
    }

    private func _score(_ i: Int) -> Double { cursors[i].current?.0 ?? .infinity }

    private mutating func _down(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var low = i
            if l < cursors.count, _score(l) < _score(low) { low = l }
            if r < cursors.count, _score(r) < _score(low) { low = r }
            guard low != i else { return }
            cursors.swapAt(i, low)
            i = low
        }
    }
}
