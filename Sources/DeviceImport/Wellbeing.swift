import GRDB
import LaunchHistory
import ReveilleCore

/// Reader for Android Digital Wellbeing `app_usage` databases (tables `events`, `packages`).
///
/// `events.timestamp` is Unix milliseconds (UTC); the database stores no time zone, so the caller
/// supplies the offset to assume. Event types used: 1 = `ACTIVITY_RESUMED` (foreground arrival),
/// 2 = `ACTIVITY_PAUSED` and 23 = `ACTIVITY_STOPPED` (ends, paired with a resume through the same
/// package and `instance_id`). Launches follow ``_ForegroundRuns``: consecutive resumes of one package
/// are one launch; excluded packages are dropped afterwards. An event without a package name (a
/// NULL `package_name`, or a `package_id` no `packages` row holds) is skipped, as the other
/// importers skip rows with a NULL bundle id.
public enum Wellbeing {
    /// `ACTIVITY_RESUMED`.
    public static let resumedType = 1
    /// `ACTIVITY_PAUSED` and `ACTIVITY_STOPPED`.
    public static let endTypes = [2, 23]

    /// The launches in the database, sorted by time.
    ///
    /// - Parameters:
    ///   - device: device identifier written into each event.
    ///   - utcOffsetSeconds: the offset assumed for every event (the database has none).
    ///   - excluded: packages dropped after runs are merged (default ``ExcludedApps/defaults``).
    /// - Returns: launches with durations where a pause/stop pairs with the run's resumes.
    /// - Throws: ``DeviceImportError`` — `.missingTable`/`.missingColumn` naming `events` or
    ///   `packages`, `.emptyStream` when no type-1 event exists, `.invalidValue` naming the row of a
    ///   `timestamp` outside 1990–2100, or the evidence-open errors.
    ///   Complexity O(n) after SQLite's ordered scan.
    public static func launches(
        path: String, device: String, utcOffsetSeconds: Int, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        try launches(path: path, device: device, zone: .fixed(utcOffsetSeconds), excluded: excluded)
    }

    /// As ``launches(path:device:utcOffsetSeconds:excluded:)`` with each launch given `zone`'s
    /// offset at its instant (a named zone follows its daylight-saving changes).
    public static func launches(
        path: String, device: String, zone: AppUsageCSV.Zone, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        try _EvidenceDatabase.using(path) { db throws(DeviceImportError) in try launches(in: db, device: device, zone: zone, excluded: excluded) }
    }

    /// ``launches(path:device:zone:excluded:)`` on an open evidence database.
    static func launches(in db: _EvidenceDatabase, device: String, zone: AppUsageCSV.Zone, excluded: Set<String>) throws(DeviceImportError) -> [LaunchEvent] {
        try launches(rows: try _rows(db), file: db.file, device: device, zone: zone, excluded: excluded)
    }

    /// The type 1, 2 and 23 events joined with their package names, in `timestamp, _id` order.
    static func _rows(_ db: _EvidenceDatabase) throws(DeviceImportError) -> [EventRow] {
        try db.read { conn in
            let columns = try _Schema.require(conn, table: "events", columns: ["_id", "timestamp", "type", "package_id"], file: db.file)
            try _Schema.require(conn, table: "packages", columns: ["_id", "package_name"], file: db.file)
            let instance = columns.contains("INSTANCE_ID") ? "e.instance_id" : "NULL"
            return try Row.fetchAll(conn, sql: """
                SELECT e.rowid AS _rowid, e.timestamp AS ts, e.type AS type, p.package_name AS package, \(instance) AS instance
                FROM events e JOIN packages p ON p._id = e.package_id
                WHERE e.type IN (1, 2, 23) ORDER BY e.timestamp, e._id
                """).map { row in
                EventRow(rowid: row._int("_rowid"), timestamp: row._value("ts"), type: row._value("type"),
                         package: row._value("package"), instance: row._value("instance"))
            }
        }
    }
}
