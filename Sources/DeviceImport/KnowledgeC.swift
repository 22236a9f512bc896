import GRDB
import LaunchHistory
import ReveilleCore

/// A time interval during which a device was plugged in to power (knowledgeC `/device/isPluggedIn`
/// rows whose value is 1), for charging-aware planning.
public struct PluggedInterval: Sendable, Hashable, Codable {
    /// Device identifier.
    public var device: String
    /// Start, Unix seconds (UTC).
    public var start: Double
    /// End, Unix seconds (UTC); `end ≥ start`.
    public var end: Double
    /// UTC offset in effect at `start` (from `ZSECONDSFROMGMT`), seconds east.
    public var utcOffsetSeconds: Int

    public init(device: String, start: Double, end: Double, utcOffsetSeconds: Int) {
        self.device = device
        self.start = start
        self.end = end
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// `end − start`, seconds.
    public var durationSeconds: Double { end - start }

    /// CSV `device,start,end` with ISO-8601 times in each interval's own offset.
    public static func csv(_ intervals: [PluggedInterval]) -> String {
        var out = "device,start,end\n"
        for i in intervals {
            out += CSVText.field(i.device) + ","
            out += TimestampParser.formatISO(instant: i.start, utcOffsetSeconds: i.utcOffsetSeconds) + ","
            out += TimestampParser.formatISO(instant: i.end, utcOffsetSeconds: i.utcOffsetSeconds) + "\n"
        }
        return out
    }
}

/// Reader for macOS/iOS CoreDuet `knowledgeC.db` stores (table `ZOBJECT`).
///
/// Each `/app/inFocus` row is one foreground interval of an app: bundle id in `ZVALUESTRING`,
/// start/end in `ZSTARTDATE`/`ZENDDATE` (Mac absolute time, seconds since 2001-01-01 UTC; Unix =
/// value + 978 307 200), and the UTC offset in effect in `ZSECONDSFROMGMT`, per row — so a DST change
/// inside the file is honoured. Columns are discovered with `PRAGMA table_info`; version-specific
/// prefixed columns (`Z8_…`, `Z9_…`, `ZLOCALCREATIONDATE`) are never used.
public enum KnowledgeC {
    /// The stream of foreground app intervals.
    public static let appInFocusStream = "/app/inFocus"
    /// The stream of power-connection intervals.
    public static let pluggedInStream = "/device/isPluggedIn"

    static let _required = ["ZSTREAMNAME", "ZVALUESTRING", "ZSTARTDATE", "ZENDDATE", "ZSECONDSFROMGMT"]

    /// Every `/app/inFocus` row as a launch at `ZSTARTDATE` with duration `ZENDDATE − ZSTARTDATE`
    /// (nil when the end is missing or earlier than the start), sorted by start (then row id).
    ///
    /// Rows with a NULL bundle id, start or offset are skipped. Complexity: one indexed scan of
    /// `ZOBJECT`, O(n log n) for the ordering.
    /// - Throws: ``DeviceImportError`` — `.missingTable` `ZOBJECT`, `.missingColumn`, `.emptyStream`
    ///   when no usable `/app/inFocus` row exists, `.invalidValue` naming the row and column when a
    ///   start or end lies outside the years 1990–2100 or an offset beyond ±18 h (corrupt
    ///   evidence), or the open errors of any evidence file.
    public static func launches(path: String, device: String) throws(DeviceImportError) -> [LaunchEvent] {
        try _EvidenceDatabase.using(path) { db throws(DeviceImportError) in try launches(in: db, device: device) }
    }

    /// ``launches(path:device:)`` on an open evidence database.
    static func launches(in db: _EvidenceDatabase, device: String) throws(DeviceImportError) -> [LaunchEvent] {
        try launches(rows: try _rows(db, stream: appInFocusStream, valueColumn: "ZVALUESTRING"), file: db.file, device: device)
    }

    /// The `/device/isPluggedIn` intervals whose value (`ZVALUEINTEGER`) is 1, sorted by start.
    /// Returns an empty array when the store has no such stream (many do not, including both
    /// public fixtures); rows without an end are skipped.
    /// - Throws: ``DeviceImportError`` for an unopenable file, a `ZOBJECT` without the needed
    ///   columns, or `.invalidValue` as ``launches(path:device:)``.
    public static func pluggedIntervals(path: String, device: String) throws(DeviceImportError) -> [PluggedInterval] {
        try _EvidenceDatabase.using(path) { db throws(DeviceImportError) in try pluggedIntervals(in: db, device: device) }
    }

    /// ``pluggedIntervals(path:device:)`` on an open evidence database.
    static func pluggedIntervals(in db: _EvidenceDatabase, device: String) throws(DeviceImportError) -> [PluggedInterval] {
        try pluggedIntervals(rows: try _rows(db, stream: pluggedInStream, valueColumn: "ZVALUEINTEGER"), file: db.file, device: device)
    }

    /// The `ZOBJECT` rows of `stream` in start order (then `Z_PK` when present).
    static func _rows(_ db: _EvidenceDatabase, stream: String, valueColumn: String) throws(DeviceImportError) -> [ObjectRow] {
        try db.read { conn in
            let columns = try _Schema.require(conn, table: "ZOBJECT", columns: _required + [valueColumn], file: db.file)
            let order = columns.contains("Z_PK") ? "ZSTARTDATE, Z_PK" : "ZSTARTDATE"
            let sql = """
                SELECT rowid AS _rowid, \(valueColumn) AS value, ZSTARTDATE, ZENDDATE, ZSECONDSFROMGMT FROM ZOBJECT
                WHERE ZSTREAMNAME = ? ORDER BY \(order)
                """
            return try Row.fetchAll(conn, sql: sql, arguments: [stream]).map { row in
                ObjectRow(rowid: row._int("_rowid"), value: row._value("value"), start: row._value("ZSTARTDATE"),
                          end: row._value("ZENDDATE"), secondsFromGMT: row._value("ZSECONDSFROMGMT"))
            }
        }
    }
}
