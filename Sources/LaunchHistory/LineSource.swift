import Foundation

/// Reads a file (or standard input for `-`) in fixed-size chunks and hands out complete lines,
/// never holding the whole file in one buffer. Line endings `\n` and `\r\n` are accepted.
///
/// The data in ``buffer`` is always followed by ``padding`` zero bytes, so a scan may load a whole
/// 8-byte word at any position up to ``end`` (see ``CanonicalCSVParser``).
struct LineSource {
    /// Bytes read per chunk.
    static let chunkSize = 1 << 20
    /// Zero bytes kept after the data in ``buffer``.
    static let padding = 8

    let path: String
    private let handle: FileHandle
    private var position = 0
    private var atEnd = false
    /// Lines handed out so far. Callers of ``nextLines()`` count their lines themselves.
    var lineNumber = 0

    init(path: String) throws(HistoryError) {
        self.path = path
        if path == "-" {
            handle = FileHandle.standardInput
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HistoryError(.fileNotFound, file: path, expected: "an existing file")
        }
        guard !isDirectory.boolValue, let h = FileHandle(forReadingAtPath: path) else {
            throw HistoryError(.unreadable, file: path, expected: "a readable regular file")
        }
        handle = h
    }

    /// The bytes the line ranges index into (data in `0..<end`, then ``padding`` zeros); valid
    /// until the next call.
    private(set) var buffer = [UInt8](repeating: 0, count: padding)
    /// The end of the data in ``buffer``.
    private(set) var end = 0

    /// The range in ``buffer`` of the next line without its terminator, or `nil` at the end.
    mutating func nextLineRange() throws(HistoryError) -> Range<Int>? {
        while true {
            if let nl = _newline(from: position) {
                var last = nl
                if last > position, buffer[last - 1] == 13 { last -= 1 }
                let line = position..<last
                position = nl + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard position < end else { return nil }
                var last = end
                if buffer[last - 1] == 13 { last -= 1 }
                let line = position..<last
                position = end
                lineNumber += 1
                return line
            }
            try refill()
        }
    }

    /// The range in ``buffer`` of all complete lines not yet handed out, terminators included
    /// (the last line of the input may lack one), or `nil` at the end. ``lineNumber`` is not
    /// advanced: the caller counts the lines.
    mutating func nextLines() throws(HistoryError) -> Range<Int>? {
        var searchedEnd = position
        while true {
            var i = end
            while i > searchedEnd, buffer[i - 1] != 10 { i -= 1 }
            if i > searchedEnd || (atEnd && position < end) {
                let lines = position..<(i > searchedEnd ? i : end)
                position = lines.upperBound
                return lines
            }
            if atEnd { return nil }
            let unterminated = end - position
            try refill()
            searchedEnd = unterminated
        }
    }

    private func _newline(from start: Int) -> Int? {
        let span = buffer.span
        var i = start
        while i < end {
            if span[i] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// Moves the unread bytes to the front, reads the next chunk (if any) straight after them and
    /// zeroes the padding. The buffer only grows when a line is longer than a chunk.
    ///
    /// Safe Swift only (no raw pointers outside LinearAlgebra): `FileHandle` returns each chunk
    /// as `Data`, copied in with `replaceSubrange`. glibc's dynamic mmap threshold makes the
    /// chunk allocations reuse the same heap pages after the first, so this costs about as much
    /// as `read(2)` into the buffer (measured with `reveille bench ingest`, see the DocC page).
    private mutating func refill() throws(HistoryError) {
        let unread = end - position, from = position
        for i in 0..<unread { buffer[i] = buffer[from + i] }
        let chunk: Data
        do {
            chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
        } catch {
            throw HistoryError(.unreadable, file: path, line: lineNumber + 1, expected: "readable bytes")
        }
        position = 0
        if chunk.isEmpty { atEnd = true }
        end = unread + chunk.count
        let needed = end + Self.padding
        if buffer.count < needed { buffer.append(contentsOf: repeatElement(0, count: needed - buffer.count)) }
        buffer.replaceSubrange(unread..<end, with: chunk)
        for i in end..<(end + Self.padding) { buffer[i] = 0 }
    }
}
