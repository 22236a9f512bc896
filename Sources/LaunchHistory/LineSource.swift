import Foundation

/// Reads a file (or standard input for `-`) in fixed-size chunks and hands out complete lines,
/// never holding the whole file in one buffer. Line endings `\n` and `\r\n` are accepted.
struct LineSource {
    /// Bytes read per chunk.
    static let chunkSize = 1 << 20

    let path: String
    private let handle: FileHandle
    private var position = 0
    private var atEnd = false
    private(set) var lineNumber = 0
    private(set) var bytesRead = 0

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

    /// The bytes the current line ranges index into; valid until the next call.
    private(set) var buffer: [UInt8] = []

    /// The range in ``buffer`` of the next line without its terminator, or `nil` at the end.
    mutating func nextLineRange() throws(HistoryError) -> Range<Int>? {
        while true {
            if let nl = _newline(from: position) {
                var end = nl
                if end > position, buffer[end - 1] == 13 { end -= 1 }
                let line = position..<end
                position = nl + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 13 { end -= 1 }
                let line = position..<end
                position = buffer.count
                lineNumber += 1
                return line
            }
            try refill()
        }
    }

    private func _newline(from start: Int) -> Int? {
        let span = buffer.span
        var i = start
        while i < span.count {
            if span[i] == 10 { return i }
            i += 1
        }
        return nil
    }

    private mutating func refill() throws(HistoryError) {
        let chunk: Data?
        do { chunk = try handle.read(upToCount: Self.chunkSize) } catch {
            throw HistoryError(.unreadable, file: path, line: lineNumber + 1, expected: "readable bytes")
        }
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        guard let chunk, !chunk.isEmpty else {
            atEnd = true
            return
        }
        bytesRead += chunk.count
        buffer.append(contentsOf: chunk)
    }
}
