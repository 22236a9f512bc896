import GRDB
import LaunchHistory
import ReveilleCore

extension PowerLog {
    /// One row of ``applicationTable`` as SQLite returned it: the cells, not yet checked.
    public struct ApplicationRow: Sendable, Hashable {
        /// The row's `rowid`, named in errors.
        public var rowid: Int?
        /// `timestamp`, Unix seconds.
        public var timestamp: DatabaseValue
        /// `Identifier`, the bundle id.
        public var identifier: DatabaseValue
        /// `State`, a BackBoardServices application state.
        public var state: DatabaseValue

        public init(rowid: Int?, timestamp: DatabaseValue, identifier: DatabaseValue, state: DatabaseValue) {
            self.rowid = rowid
            self.timestamp = timestamp
            self.identifier = identifier
            self.state = state
        }
    }

    /// One row of ``timeZoneTable`` as SQLite returned it.
    public struct TimeZoneRow: Sendable, Hashable {
        /// The row's `rowid`, named in errors.
        public var rowid: Int?
        /// `timestamp`, Unix seconds.
        public var timestamp: DatabaseValue
        /// `SecondsFromGMT`.
        public var secondsFromGMT: DatabaseValue

        public init(rowid: Int?, timestamp: DatabaseValue, secondsFromGMT: DatabaseValue) {
            self.rowid = rowid
            self.timestamp = timestamp
            self.secondsFromGMT = secondsFromGMT
        }
    }

    /// One row of ``predictionTable`` as SQLite returned it.
    public struct PredictionRow: Sendable, Hashable {
        /// The row's `rowid`, named in errors.
        public var rowid: Int?
        /// `timestamp`, Unix seconds.
        public var timestamp: DatabaseValue
        /// `applicationBundleID`.
        public var bundleID: DatabaseValue
        /// The `applicationPredictionArray_<k>` cells in order of k.
        public var slots: [DatabaseValue]

        public init(rowid: Int?, timestamp: DatabaseValue, bundleID: DatabaseValue, slots: [DatabaseValue]) {
            self.rowid = rowid
            self.timestamp = timestamp
            self.bundleID = bundleID
            self.slots = slots
        }
    }

    /// The launches of application-state rows given in `timestamp, ID` order, with offsets from
    /// the time-zone rows given in timestamp order (else `assumedUTCOffsetSeconds`). This is what
    /// ``launches(path:device:assumedUTCOffsetSeconds:excluded:)`` runs on the rows it queries;
    /// it needs no database. O(n log m).
    /// - Throws: ``DeviceImportError`` naming `file` — `.emptyStream` when no foreground transition
    ///   survives the exclusions, `.invalidValue` naming the table, row and column for a
    ///   `timestamp` outside 1990–2100 or not a number, or a `SecondsFromGMT` beyond ±18 h.
    public static func launches(
        applicationRows: [ApplicationRow], timeZoneRows: [TimeZoneRow], file: String, device: String,
        assumedUTCOffsetSeconds: Int?, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        let arrivals = try _arrivals(applicationRows, file: file)
        let zones = try _TimeZones(timeZoneRows, file: file, fallback: assumedUTCOffsetSeconds)
        let launches = _ForegroundRuns.launches(arrivals, device: device, offset: zones.offset(at:), excluded: excluded)
        guard !launches.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, table: applicationTable, expected: "at least one foreground (state 8) transition of a non-excluded app")
        }
        return launches
    }

    /// The predictions of prediction rows given in timestamp order (rows without a timestamp or
    /// bundle id skipped), offsets as in ``launches(applicationRows:timeZoneRows:file:device:assumedUTCOffsetSeconds:excluded:)``.
    /// - Throws: ``DeviceImportError`` naming `file` — `.emptyStream` when no row is usable,
    ///   `.invalidValue` for an impossible time or offset.
    public static func usagePredictions(
        rows: [PredictionRow], timeZoneRows: [TimeZoneRow], file: String, assumedUTCOffsetSeconds: Int?
    ) throws(DeviceImportError) -> [DASUsagePrediction] {
        let zones = try _TimeZones(timeZoneRows, file: file, fallback: assumedUTCOffsetSeconds)
        let check = _Checked(file: file, table: predictionTable)
        var predictions: [DASUsagePrediction] = []
        for row in rows {
            guard let t = try check.instant(row.timestamp, row: row.rowid, "timestamp"), let app = row.bundleID._string else { continue }
            predictions.append(DASUsagePrediction(app: app, instant: t, utcOffsetSeconds: zones.offset(at: t), slots: row.slots.map(\._int)))
        }
        guard !predictions.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, table: predictionTable, expected: "at least one prediction row")
        }
        return predictions
    }

    /// Foreground arrivals: a row entering state 8 after a different state of the same identifier,
    /// ended by that identifier's next non-foreground row.
    static func _arrivals(_ rows: [ApplicationRow], file: String) throws(DeviceImportError) -> [_Resume] {
        var arrivals: [_Resume] = []
        var open: [String: Int] = [:]
        var lastState: [String: Int] = [:]
        let check = _Checked(file: file, table: applicationTable)
        for row in rows {
            guard let t = try check.instant(row.timestamp, row: row.rowid, "timestamp"), let app = row.identifier._string,
                  let state = row.state._int else { continue }
            let previous = lastState.updateValue(state, forKey: app)
            if state == foregroundState {
                guard previous != foregroundState else { continue }
                open[app] = arrivals.count
                arrivals.append(_Resume(instant: t, app: app, end: nil))
            } else if let index = open.removeValue(forKey: app) {
                arrivals[index].end = t
            }
        }
        return arrivals
    }
}
