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

    /// Drops the lines handed out, then appends the next chunk (if any) and the zero padding.
    private mutating func refill() throws(HistoryError) {
        let chunk: Data?
        do { chunk = try handle.read(upToCount: Self.chunkSize) } catch {
            throw HistoryError(.unreadable, file: path, line: lineNumber + 1, expected: "readable bytes")
        }
        buffer.removeSubrange(end...)
        buffer.removeSubrange(..<position)
        position = 0
        if let chunk, !chunk.isEmpty { buffer.append(contentsOf: chunk) } else { atEnd = true }
        end = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.padding))
    }
}
