import GRDB
import LaunchHistory
import ReveilleCore

extension Wellbeing {
    /// One `events` row joined with its `packages.package_name`, as SQLite returned it.
    public struct EventRow: Sendable, Hashable {
        /// The event's `rowid`, named in errors.
        public var rowid: Int?
        /// `events.timestamp`, Unix milliseconds.
        public var timestamp: DatabaseValue
        /// `events.type`.
        public var type: DatabaseValue
        /// `packages.package_name`.
        public var package: DatabaseValue
        /// `events.instance_id` (NULL when the table has no such column).
        public var instance: DatabaseValue

        public init(rowid: Int?, timestamp: DatabaseValue, type: DatabaseValue, package: DatabaseValue, instance: DatabaseValue) {
            self.rowid = rowid
            self.timestamp = timestamp
            self.type = type
            self.package = package
            self.instance = instance
        }
    }

    /// The launches of event rows given in `timestamp, _id` order, each with `zone`'s offset at its
    /// instant. This is what ``launches(path:device:zone:excluded:)`` runs on the rows it queries;
    /// it needs no database. O(n).
    /// - Throws: ``DeviceImportError`` naming `file` — `.emptyStream` when no type-1 event is
    ///   usable, `.invalidValue` naming the row of a `timestamp` outside 1990–2100 or not a number.
    public static func launches(
        rows: [EventRow], file: String, device: String, zone: AppUsageCSV.Zone, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        let arrivals = try _paired(rows, file: file)
        guard !arrivals.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, table: "events", expected: "at least one type-1 (ACTIVITY_RESUMED) event")
        }
        return _ForegroundRuns.launches(arrivals, device: device, offset: zone.offset(at:), excluded: excluded)
    }

    /// Resumes with their ends: the first type 2/23 after a resume with the same package and
    /// instance id closes it.
    static func _paired(_ rows: [EventRow], file: String) throws(DeviceImportError) -> [_Resume] {
        var arrivals: [_Resume] = []
        var open: [String: Int] = [:]
        let check = _Checked(file: file, table: "events")
        for row in rows {
            guard let instant = try check.instant(row.timestamp, row: row.rowid, "timestamp", { $0 / 1000 }),
                  let type = row.type._int, let package = row.package._string else { continue }
            let key = row.instance._int.map { "\(package)#\($0)" }
            if type == resumedType {
                if let key { open[key] = arrivals.count }
                arrivals.append(_Resume(instant: instant, app: package, end: nil))
            } else if let key, let index = open.removeValue(forKey: key) {
                arrivals[index].end = instant
            }
        }
        return arrivals
    }
}
