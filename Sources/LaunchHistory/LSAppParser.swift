import ReveilleCore

/// The public LSApp dataset's TSV (Aliannejadi et al., "Context-aware target apps selection and
/// recommendation for enhancing personal mobile assistants", 2021): columns `user_id`,
/// `session_id`, `timestamp` (local wall clock `YYYY-MM-DD HH:MM:SS`), `app_name`, `event_type`.
/// A launch is an `Opened` row; other event types are counted as non-launch rows. The file holds
/// no time zone, so the reader's default zone or offset applies (`--zone`, `--utc-offset` in the
/// CLI; without either the file is refused). A header row is optional and detected by its
/// `user_id` first field.
struct LSAppParser {
    let file: String
    let offset: _DefaultOffset
    private var interner = _ByteInterner()
    private var sawFirstRow = false

    init(file: String, offset: _DefaultOffset) {
        self.file = file
        self.offset = offset
    }

    mutating func parse(_ line: ArraySlice<UInt8>, lineNumber n: Int) throws(HistoryError) -> RowOutcome {
        let fields = FieldSplitter.split(line, separator: UInt8(ascii: "\t")) ?? [line]
        if !sawFirstRow {
            sawFirstRow = true
            if let first = fields.first, first.elementsEqual("user_id".utf8) { return .header }
        }
        guard fields.count >= 5 else {
            throw HistoryError(.malformedRow, file: file, line: n,
                               expected: "5 tab-separated fields (user_id, session_id, timestamp, app_name, event_type)")
        }
        guard fields[4].elementsEqual("Opened".utf8) else { return .notALaunch }
        guard let user = interner.string(fields[0]), !user.isEmpty else {
            throw HistoryError(.emptyField, file: file, line: n, field: "user_id", expected: "a non-empty UTF-8 user id")
        }
        guard let app = interner.string(fields[3]), !app.isEmpty else {
            throw HistoryError(.emptyField, file: file, line: n, field: "app_name", expected: "a non-empty UTF-8 app name")
        }
        guard let local = TimestampParser.parseLocal(fields[2], 0), let (instant, utcOffsetSeconds) = offset.resolve(local: local) else {
            throw HistoryError(.malformedTimestamp, file: file, line: n, field: "timestamp",
                               expected: "local wall-clock time YYYY-MM-DD HH:MM:SS")
        }
        _ = try _checkedInstant(instant, file: file, line: n)
        return .launch(LaunchEvent(device: "lsapp-" + user, app: app, instant: instant, utcOffsetSeconds: utcOffsetSeconds))
    }
}
