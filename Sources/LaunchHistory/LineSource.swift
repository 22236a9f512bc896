import Foundation
import ReveilleCore

/// Reads a file (or standard input for `-`) in fixed-size chunks and hands out complete lines,
/// never holding the whole file in one buffer. Line endings `\n` and `\r\n` are accepted.
///
/// The data in ``buffer`` is always followed by ``padding`` zero bytes, so a scan may load a whole
/// 8-byte word at any position up to ``end`` (see ``CanonicalCSVParser``).
struct LineSource {
    /// Bytes read per chunk at most.
    static let chunkSize = ReadBufferSize.maximum
    /// Zero bytes kept after the data in ``buffer``.
    static let padding = 8

    let path: String
    private let stream: InputStream
    /// Where each chunk is read before it joins ``buffer``'s unread bytes: ``chunkSize`` bytes,
    /// or fewer for a smaller regular file or in-memory input (`ReadBufferSize.forInput(ofSize:)`).
    private var chunk: [UInt8]
    private var position = 0
    private var atEnd = false
    /// Lines handed out so far. Callers of ``nextLines()`` count their lines themselves.
    var lineNumber = 0

    init(path: String) throws(HistoryError) {
        self.path = path
        if path != "-" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw HistoryError(.fileNotFound, file: path, expected: "an existing file")
            }
            guard !isDirectory.boolValue else {
                throw HistoryError(.unreadable, file: path, expected: "a readable regular file")
            }
        }
        guard let stream = InputStream(fileAtPath: path == "-" ? "/dev/stdin" : path) else {
            throw HistoryError(.unreadable, file: path, expected: "a readable regular file")
        }
        stream.open()
        guard stream.streamStatus != .error else {
            throw HistoryError(.unreadable, file: path, expected: "a readable regular file")
        }
        self.stream = stream
        chunk = [UInt8](repeating: 0, count: ReadBufferSize.forInput(ofSize: path == "-" ? nil : Self.regularFileSize(path)))
    }

    /// Reads `bytes` in memory as if they were the file `path`, numbering its first line
    /// `firstLineNumber` (a slice of a longer input keeps that input's line numbers).
    init(bytes: [UInt8], path: String, firstLineNumber: Int) {
        self.path = path
        stream = InputStream(data: Data(bytes))
        stream.open()
        chunk = [UInt8](repeating: 0, count: ReadBufferSize.forInput(ofSize: bytes.count))
        lineNumber = firstLineNumber - 1
    }

    /// The size of the regular file at `path`, or `nil` for anything else (a pipe, a device such
    /// as `/dev/zero`, which reports 0 but never ends).
    private static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
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
    /// Safe Swift only (no raw pointers outside LinearAlgebra): `InputStream` reads into the
    /// ``chunk`` array, one `read(2)` of up to ``chunkSize`` bytes per call, and the bytes are
    /// copied on into ``buffer``. (`FileHandle.read(upToCount:)` was 3–4× slower here: on Linux it
    /// reads in pieces of the file system's block size, about 26,000 system calls per 100 MB.)
    ///
    /// Callers refill only when the unread bytes hold no line end, so they are one partial line:
    /// when it runs past ``HistoryReader/maximumLineBytes`` it is rejected (`inspect /dev/zero`
    /// would otherwise grow the buffer without end). Every other line in the buffer lies within
    /// one chunk, so it is shorter.
    private mutating func refill() throws(HistoryError) {
        let unread = end - position, from = position
        for i in 0..<unread { buffer[i] = buffer[from + i] }
        let count = stream.read(&chunk, maxLength: chunk.count)
        guard count >= 0 else {
            throw HistoryError(.unreadable, file: path, line: lineNumber + 1, expected: "readable bytes")
        }
        position = 0
        if count == 0 {
            atEnd = true
            stream.close()
        }
        end = unread + count
        let needed = end + Self.padding
        if buffer.count < needed { buffer.append(contentsOf: repeatElement(0, count: needed - buffer.count)) }
        buffer.replaceSubrange(unread..<end, with: chunk[0..<count])
        for i in end..<(end + Self.padding) { buffer[i] = 0 }
        if end > HistoryReader.maximumLineBytes, !_firstLineFits(after: unread) {
            throw HistoryError(.lineTooLong, file: path, line: lineNumber + 1,
                               expected: "lines of at most \(HistoryReader.maximumLineBytes) bytes")
        }
    }

    /// Whether the buffer's first line (whose first `unread` bytes hold no line end) ends within
    /// ``HistoryReader/maximumLineBytes``; called only when the buffer holds more than that.
    /// Stops at the first line end, so it reads a few bytes when lines are short.
    private func _firstLineFits(after unread: Int) -> Bool {
        let span = buffer.span
        var i = unread
        while i <= HistoryReader.maximumLineBytes, i < end {
            if span[i] == 10 { return true }
            i += 1
        }
        return false
    }
}
