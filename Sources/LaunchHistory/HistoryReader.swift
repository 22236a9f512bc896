import ReveilleCore

/// Reads launch histories from files or standard input (`-`), streaming in chunks.
///
/// Rows are validated strictly: the first invalid row throws a ``HistoryError`` naming file, line,
/// field and what was expected — unless ``HistoryReadOptions/skipInvalid`` is set, in which case
/// it is counted in ``IngestReport`` and skipped. Rows are then grouped by device, sorted by
/// instant (stably) and exact duplicates dropped.
///
/// An input with no launch at all (a header only, only non-launch rows, or every row skipped as
/// invalid) is an error too (`.noLaunches`): nothing could be learned from it. With
/// ``HistoryReadOptions/device``, an input with launches of other devices only is an empty
/// history instead.
public enum HistoryReader {
    /// The longest line accepted, in bytes (1 MiB; a launch row is well under 1 KiB). A longer
    /// line is rejected with `.lineTooLong` naming it, so reading stays bounded in memory.
    public static let maximumLineBytes = 1 << 20

    /// Reads `path` (or standard input for `-`).
    public static func read(path: String, options: HistoryReadOptions = .init()) throws(HistoryError) -> LaunchHistory {
        var source = try LineSource(path: path)
        return try read(&source, path: path, options: options)
    }

    /// Reads `bytes` held in memory as if they were the file `path` (named in errors; its
    /// extension picks the format when ``HistoryReadOptions/format`` is `nil`): the same parsing,
    /// errors and result as ``read(path:options:)`` on a file with these bytes.
    public static func read(bytes: [UInt8], path: String, options: HistoryReadOptions = .init()) throws(HistoryError) -> LaunchHistory {
        var source = LineSource(bytes: bytes, path: path, firstLineNumber: 1)
        return try read(&source, path: path, options: options)
    }

    /// Reads lines from `source`, reporting errors against `path`.
    static func read(_ source: inout LineSource, path: String, options: HistoryReadOptions) throws(HistoryError) -> LaunchHistory {
        let format = options.format ?? HistoryFormat.guess(path: path)
        var sink = _RowSink(file: path, skipInvalid: options.skipInvalid, device: options.device)
        var grouper = _ColumnGrouper()
        switch format {
        case .csv:
            var parser = CanonicalCSVParser(file: path, defaultOffset: options.defaultOffset, device: options.device)
            try parser.read(&source, &sink, into: &grouper)
        case .jsonl:
            let parser = JSONLinesParser(file: path, defaultOffset: options.defaultOffset)
            try _drive(&source, &sink, &grouper) { buffer, r, n throws(HistoryError) in try parser.parse(buffer[r], lineNumber: n) }
        case .lsapp:
            guard options.defaultOffset.isKnown else {
                throw HistoryError(.missingOffset, file: path,
                                   expected: "a UTC offset for LSApp's wall-clock times (the file stores none): --utc-offset ±HH:MM or --zone Area/City")
            }
            var parser = LSAppParser(file: path, offset: options.defaultOffset)
            try _drive(&source, &sink, &grouper) { buffer, r, n throws(HistoryError) in try parser.parse(buffer[r], lineNumber: n) }
        }
        guard sink.sawContent else {
            throw HistoryError(.emptyFile, file: path, expected: format == .jsonl ? "at least one JSON line" : "a header and rows")
        }
        let history = LaunchHistory(grouper: &grouper, report: sink.report)
        guard history.report.launches > 0 || sink.otherDeviceRows > 0 else { throw _noLaunches(path, sink.report) }
        return history
    }

    private static func _noLaunches(_ path: String, _ report: IngestReport) -> HistoryError {
        var found = "found none"
        if report.skippedInvalid > 0 {
            found += " (\(report.skippedInvalid) invalid rows skipped, the first at line \(report.skippedLines[0]): \(report.firstSkipReason ?? ""))"
        } else if report.nonLaunchRows > 0 {
            found += " (\(report.nonLaunchRows) rows that are not launches)"
        }
        return HistoryError(.noLaunches, file: path, expected: "at least one valid launch row; \(found)")
    }

    private static func _drive(
        _ source: inout LineSource, _ sink: inout _RowSink, _ grouper: inout _ColumnGrouper,
        _ parse: (borrowing [UInt8], Range<Int>, Int) throws(HistoryError) -> RowOutcome
    ) throws(HistoryError) {
        while let line = try source.nextLineRange() {
            let n = source.lineNumber
            if line.isEmpty { continue }
            sink.sawContent = true
            do throws(HistoryError) {
                if _containsNUL(source.buffer.span, line) {
                    throw HistoryError(.nulByte, file: sink.file, line: n, expected: "text without NUL bytes")
                }
                switch try parse(source.buffer, line, n) {
                case .header: break
                case .launch(let e):
                    sink.report.rowsRead += 1
                    if sink.keeps(e.device) { grouper.append(e) }
                case .notALaunch: sink.report.rowsRead += 1; sink.report.nonLaunchRows += 1
                }
            } catch {
                try sink.reject(error)
            }
        }
    }
}

func _containsNUL(_ b: Span<UInt8>, _ r: Range<Int>) -> Bool {
    for i in r where b[i] == 0 { return true }
    return false
}

/// What a parser made of one line.
enum RowOutcome {
    case header
    case launch(LaunchEvent)
    case notALaunch
}

/// What reading has found so far, and the skip-or-throw rule for invalid rows.
struct _RowSink {
    let file: String
    let skipInvalid: Bool
    /// ``HistoryReadOptions/device``.
    let device: String?
    var report = IngestReport()
    var sawContent = false
    /// Rows of devices other than ``device``, read and dropped.
    var otherDeviceRows = 0

    init(file: String, skipInvalid: Bool, device: String? = nil) {
        self.file = file
        self.skipInvalid = skipInvalid
        self.device = device
    }

    /// Whether a launch of `device` is kept (counting it among ``otherDeviceRows`` if not).
    mutating func keeps(_ device: String) -> Bool {
        guard let wanted = self.device, wanted != device else { return true }
        otherDeviceRows += 1
        return false
    }

    mutating func reject(_ error: HistoryError) throws(HistoryError) {
        // Header problems and empty files are never skippable: nothing after them can be read.
        guard skipInvalid, error.code != .missingColumn, error.code != .duplicateColumn, let line = error.line else { throw error }
        report.rowsRead += 1
        report.recordSkip(line: line, reason: error.description)
    }
}
