/// The canonical CSV: a header naming at least `device`, `app` and `timestamp` (any order, extra
/// columns ignored), optional `duration` (seconds) and `utc_offset`. `timestamp` is ISO-8601 with
/// an offset, or Unix seconds/milliseconds (then `utc_offset`, or the default offset, applies).
///
/// This is the hot path of ingest: it works on borrowed byte spans and reused field bounds, so a
/// row costs no allocation once its device and app names have been seen.
struct CanonicalCSVParser {
    let file: String
    let defaultOffset: Int
    private var columns: (device: Int, app: Int, timestamp: Int, duration: Int?, offset: Int?)?
    private var width = 0
    private var devices = _ByteInterner()
    private var apps = _ByteInterner()
    private var splitter = _ReusableSplitter()
    private var launches = _CompactGrouper()
    private var lastDay: (date: UInt64, days: Int) = (0, 0)

    init(file: String, defaultOffset: Int) {
        self.file = file
        self.defaultOffset = defaultOffset
    }

    /// Reads every line of `source`, counting rows and rejecting invalid ones through `sink`.
    mutating func read(_ source: inout LineSource, _ sink: inout _RowSink) throws(HistoryError) {
        while let lines = try source.nextLines() {
            source.lineNumber = try _parseLines(source.buffer.span, lines, after: source.lineNumber, &sink)
        }
    }

    /// The launches read so far, grouped by device.
    mutating func grouped() -> [_DeviceEvents] {
        launches.grouped(devices: devices.strings, apps: apps.strings)
    }

    /// Parses the complete lines `lines` of `b`, which follow line `before`; returns the number of
    /// the last line. Lines without quotes or NUL bytes are split while their end is found.
    private mutating func _parseLines(
        _ b: Span<UInt8>, _ lines: Range<Int>, after before: Int, _ sink: inout _RowSink
    ) throws(HistoryError) -> Int {
        var n = before
        var p = lines.lowerBound
        var fields = _CommaBounds()
        while p < lines.upperBound {
            n += 1
            let (end, next, plain) = fields.scan(b.bytes, from: p, limit: lines.upperBound)
            defer { p = next }
            if end == p { continue }
            sink.sawContent = true
            do throws(HistoryError) {
                let isRow = plain ? try _row(b, &fields, n) : try _parse(b, p..<end, lineNumber: n)
                if isRow { sink.report.rowsRead += 1 }
            } catch {
                try sink.reject(error)
            }
        }
        return n
    }

    /// Splits a line that holds a quote or a NUL byte, then reads it; `false` for the header.
    private mutating func _parse(_ line: Span<UInt8>, _ r: Range<Int>, lineNumber n: Int) throws(HistoryError) -> Bool {
        guard splitter.split(line, r, separator: UInt8(ascii: ",")) else {
            throw HistoryError(.malformedRow, file: file, line: n, expected: "balanced double quotes")
        }
        if splitter.sawNUL { throw HistoryError(.nulByte, file: file, line: n, expected: "text without NUL bytes") }
        var fields = splitter
        if let unquoted = splitter.unquoted { return try _row(unquoted.span, &fields, n) }
        return try _row(line, &fields, n)
    }

    /// Reads `fields` (bounds into `b`): the header, or a launch that is stored. Returns `false`
    /// for the header.
    @inline(__always)
    private mutating func _row(_ b: Span<UInt8>, _ fields: inout some _FieldBounds, _ n: Int) throws(HistoryError) -> Bool {
        guard let c = columns else {
            try _readHeader(b, fields, lineNumber: n)
            return false
        }
        guard fields.count >= width else {
            throw HistoryError(.malformedRow, file: file, line: n,
                               expected: "\(width) comma-separated fields, found \(fields.count)")
        }
        let device = try Self._entry(b, fields.range(c.device), "device", file, n, &devices)
        let app = try Self._entry(b, fields.range(c.app), "app", file, n, &apps)
        var offset: Int? = nil
        if let oc = c.offset, !fields.range(oc).isEmpty {
            guard let o = TimestampParser._parseOffset(b, fields.range(oc)) else {
                throw HistoryError(.offsetOutOfRange, file: file, line: n, field: "utc_offset",
                                   expected: "an offset like +02:00 or seconds, within ±18:00")
            }
            offset = o
        }
        let tr = fields.range(c.timestamp)
        var (instant, eventOffset) = (0.0, 0)
        if let fixed = TimestampParser._parseFixedISO(b, tr, lastDay: &lastDay) {
            (instant, eventOffset) = fixed
        } else {
            (instant, eventOffset) = try _timestamp(b, tr, offset: offset, file: file, line: n, default: defaultOffset)
        }
        var duration = -1.0
        if let dc = c.duration, !fields.range(dc).isEmpty {
            guard let d = TimestampParser._parseDecimal(b, fields.range(dc)), d >= 0 else {
                throw HistoryError(.malformedNumber, file: file, line: n, field: "duration", expected: "a non-negative number of seconds")
            }
            duration = d
        }
        if !launches.knows(device: device) { launches.addDevice(device, devices.strings[device]) }
        launches.append(_CompactLaunch(instant: instant, durationSeconds: duration, utcOffsetSeconds: eventOffset,
                                       device: Int32(truncatingIfNeeded: device), app: Int32(truncatingIfNeeded: app)))
        return true
    }

    private mutating func _readHeader(_ b: Span<UInt8>, _ fields: borrowing some _FieldBounds, lineNumber n: Int) throws(HistoryError) {
        var names: [String] = []
        for i in 0..<fields.count {
            var bytes: [UInt8] = []
            for j in fields.range(i) { bytes.append(b[j]) }
            guard let s = String(validating: bytes, as: UTF8.self) else {
                throw HistoryError(.invalidUTF8, file: file, line: n, expected: "a UTF-8 header")
            }
            names.append(s.trimmingSpaces.lowercased())
        }
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        func index(_ name: String) throws(HistoryError) -> Int {
            guard let i = names.firstIndex(of: name) else {
                throw HistoryError(.missingColumn, file: file, line: n, field: name,
                                   expected: "a header with columns device,app,timestamp")
            }
            return i
        }
        let c = (device: try index("device"), app: try index("app"), timestamp: try index("timestamp"),
                 duration: names.firstIndex(of: "duration"), offset: names.firstIndex(of: "utc_offset"))
        columns = c
        width = Swift.max(c.device, c.app, c.timestamp, c.duration ?? 0, c.offset ?? 0) + 1
    }

    @inline(__always)
    private static func _entry(
        _ b: Span<UInt8>, _ r: Range<Int>, _ field: String, _ file: String, _ n: Int, _ interner: inout _ByteInterner
    ) throws(HistoryError) -> Int {
        guard !r.isEmpty else { throw HistoryError(.emptyField, file: file, line: n, field: field, expected: "a non-empty \(field)") }
        guard let s = interner.intern(b, r) else {
            throw HistoryError(.invalidUTF8, file: file, line: n, field: field, expected: "valid UTF-8")
        }
        return s
    }
}

/// Resolves a timestamp field: ISO with offset, or Unix seconds/milliseconds with the column's
/// or the default offset.
func _timestamp(
    _ b: Span<UInt8>, _ r: Range<Int>, offset: Int?, file: String, line: Int, default defaultOffset: Int
) throws(HistoryError) -> (Double, Int) {
    if let iso = TimestampParser._parseISO(b, r), let o = iso.utcOffsetSeconds {
        return (iso.instant, o)
    }
    if let unix = TimestampParser._parseUnix(b, r) {
        return (unix, offset ?? defaultOffset)
    }
    if let (_, end) = TimestampParser._parseWallClock(b, r), end < r.upperBound {
        throw HistoryError(.offsetOutOfRange, file: file, line: line, field: "timestamp",
                           expected: "a UTC offset within ±18:00 such as -04:00")
    }
    throw HistoryError(.malformedTimestamp, file: file, line: line, field: "timestamp",
                       expected: "ISO-8601 with an offset (2013-03-24T08:31:23-04:00) or Unix seconds/milliseconds")
}

/// ``_timestamp(_:_:offset:file:line:default:)`` over a whole byte array.
func _timestamp(_ bytes: [UInt8], offset: Int?, file: String, line: Int, default defaultOffset: Int) throws(HistoryError) -> (Double, Int) {
    let span = bytes.span
    return try _timestamp(span, 0..<bytes.count, offset: offset, file: file, line: line, default: defaultOffset)
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
