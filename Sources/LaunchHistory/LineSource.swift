import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    private mutating func refill() throws(HistoryError) {
        let unread = end - position, from = position
        let needed = unread + Self.chunkSize + Self.padding
        if buffer.count < needed { buffer.append(contentsOf: repeatElement(0, count: needed - buffer.count)) }
        let fd = handle.fileDescriptor
        let count = buffer.withUnsafeMutableBytes { bytes -> Int in
            guard let base = bytes.baseAddress else { return -1 }
            if from > 0 { base.copyMemory(from: base + from, byteCount: unread) }
            while true {
                let n = read(fd, base + unread, Self.chunkSize)
                if n >= 0 || errno != EINTR { return n }
            }
        }
        position = 0
        guard count >= 0 else {
            throw HistoryError(.unreadable, file: path, line: lineNumber + 1, expected: "readable bytes")
        }
        if count == 0 { atEnd = true }
        end = unread + count
        for i in end..<(end + Self.padding) { buffer[i] = 0 }
    }
}
