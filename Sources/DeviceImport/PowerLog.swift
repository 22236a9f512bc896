import GRDB
import LaunchHistory
import ReveilleCore

/// One row of PowerLog's DAS (Duet Activity Scheduler) application-usage prediction table.
public struct DASUsagePrediction: Sendable, Hashable, Codable {
    /// Bundle identifier the prediction is for.
    public var app: String
    /// When PowerLog recorded it, Unix seconds.
    public var instant: Double
    /// UTC offset in effect (from PowerLog's time-zone table, else the assumed offset).
    public var utcOffsetSeconds: Int
    /// The `applicationPredictionArray_0…N` values in slot order (NULL → nil). Apple does not
    /// document their meaning; they are DAS's own per-slot usage forecast for the app.
    public var slots: [Int?]

    public init(app: String, instant: Double, utcOffsetSeconds: Int, slots: [Int?]) {
        self.app = app
        self.instant = instant
        self.utcOffsetSeconds = utcOffsetSeconds
        self.slots = slots
    }

    /// CSV `app,timestamp,slot0,…,slotN` (N = the widest row); NULL slots are empty fields.
    public static func csv(_ rows: [DASUsagePrediction]) -> String {
        let width = rows.map(\.slots.count).max() ?? 0
        var out = "app,timestamp" + (0..<width).map { ",slot\($0)" }.joined() + "\n"
        for r in rows {
            out += CSVText.field(r.app) + "," + TimestampParser.formatISO(instant: r.instant, utcOffsetSeconds: r.utcOffsetSeconds)
            for i in 0..<width { out += "," + (i < r.slots.count ? r.slots[i].map(String.init) ?? "" : "") }
            out += "\n"
        }
        return out
    }
}

/// Reader for iOS PowerLog databases (`CurrentPowerlog.PLSQL`, `powerlog_*.PLSQL`).
///
/// **Launches** come from `PLApplicationAgent_EventForward_Application` (`timestamp` Unix seconds,
/// `Identifier`, `State`): a row entering state 8 (`ForegroundRunning`, BackBoardServices'
/// application states: 1 terminated, 2 suspended, 4 background running, 8 foreground) after a
/// different state of the same identifier is a foreground arrival; its next non-foreground row ends
/// it. Arrivals then follow the same run rule as the Android readers, with excluded apps
/// (SpringBoard) dropped. The table samples state changes of all processes including extensions,
/// so it is sparse: it holds few foreground transitions per day.
/// **Offsets** come from `PLLocaleAgent_EventForward_TimeZone.SecondsFromGMT` (the latest row at or
/// before each event, else the first), falling back to the caller's assumed offset.
/// PowerLog's clock-correction table (`PLStorageOperator_EventForward_TimeOffset`) is not applied.
/// **Predictions** come from `PLDuetService_EventForward_DASApplicationUsagePrediction`.
public enum PowerLog {
    /// The application-state table.
    public static let applicationTable = "PLApplicationAgent_EventForward_Application"
    /// The DAS usage-prediction table.
    public static let predictionTable = "PLDuetService_EventForward_DASApplicationUsagePrediction"
    /// The time-zone history table.
    public static let timeZoneTable = "PLLocaleAgent_EventForward_TimeZone"
    /// BackBoardServices `ForegroundRunning`.
    public static let foregroundState = 8

    /// Launches from foreground transitions, sorted by time.
    /// - Throws: ``DeviceImportError`` — `.missingTable`/`.missingColumn` for the application table,
    ///   `.emptyStream` when no foreground transition survives the exclusions, `.invalidValue`
    ///   naming the table, row and column for a `timestamp` outside 1990–2100 or a
    ///   `SecondsFromGMT` beyond ±18 h.
    public static func launches(
        path: String, device: String, assumedUTCOffsetSeconds: Int?, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        try _EvidenceDatabase.using(path) { db throws(DeviceImportError) in
            try launches(in: db, device: device, assumedUTCOffsetSeconds: assumedUTCOffsetSeconds, excluded: excluded)
        }
    }

    /// ``launches(path:device:assumedUTCOffsetSeconds:excluded:)`` on an open evidence database.
    static func launches(
        in db: _EvidenceDatabase, device: String, assumedUTCOffsetSeconds: Int?, excluded: Set<String>
    ) throws(DeviceImportError) -> [LaunchEvent] {
        let (applicationRows, timeZoneRows) = try db.read { conn in
            try _Schema.require(conn, table: applicationTable, columns: ["ID", "timestamp", "Identifier", "State"], file: db.file)
            let rows = try Row.fetchAll(conn, sql: "SELECT rowid AS _rowid, timestamp, Identifier, State FROM \(applicationTable) ORDER BY timestamp, ID")
            return (rows.map { ApplicationRow(rowid: $0._int("_rowid"), timestamp: $0._value("timestamp"), identifier: $0._value("Identifier"), state: $0._value("State")) },
                    try _TimeZones.rows(conn))
        }
        return try launches(applicationRows: applicationRows, timeZoneRows: timeZoneRows, file: db.file, device: device,
                            assumedUTCOffsetSeconds: assumedUTCOffsetSeconds, excluded: excluded)
    }

    /// The DAS application-usage predictions, in table order.
    /// - Throws: ``DeviceImportError`` — `.missingTable`/`.missingColumn` for the prediction table,
    ///   `.emptyStream` when it has no rows, `.invalidValue` as ``launches(path:device:assumedUTCOffsetSeconds:excluded:)``.
    public static func usagePredictions(path: String, assumedUTCOffsetSeconds: Int?) throws(DeviceImportError) -> [DASUsagePrediction] {
        try _EvidenceDatabase.using(path) { db throws(DeviceImportError) in
            try usagePredictions(in: db, assumedUTCOffsetSeconds: assumedUTCOffsetSeconds)
        }
    }

    /// ``usagePredictions(path:assumedUTCOffsetSeconds:)`` on an open evidence database.
    static func usagePredictions(in db: _EvidenceDatabase, assumedUTCOffsetSeconds: Int?) throws(DeviceImportError) -> [DASUsagePrediction] {
        let (rows, timeZoneRows) = try db.read { conn in
            let columns = try _Schema.require(conn, table: predictionTable, columns: ["timestamp", "applicationBundleID"], file: db.file)
            let slots = _slotColumns(columns)
            let timeZoneRows = try _TimeZones.rows(conn)
            let rows = try Row.fetchAll(conn, sql: "SELECT rowid AS _rowid, * FROM \(predictionTable) ORDER BY timestamp").map { row in
                PredictionRow(rowid: row._int("_rowid"), timestamp: row._value("timestamp"), bundleID: row._value("applicationBundleID"),
                              slots: slots.map { row._value($0) })
            }
            return (rows, timeZoneRows)
        }
        return try usagePredictions(rows: rows, timeZoneRows: timeZoneRows, file: db.file, assumedUTCOffsetSeconds: assumedUTCOffsetSeconds)
    }

    /// `APPLICATIONPREDICTIONARRAY_<k>` columns ordered by k.
    static func _slotColumns(_ columns: Set<String>) -> [String] {
        let prefix = "APPLICATIONPREDICTIONARRAY_"
        return columns.compactMap { c -> (Int, String)? in
            guard c.hasPrefix(prefix), let k = Int(c.dropFirst(prefix.count)) else { return nil }
            return (k, c)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// PowerLog's time-zone history: `SecondsFromGMT` by time.
struct _TimeZones {
    private var changes: [(instant: Double, offset: Int)] = []
    /// The offset used when no row gives one (the initializer required it then).
    private let fallback: Int

    /// The rows of PowerLog's time-zone table in timestamp order; none when the table or its
    /// `timestamp`/`SecondsFromGMT` columns are absent.
    static func rows(_ db: Database) throws -> [PowerLog.TimeZoneRow] {
        guard try db.tableExists(PowerLog.timeZoneTable) else { return [] }
        let columns = Set(try db.columns(in: PowerLog.timeZoneTable).map { $0.name.uppercased() })
        guard columns.contains("TIMESTAMP"), columns.contains("SECONDSFROMGMT") else { return [] }
        return try Row.fetchAll(db, sql: "SELECT rowid AS _rowid, timestamp, SecondsFromGMT FROM \(PowerLog.timeZoneTable) ORDER BY timestamp").map {
            PowerLog.TimeZoneRow(rowid: $0._int("_rowid"), timestamp: $0._value("timestamp"), secondsFromGMT: $0._value("SecondsFromGMT"))
        }
    }

    /// - Throws: `.invalidValue` naming the row for a time outside 1990–2100 or an offset beyond
    ///   ±18 h (NULLs are skipped).
    /// - Throws: also `.missingOffset` when no row gives an offset and there is no `fallback`.
    init(_ rows: [PowerLog.TimeZoneRow], file: String, fallback: Int?) throws(DeviceImportError) {
        let check = _Checked(file: file, table: PowerLog.timeZoneTable)
        for row in rows {
            guard let t = try check.instant(row.timestamp, row: row.rowid, "timestamp"),
                  let o = try check.offset(row.secondsFromGMT, row: row.rowid, "SecondsFromGMT") else { continue }
            changes.append((t, o))
        }
        guard let resolved = fallback ?? changes.first?.offset else {
            throw DeviceImportError(.missingOffset, file: file, table: PowerLog.timeZoneTable,
                                    expected: "a time-zone row (timestamp, SecondsFromGMT) or the device's UTC offset (--utc-offset ±HH:MM)")
        }
        self.fallback = resolved
    }

    /// The offset of the latest change at or before `instant`, else the first change, else the fallback.
    /// O(log n).
    func offset(at instant: Double) -> Int {
        guard let first = changes.first else { return fallback }
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].instant <= instant { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? first.offset : changes[lo - 1].offset
    }
}
