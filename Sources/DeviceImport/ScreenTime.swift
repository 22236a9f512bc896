import GRDB
import LaunchHistory
import ReveilleCore

/// One app's usage within one hour block of iOS Screen Time.
public struct HourlyUsage: Sendable, Hashable, Codable {
    /// Device name from `ZCOREDEVICE.ZNAME`, when the store links one; else `nil`.
    public var device: String?
    /// Bundle identifier.
    public var app: String
    /// Start of the hour block, Unix seconds (UTC).
    public var hourStart: Double
    /// Foreground seconds in the block (`ZUSAGETIMEDITEM.ZTOTALTIMEINSECONDS`, summed over categories).
    public var seconds: Double
    /// Pickups that went first to this app (`ZUSAGECOUNTEDITEM.ZNUMBEROFPICKUPS`).
    public var pickups: Int
    /// Notifications delivered by this app (`ZUSAGECOUNTEDITEM.ZNUMBEROFNOTIFICATIONS`).
    public var notifications: Int

    public init(device: String?, app: String, hourStart: Double, seconds: Double, pickups: Int, notifications: Int) {
        self.device = device
        self.app = app
        self.hourStart = hourStart
        self.seconds = seconds
        self.pickups = pickups
        self.notifications = notifications
    }

    /// CSV `device,app,hourStart,seconds,pickups,notifications`; `hourStart` is ISO-8601 written in
    /// `utcOffsetSeconds` (the store keeps no zone); an unknown device is an empty field.
    public static func csv(_ rows: [HourlyUsage], utcOffsetSeconds: Int) -> String {
        var out = "device,app,hourStart,seconds,pickups,notifications\n"
        for r in rows {
            out += CSVText.field(r.device ?? "") + "," + CSVText.field(r.app) + ","
            out += TimestampParser.formatISO(instant: r.hourStart, utcOffsetSeconds: utcOffsetSeconds)
            out += ",\(_formatNumber(r.seconds)),\(r.pickups),\(r.notifications)\n"
        }
        return out
    }
}

/// Reader for iOS Screen Time `RMAdminStore-Local.sqlite` / `-Cloud.sqlite` stores.
///
/// **What it gives:** per hour block (`ZUSAGEBLOCK.ZSTARTDATE`, Mac absolute time) and app, the
/// foreground seconds (`ZUSAGETIMEDITEM` through `ZUSAGECATEGORY`), pickups and notifications
/// (`ZUSAGECOUNTEDITEM`) — an hourly prior of how much each app is used.
/// **What it cannot give:** individual launch times or counts of launches (pickups count only the
/// first app after unlocking), a time zone (block starts are UTC instants), or web-domain usage as an
/// app (rows with `ZDOMAIN` and no bundle id are left out).
public enum ScreenTime {
    /// The hourly usage table, merged over categories and sorted by hour, device, app.
    /// Complexity: O(n log n) in the number of timed and counted items.
    /// - Throws: ``DeviceImportError`` — `.missingTable`/`.missingColumn` naming the Screen Time table,
    ///   `.emptyStream` when no block has app usage, `.invalidValue` naming the table, row and
    ///   column for a block start outside 1990–2100 or a pickup or notification count that is
    ///   negative, not an integer or overflows when summed, or the evidence-open errors.
    public static func hourlyUsage(path: String) throws(DeviceImportError) -> [HourlyUsage] {
        try _EvidenceDatabase.using(path) { db throws(DeviceImportError) in try hourlyUsage(in: db) }
    }

    /// ``hourlyUsage(path:)`` on an open evidence database.
    static func hourlyUsage(in db: _EvidenceDatabase) throws(DeviceImportError) -> [HourlyUsage] {
        let (timed, counted, devices) = try db.read { conn in try _rows(conn, file: db.file) }
        return try hourlyUsage(timed: timed, counted: counted, deviceNames: devices, file: db.file)
    }

    /// The timed and counted items with their blocks, and the device names, as queried.
    static func _rows(_ db: Database, file: String) throws -> ([TimedRow], [CountedRow], [Int: String]) {
        try _Schema.require(db, table: "ZUSAGEBLOCK", columns: ["Z_PK", "ZSTARTDATE", "ZUSAGE"], file: file)
        try _Schema.require(db, table: "ZUSAGECATEGORY", columns: ["Z_PK", "ZBLOCK"], file: file)
        try _Schema.require(db, table: "ZUSAGETIMEDITEM", columns: ["ZCATEGORY", "ZBUNDLEIDENTIFIER", "ZTOTALTIMEINSECONDS"], file: file)
        try _Schema.require(db, table: "ZUSAGECOUNTEDITEM", columns: ["ZBLOCK", "ZBUNDLEIDENTIFIER", "ZNUMBEROFPICKUPS", "ZNUMBEROFNOTIFICATIONS"], file: file)
        let devices = try _deviceNames(db)
        let timed = try Row.fetchAll(db, sql: """
            SELECT b.rowid AS _rowid, b.ZSTARTDATE AS start, b.ZUSAGE AS usage, t.ZBUNDLEIDENTIFIER AS app, t.ZTOTALTIMEINSECONDS AS secs
            FROM ZUSAGETIMEDITEM t JOIN ZUSAGECATEGORY c ON c.Z_PK = t.ZCATEGORY JOIN ZUSAGEBLOCK b ON b.Z_PK = c.ZBLOCK
            WHERE t.ZBUNDLEIDENTIFIER IS NOT NULL
            """).map { row in
            TimedRow(blockRowid: row._int("_rowid"), start: row._value("start"), usage: row._value("usage"),
                     app: row._value("app"), seconds: row._value("secs"))
        }
        let counted = try Row.fetchAll(db, sql: """
            SELECT b.rowid AS _rowid, i.rowid AS _item, b.ZSTARTDATE AS start, b.ZUSAGE AS usage, i.ZBUNDLEIDENTIFIER AS app,
                   i.ZNUMBEROFPICKUPS AS pickups, i.ZNUMBEROFNOTIFICATIONS AS notes
            FROM ZUSAGECOUNTEDITEM i JOIN ZUSAGEBLOCK b ON b.Z_PK = i.ZBLOCK
            WHERE i.ZBUNDLEIDENTIFIER IS NOT NULL
            """).map { row in
            CountedRow(blockRowid: row._int("_rowid"), itemRowid: row._int("_item"), start: row._value("start"), usage: row._value("usage"),
                       app: row._value("app"), pickups: row._value("pickups"), notifications: row._value("notes"))
        }
        return (timed, counted, devices)
    }

    /// `ZUSAGE.Z_PK → ZCOREDEVICE.ZNAME`, when both tables exist; else empty.
    static func _deviceNames(_ db: Database) throws -> [Int: String] {
        guard try db.tableExists("ZUSAGE"), try db.tableExists("ZCOREDEVICE") else { return [:] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT u.Z_PK AS usage, d.ZNAME AS name FROM ZUSAGE u JOIN ZCOREDEVICE d ON d.Z_PK = u.ZDEVICE
            """)
        var names: [Int: String] = [:]
        for row in rows {
            if let usage = row._int("usage"), let name = row._string("name") { names[usage] = name }
        }
        return names
    }
}

/// Integral values without a fraction, others in shortest round-trip form.
func _formatNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
