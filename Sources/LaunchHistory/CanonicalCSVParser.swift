/// The canonical CSV: a header naming at least `device`, `app` and `timestamp` (any order, extra
/// columns ignored), optional `duration` (seconds) and `utc_offset`. `timestamp` is ISO-8601 with
/// an offset, or Unix seconds/milliseconds (then `utc_offset`, or the default offset, applies).
struct CanonicalCSVParser {
    let file: String
    let defaultOffset: Int
    private var columns: (device: Int, app: Int, timestamp: Int, duration: Int?, offset: Int?)?
    private var width = 0
    private var interner = StringInterner()

    init(file: String, defaultOffset: Int) {
        self.file = file
        self.defaultOffset = defaultOffset
    }

    mutating func parse(_ line: ArraySlice<UInt8>, lineNumber n: Int) throws(HistoryError) -> RowOutcome {
        guard let fields = FieldSplitter.split(line, separator: UInt8(ascii: ",")) else {
            throw HistoryError(.malformedRow, file: file, line: n, expected: "balanced double quotes")
        }
        guard let c = columns else {
            try readHeader(fields, lineNumber: n)
            return .header
        }
        guard fields.count >= width else {
            throw HistoryError(.malformedRow, file: file, line: n, expected: "\(width) comma-separated fields, found \(fields.count)")
        }
        let device = try text(fields[c.device], "device", n)
        let app = try text(fields[c.app], "app", n)
        var offset: Int? = nil
        if let oc = c.offset, !fields[oc].isEmpty {
            guard let o = TimestampParser.parseOffset(fields[oc]) else {
                throw HistoryError(.offsetOutOfRange, file: file, line: n, field: "utc_offset",
                                   expected: "an offset like +02:00 or seconds, within ±18:00")
            }
            offset = o
        }
        let (instant, eventOffset) = try _timestamp(fields[c.timestamp], offset: offset, file: file, line: n, default: defaultOffset)
        var duration: Double? = nil
        if let dc = c.duration, !fields[dc].isEmpty {
            guard let d = _number(fields[dc]), d >= 0 else {
                throw HistoryError(.malformedNumber, file: file, line: n, field: "duration", expected: "a non-negative number of seconds")
            }
            duration = d
        }
        return .launch(LaunchEvent(device: device, app: app, instant: instant, utcOffsetSeconds: eventOffset, durationSeconds: duration))
    }

    private mutating func readHeader(_ fields: [ArraySlice<UInt8>], lineNumber n: Int) throws(HistoryError) {
        var names: [String] = []
        for f in fields {
            guard let s = String(validating: f, as: UTF8.self) else {
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

    private mutating func text(_ bytes: ArraySlice<UInt8>, _ field: String, _ n: Int) throws(HistoryError) -> String {
        guard !bytes.isEmpty else { throw HistoryError(.emptyField, file: file, line: n, field: field, expected: "a non-empty \(field)") }
        guard let s = interner.intern(bytes) else {
            throw HistoryError(.invalidUTF8, file: file, line: n, field: field, expected: "valid UTF-8")
        }
        return s
    }
}

/// Resolves a timestamp field: ISO with offset (an explicit `utc_offset` column must then agree),
/// or Unix seconds/milliseconds with the column's or the default offset.
func _timestamp(_ b: ArraySlice<UInt8>, offset: Int?, file: String, line: Int, default defaultOffset: Int) throws(HistoryError) -> (Double, Int) {
    if let iso = TimestampParser.parseISO(b), let o = iso.utcOffsetSeconds {
        return (iso.instant, o)
    }
    if let unix = TimestampParser.parseUnix(b) {
        return (unix, offset ?? defaultOffset)
    }
    if b.count >= 19, TimestampParser._parseWallClock(b) != nil {
        let tail = b[(b.startIndex + 19)...].drop { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }
        if !tail.isEmpty {
            throw HistoryError(.offsetOutOfRange, file: file, line: line, field: "timestamp",
                               expected: "a UTC offset within ±18:00 such as -04:00")
        }
    }
    throw HistoryError(.malformedTimestamp, file: file, line: line, field: "timestamp",
                       expected: "ISO-8601 with an offset (2013-03-24T08:31:23-04:00) or Unix seconds/milliseconds")
}

func _number(_ b: ArraySlice<UInt8>) -> Double? {
    guard let s = String(validating: b, as: UTF8.self) else { return nil }
    return Double(s)
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
