/// Reads launch histories from files or standard input (`-`), streaming in chunks.
///
/// Rows are validated strictly: the first invalid row throws a ``HistoryError`` naming file, line,
/// field and what was expected — unless ``HistoryReadOptions/skipInvalid`` is set, in which case
/// it is counted in ``IngestReport`` and skipped. Rows are then grouped by device, sorted by
/// instant (stably) and exact duplicates dropped.
public enum HistoryReader {
    /// Reads `path` (or standard input for `-`).
    public static func read(path: String, options: HistoryReadOptions = .init()) throws(HistoryError) -> LaunchHistory {
        var source = try LineSource(path: path)
        let format = options.format ?? HistoryFormat.guess(path: path)
        var sink = _RowSink(file: path, skipInvalid: options.skipInvalid)
        switch format {
        case .csv:
            var parser = CanonicalCSVParser(file: path, defaultOffset: options.defaultUTCOffsetSeconds)
            try _drive(&source, &sink, checkNUL: false) { buffer, r, n throws(HistoryError) in
                try parser.parse(buffer.span, r, lineNumber: n)
            }
        case .jsonl:
            let parser = JSONLinesParser(file: path, defaultOffset: options.defaultUTCOffsetSeconds)
            try _drive(&source, &sink) { buffer, r, n throws(HistoryError) in try parser.parse(buffer[r], lineNumber: n) }
        case .lsapp:
            var parser = LSAppParser(file: path, utcOffsetSeconds: options.defaultUTCOffsetSeconds)
            try _drive(&source, &sink) { buffer, r, n throws(HistoryError) in try parser.parse(buffer[r], lineNumber: n) }
        }
        guard sink.sawContent else {
            throw HistoryError(.emptyFile, file: path, expected: format == .jsonl ? "at least one JSON line" : "a header and rows")
        }
        return LaunchHistory(grouped: sink.grouped, report: sink.report)
    }

    @inline(__always)
    private static func _drive(
        _ source: inout LineSource, _ sink: inout _RowSink, checkNUL: Bool = true,
        _ parse: (borrowing [UInt8], Range<Int>, Int) throws(HistoryError) -> RowOutcome
    ) throws(HistoryError) {
        while let line = try source.nextLineRange() {
            let n = source.lineNumber
            if line.isEmpty { continue }
            sink.sawContent = true
            do throws(HistoryError) {
                if checkNUL, _containsNUL(source.buffer.span, line) {
                    throw HistoryError(.nulByte, file: sink.file, line: n, expected: "text without NUL bytes")
                }
                try sink.accept(try parse(source.buffer, line, n))
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

struct _RowSink {
    let file: String
    let skipInvalid: Bool
    private var grouper = _DeviceGrouper()
    var report = IngestReport()
    var sawContent = false

    init(file: String, skipInvalid: Bool) {
        self.file = file
        self.skipInvalid = skipInvalid
    }

    mutating func accept(_ outcome: RowOutcome) throws(HistoryError) {
        switch outcome {
        case .header: return
        case .launch(let e): report.rowsRead += 1; grouper.append(e)
        case .notALaunch: report.rowsRead += 1; report.nonLaunchRows += 1
        }
    }

    /// Events per device in input order, devices in order of first appearance.
    var grouped: [(device: String, events: [LaunchEvent])] { grouper.grouped }

    mutating func reject(_ error: HistoryError) throws(HistoryError) {
        // Header problems and empty files are never skippable: nothing after them can be read.
        guard skipInvalid, error.code != .missingColumn, let line = error.line else { throw error }
        report.rowsRead += 1
        report.recordSkip(line: line, reason: error.description)
    }
}
