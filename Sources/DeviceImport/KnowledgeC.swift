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
        let rows = try _intervals(path: path, stream: appInFocusStream, valueColumn: "ZVALUESTRING")
        let events = rows.compactMap { r -> LaunchEvent? in
            guard let app = r.row._string("ZVALUESTRING"), !app.isEmpty else { return nil }
            let duration = r.end.map { $0 - r.start }.flatMap { $0 >= 0 ? $0 : nil }
            return LaunchEvent(device: device, app: app, instant: r.start, utcOffsetSeconds: r.offset, durationSeconds: duration)
        }
        guard !events.isEmpty else {
            throw DeviceImportError(.emptyStream, file: path, table: "ZOBJECT", expected: "at least one '\(appInFocusStream)' row with a bundle id and start date")
        }
        return events
    }

    /// The `/device/isPluggedIn` intervals whose value (`ZVALUEINTEGER`) is 1, sorted by start.
    /// Returns an empty array when the store has no such stream (many do not, including both
    /// public fixtures); rows without an end are skipped.
    /// - Throws: ``DeviceImportError`` for an unopenable file, a `ZOBJECT` without the needed
    ///   columns, or `.invalidValue` as ``launches(path:device:)``.
    public static func pluggedIntervals(path: String, device: String) throws(DeviceImportError) -> [PluggedInterval] {
        let rows = try _intervals(path: path, stream: pluggedInStream, valueColumn: "ZVALUEINTEGER")
        return rows.compactMap { r -> PluggedInterval? in
            guard r.row._int("ZVALUEINTEGER") == 1, let end = r.end, end >= r.start else { return nil }
            return PluggedInterval(device: device, start: r.start, end: end, utcOffsetSeconds: r.offset)
        }
    }

    struct _Interval {
        let row: Row
        let start: Double
        let end: Double?
        let offset: Int
    }

    static func _intervals(path: String, stream: String, valueColumn: String) throws(DeviceImportError) -> [_Interval] {
        let db = try _EvidenceDatabase(path: path)
        defer { db.close() }
        return try db.read { conn in
            let columns = try _Schema.require(conn, table: "ZOBJECT", columns: _required + [valueColumn], file: path)
            let order = columns.contains("Z_PK") ? "ZSTARTDATE, Z_PK" : "ZSTARTDATE"
            let sql = """
                SELECT rowid AS _rowid, \(valueColumn), ZSTARTDATE, ZENDDATE, ZSECONDSFROMGMT FROM ZOBJECT
                WHERE ZSTREAMNAME = ? ORDER BY \(order)
                """
            let check = _Checked(file: path, table: "ZOBJECT")
            var intervals: [_Interval] = []
            for row in try Row.fetchAll(conn, sql: sql, arguments: [stream]) {
                guard let start = try check.instant(row, "ZSTARTDATE", _AppleTime.unix(macAbsolute:)),
                      let offset = try check.offset(row, "ZSECONDSFROMGMT") else { continue }
                let end = try check.instant(row, "ZENDDATE", _AppleTime.unix(macAbsolute:))
                intervals.append(_Interval(row: row, start: start, end: end, offset: offset))
            }
            return intervals
        }
    }
}
