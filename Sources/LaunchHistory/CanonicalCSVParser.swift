import ReveilleCore

/// The canonical CSV: a header naming at least `device`, `app` and `timestamp` (any order, extra
/// columns ignored), optional `duration` (seconds), `utc_offset` and `zone`. `timestamp` is ISO-8601 with
/// an offset, or Unix seconds/milliseconds (then `utc_offset`, the row's IANA `zone`, the reader's
/// zone or its default offset applies; with none of them the row is an error).
///
/// This is the hot path of ingest. It takes whole blocks of lines from ``LineSource``; a plain
/// line (no quote, no NUL) is split in the same pass that finds its end (``_CommaBounds``), other
/// lines and the header go through ``_ReusableSplitter``. Names are interned to indices and each
/// launch goes straight into its device's columns (``_ColumnGrouper``), so a row allocates
/// nothing and touches no reference count once its device and app names have been seen.
struct CanonicalCSVParser {
    let file: String
    let defaultOffset: _DefaultOffset
    private var zones = _ZoneCache()
    private var columns: _CSVColumns?
    private var devices = _ByteInterner()
    private var apps = _ByteInterner()
    private var splitter = _ReusableSplitter()
    private var recentStamp = _RecentStamp()
    /// ``HistoryReadOptions/device``, and per interned device index whether its rows are kept.
    private let onlyDevice: String?
    private var keepsDevice: [Bool] = []
    /// Skips other devices' rows unsplit when the device is the first column (``_OtherDeviceRows``).
    private let otherDeviceRows: _OtherDeviceRows?

    init(file: String, defaultOffset: _DefaultOffset, device: String? = nil) {
        self.file = file
        self.defaultOffset = defaultOffset
        onlyDevice = device
        otherDeviceRows = device.flatMap(_OtherDeviceRows.init(device:))
    }

    /// Reads every line of `source` into `launches`, counting rows and rejecting invalid ones
    /// through `sink`.
    mutating func read(_ source: inout LineSource, _ sink: inout _RowSink, into launches: inout _ColumnGrouper) throws(HistoryError) {
        while let lines = try source.nextLines() {
            source.lineNumber = try _parseLines(source.buffer.span, lines, after: source.lineNumber, &sink, &launches)
        }
    }

    /// Parses the complete lines `lines` of `b`, which follow line `before`; returns the number of
    /// the last line.
    private mutating func _parseLines(
        _ b: Span<UInt8>, _ lines: Range<Int>, after before: Int, _ sink: inout _RowSink, _ launches: inout _ColumnGrouper
    ) throws(HistoryError) -> Int {
        var n = before
        var p = lines.lowerBound
        var fields = _CommaBounds()
        while p < lines.upperBound {
            n += 1
            if let skipper = otherDeviceRows, columns?.device == 0, let next = skipper.skip(b.bytes, from: p, limit: lines.upperBound) {
                sink.sawContent = true
                sink.otherDeviceRows += 1
                sink.report.rowsRead += 1
                p = next
                continue
            }
            let (end, next, plain) = fields.scan(b.bytes, from: p, limit: lines.upperBound)
            defer { p = next }
            if end == p { continue }
            sink.sawContent = true
            do throws(HistoryError) {
                if plain, let c = columns {
                    guard fields.count >= c.width else { throw _tooFewFields(c, fields.count, n) }
                    if !(try _launch(b, fields.launchFields(c), n, &launches)) { sink.otherDeviceRows += 1 }
                    sink.report.rowsRead += 1
                } else if let kept = try _parse(b, p..<end, lineNumber: n, &launches) {
                    if !kept { sink.otherDeviceRows += 1 }
                    sink.report.rowsRead += 1
                }
            } catch {
                try sink.reject(error)
            }
        }
        return n
    }

    /// Splits a line with the general splitter (quotes, NUL bytes, the header), then reads it;
    /// `nil` for the header, else whether the row was kept (``_launch(_:_:_:_:)``).
    private mutating func _parse(
        _ line: Span<UInt8>, _ r: Range<Int>, lineNumber n: Int, _ launches: inout _ColumnGrouper
    ) throws(HistoryError) -> Bool? {
        guard splitter.split(line, r, separator: UInt8(ascii: ",")) else {
            throw HistoryError(.malformedRow, file: file, line: n, expected: "balanced double quotes")
        }
        if splitter.sawNUL { throw HistoryError(.nulByte, file: file, line: n, expected: "text without NUL bytes") }
        if let unquoted = splitter.unquoted { return try _split(unquoted.span, n, &launches) }
        return try _split(line, n, &launches)
    }

    /// Reads the fields in ``splitter`` (bounds into `b`): `nil` for the header.
    private mutating func _split(_ b: Span<UInt8>, _ n: Int, _ launches: inout _ColumnGrouper) throws(HistoryError) -> Bool? {
        guard let c = columns else {
            columns = try _CSVColumns(header: b, splitter, file: file, lineNumber: n)
            return nil
        }
        guard splitter.count >= c.width else { throw _tooFewFields(c, splitter.count, n) }
        return try _launch(b, splitter.launchFields(c), n, &launches)
    }

    private func _tooFewFields(_ c: _CSVColumns, _ count: Int, _ n: Int) -> HistoryError {
        HistoryError(.malformedRow, file: file, line: n, expected: "\(c.width) comma-separated fields, found \(count)")
    }

    /// Validates a row's fields and stores its launch; `false` (nothing else read) for a row of
    /// a device other than ``HistoryReadOptions/device``.
    @inline(__always)
    private mutating func _launch(
        _ b: Span<UInt8>, _ f: _LaunchFields, _ n: Int, _ launches: inout _ColumnGrouper
    ) throws(HistoryError) -> Bool {
        guard !f.device.isEmpty, let device = devices.intern(b, f.device) else { throw _nameError(f.device, "device", n) }
        if let onlyDevice {
            while keepsDevice.count <= device, keepsDevice.count < devices.strings.count {
                keepsDevice.append(devices.strings[keepsDevice.count] == onlyDevice)
            }
            guard keepsDevice.indices.contains(device), keepsDevice[device] else { return false }
        }
        guard !f.app.isEmpty, let app = apps.intern(b, f.app) else { throw _nameError(f.app, "app", n) }
        var offset: Int? = nil
        if let r = f.offset {
            guard let o = TimestampParser._parseOffsetField(b, r) else {
                throw HistoryError(.offsetOutOfRange, file: file, line: n, field: "utc_offset",
                                   expected: TimestampParser.offsetFieldDescription)
            }
            offset = o
        }
        var (instant, eventOffset) = (0.0, 0)
        if let fixed = TimestampParser._parseFixedISO(b, f.timestamp, recent: &recentStamp) {
            (instant, eventOffset) = fixed
        } else {
            var rule = defaultOffset
            if let z = f.zone {
                guard let zone = zones.zone(b, z) else {
                    throw HistoryError(.unknownZone, file: file, line: n, field: "zone", expected: "an IANA time zone such as America/New_York")
                }
                rule = rule.with(zone: zone)
            }
            (instant, eventOffset) = try _timestamp(b, f.timestamp, offset: offset, file: file, line: n, default: rule)
        }
        instant = try _checkedInstant(instant, file: file, line: n)
        var duration = Double.nan
        if let r = f.duration {
            guard let d = _DecimalField.parse(b, r), d >= 0 else {
                throw HistoryError(.malformedNumber, file: file, line: n, field: "duration", expected: "a non-negative number of seconds")
            }
            duration = d
        }
        if !launches.knows(device: device) { launches.addDevice(device, devices.strings[device]) }
        if !launches.knows(app: app) { launches.addApp(app, apps.strings[app]) }
        launches.append(device: device, app: app, instant: instant, utcOffsetSeconds: eventOffset, duration: duration)
        return true
    }

    /// Why name field `r` could not be interned: it is empty or not valid UTF-8.
    private func _nameError(_ r: Range<Int>, _ field: String, _ n: Int) -> HistoryError {
        guard !r.isEmpty else { return HistoryError(.emptyField, file: file, line: n, field: field, expected: "a non-empty \(field)") }
        return HistoryError(.invalidUTF8, file: file, line: n, field: field, expected: "valid UTF-8")
    }
}

/// Resolves a timestamp field: ISO with offset, or Unix seconds/milliseconds with the column's
/// offset, the row's or the reader's zone, or the default offset — else `missingOffset`.
func _timestamp(
    _ b: Span<UInt8>, _ r: Range<Int>, offset: Int?, file: String, line: Int, default defaultOffset: _DefaultOffset
) throws(HistoryError) -> (Double, Int) {
    if let iso = TimestampParser._parseISO(b, r), let o = iso.utcOffsetSeconds {
        return (iso.instant, o)
    }
    if let unix = TimestampParser._parseUnix(b, r) {
        return (unix, try _unixOffset(unix, offset, defaultOffset, file: file, line: line))
    }
    if let (_, end) = TimestampParser._parseWallClock(b, r), end < r.upperBound {
        throw HistoryError(.offsetOutOfRange, file: file, line: line, field: "timestamp",
                           expected: "a UTC offset within ±18:00 such as -04:00")
    }
    throw HistoryError(.malformedTimestamp, file: file, line: line, field: "timestamp",
                       expected: "ISO-8601 with a real calendar date and an offset (2013-03-24T08:31:23-04:00) or Unix seconds/milliseconds")
}

/// The offset of a Unix timestamp: the row's `utc_offset`, else the zone's or default offset,
/// else `missingOffset` naming the ways to give one (no silent UTC).
func _unixOffset(_ unix: Double, _ offset: Int?, _ rule: _DefaultOffset, file: String, line: Int) throws(HistoryError) -> Int {
    if let offset { return offset }
    if let o = rule.seconds(at: unix) { return o }
    // An instant outside the valid range is reported as such by the range check that follows.
    guard LocalClock.isValidInstant(unix) else { return 0 }
    throw HistoryError(.missingOffset, file: file, line: line, field: "timestamp",
                       expected: "a UTC offset for a Unix time: a utc_offset or zone column (field), --utc-offset or --zone")
}

/// ``_timestamp(_:_:offset:file:line:default:)`` over a whole byte array.
func _timestamp(_ bytes: [UInt8], offset: Int?, file: String, line: Int, default defaultOffset: _DefaultOffset) throws(HistoryError) -> (Double, Int) {
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
