/// Reads a canonical CSV history whose rows are sorted by device (a `sort` by device, then time,
/// as Spark's `sortWithinPartitions` gives), one device at a time: memory holds one device's
/// rows, however many devices follow. Each device's rows are parsed and checked exactly as
/// ``HistoryReader`` does (errors keep the input's own line numbers).
///
/// A device whose rows come after a greater device (by UTF-8 bytes), or whose rows are split by
/// another device's, is an error naming the line: the input is not device-sorted.
public struct DeviceStream {
    private var source: LineSource
    private let path: String
    private let options: HistoryReadOptions
    private var header: [UInt8] = []
    private var deviceColumn = 0
    /// Rows of the device being gathered, and the line number of the first.
    private var rows: [UInt8] = []
    private var rowsFirstLine = 0
    private var current: [UInt8]?
    private var finished = false
    /// Whether a device was returned (an input without any is an error, as for the whole-file reader).
    private var yielded = false

    /// Opens `path` (`-` for standard input).
    public init(path: String, options: HistoryReadOptions = .init()) throws(HistoryError) {
        self.path = path
        self.options = options
        source = try LineSource(path: path)
    }

    /// The next device's history, or `nil` after the last. Devices without a valid launch (all
    /// rows skipped with ``HistoryReadOptions/skipInvalid`` or not launches) are passed over.
    /// - Throws: `HistoryError` naming the line; as ``HistoryReader`` does for a whole file,
    ///   `emptyFile` for an input without a header and `noLaunches` for one without any device's
    ///   valid launch (an empty stream was zero devices and exit 0).
    public mutating func next() throws(HistoryError) -> DeviceHistory? {
        if let device = try _next() {
            yielded = true
            return device
        }
        guard yielded else {
            throw header.isEmpty ? HistoryError(.emptyFile, file: path, expected: "a header and rows")
                : HistoryError(.noLaunches, file: path, expected: "at least one valid launch row; found none")
        }
        return nil
    }

    /// ``next()`` without the check that the input held a device.
    private mutating func _next() throws(HistoryError) -> DeviceHistory? {
        while !finished {
            guard let line = try source.nextLineRange() else {
                finished = true
                if let device = try _flush() { return device }
                break
            }
            let n = source.lineNumber
            let bytes = Array(source.buffer[line])
            if bytes.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            if header.isEmpty {
                header = bytes
                deviceColumn = try _deviceColumn(bytes, line: n)
                continue
            }
            let device = _field(bytes, deviceColumn)
            var flushed: DeviceHistory?
            if let current, device != current {
                guard device.lexicographicallyPrecedes(current) == false else {
                    throw HistoryError(.malformedRow, file: path, line: n, field: "device",
                                       expected: "rows sorted by device (then time): device '\(String(decoding: device, as: UTF8.self))' "
                                           + "comes after '\(String(decoding: current, as: UTF8.self))'")
                }
                flushed = try _flush()
            }
            if rows.isEmpty { rowsFirstLine = n }
            current = device
            rows += bytes
            rows.append(10)
            if let flushed { return flushed }
        }
        return nil
    }

    /// Parses the gathered rows as one history; `nil` when they hold no valid launch.
    private mutating func _flush() throws(HistoryError) -> DeviceHistory? {
        guard !rows.isEmpty else { return nil }
        var text = header
        text.append(10)
        text += rows
        rows.removeAll(keepingCapacity: true)
        var chunk = LineSource(bytes: text, path: path, firstLineNumber: rowsFirstLine - 1)
        var options = options
        options.format = .csv
        do {
            return try HistoryReader.read(&chunk, path: path, options: options).devices.first
        } catch where error.code == .noLaunches {
            return nil
        }
    }

    /// The index of the `device` column (names trimmed, compared without case, a byte-order mark ignored).
    private func _deviceColumn(_ header: [UInt8], line n: Int) throws(HistoryError) -> Int {
        var names = header.split(separator: 44, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)._trimming(" \t\r\"").lowercased()
        }
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        guard let i = names.firstIndex(of: "device") else {
            throw HistoryError(.missingColumn, file: path, line: n, field: "device",
                               expected: "a CSV header with columns device,app,timestamp (streaming reads canonical CSV)")
        }
        return i
    }

    /// Field `index` of a CSV row (a quoted field without its quotes; `""` inside kept as is,
    /// which only has to tell devices apart).
    private func _field(_ row: [UInt8], _ index: Int) -> [UInt8] {
        var field = 0, i = 0
        while i < row.count {
            var end = i
            var quoted = false
            if row[i] == 34 {
                quoted = true
                end = i + 1
                while end < row.count {
                    if row[end] == 34 {
                        if end + 1 < row.count, row[end + 1] == 34 { end += 2; continue }
                        break
                    }
                    end += 1
                }
            }
            while end < row.count, row[end] != 44 { end += 1 }
            if field == index {
                let value = Array(row[i..<end])
                return quoted ? Array(value.dropFirst().prefix { $0 != 34 }) : value
            }
            field += 1
            i = end + 1
        }
        return []
    }
}

extension String {
    fileprivate func _trimming(_ set: String) -> String {
        let drop = Set(set)
        return String(self.drop(while: drop.contains).reversed().drop(while: drop.contains).reversed())
    }
}
