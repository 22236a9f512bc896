import GRDB
import LaunchHistory
import ReveilleCore

extension ScreenTime {
    /// One `ZUSAGETIMEDITEM` joined with its category's `ZUSAGEBLOCK`, as SQLite returned it.
    public struct TimedRow: Sendable, Hashable {
        /// The block's `rowid`, named in errors.
        public var blockRowid: Int?
        /// `ZUSAGEBLOCK.ZSTARTDATE`, Mac absolute time.
        public var start: DatabaseValue
        /// `ZUSAGEBLOCK.ZUSAGE` (the key of the device name).
        public var usage: DatabaseValue
        /// `ZBUNDLEIDENTIFIER`.
        public var app: DatabaseValue
        /// `ZTOTALTIMEINSECONDS`.
        public var seconds: DatabaseValue

        public init(blockRowid: Int?, start: DatabaseValue, usage: DatabaseValue, app: DatabaseValue, seconds: DatabaseValue) {
            self.blockRowid = blockRowid
            self.start = start
            self.usage = usage
            self.app = app
            self.seconds = seconds
        }
    }

    /// One `ZUSAGECOUNTEDITEM` joined with its `ZUSAGEBLOCK`, as SQLite returned it.
    public struct CountedRow: Sendable, Hashable {
        /// The block's `rowid`, named in errors about the block start.
        public var blockRowid: Int?
        /// The item's `rowid`, named in errors about its counts.
        public var itemRowid: Int?
        /// `ZUSAGEBLOCK.ZSTARTDATE`, Mac absolute time.
        public var start: DatabaseValue
        /// `ZUSAGEBLOCK.ZUSAGE`.
        public var usage: DatabaseValue
        /// `ZBUNDLEIDENTIFIER`.
        public var app: DatabaseValue
        /// `ZNUMBEROFPICKUPS`.
        public var pickups: DatabaseValue
        /// `ZNUMBEROFNOTIFICATIONS`.
        public var notifications: DatabaseValue

        public init(blockRowid: Int?, itemRowid: Int?, start: DatabaseValue, usage: DatabaseValue, app: DatabaseValue,
                    pickups: DatabaseValue, notifications: DatabaseValue) {
            self.blockRowid = blockRowid
            self.itemRowid = itemRowid
            self.start = start
            self.usage = usage
            self.app = app
            self.pickups = pickups
            self.notifications = notifications
        }
    }

    /// The hourly usage table of queried rows: seconds summed per (usage, app, hour) over the
    /// timed rows, then pickups and notifications over the counted rows, sorted by hour, device,
    /// app (then `ZUSAGE` key); `deviceNames` maps `ZUSAGE` keys to device names. This is what ``hourlyUsage(path:)``
    /// runs on the rows it queries; it needs no database. O(n log n).
    /// - Throws: ``DeviceImportError`` naming `file` — `.emptyStream` when no row is usable,
    ///   `.invalidValue` naming the table, row and column for a block start outside 1990–2100, a
    ///   time of use that is not a number of seconds in 0…3600 (the row is the block's), or a
    ///   pickup or notification count that is negative, not an integer or overflows when summed.
    public static func hourlyUsage(timed: [TimedRow], counted: [CountedRow], deviceNames: [Int: String],
                                   file: String) throws(DeviceImportError) -> [HourlyUsage] {
        var merged: [_Key: HourlyUsage] = [:]
        let blocks = _Checked(file: file, table: "ZUSAGEBLOCK")
        let timedItems = _Checked(file: file, table: "ZUSAGETIMEDITEM")
        for row in timed {
            guard let (key, device) = try _key(row.start, row.usage, row.app, row: row.blockRowid, deviceNames, blocks) else { continue }
            let seconds = try timedItems.number(row.seconds, row: row.blockRowid, "ZTOTALTIMEINSECONDS") ?? 0
            guard (0...3600).contains(seconds) else {
                throw timedItems.error(row.blockRowid, "ZTOTALTIMEINSECONDS", "seconds of use within one hour block (0…3600)")
            }
            merged[key, default: _empty(key, device)].seconds += seconds
        }
        let items = _Checked(file: file, table: "ZUSAGECOUNTEDITEM")
        for row in counted {
            guard let (key, device) = try _key(row.start, row.usage, row.app, row: row.blockRowid, deviceNames, blocks) else { continue }
            var usage = merged[key] ?? _empty(key, device)
            usage.pickups = try items.sum(usage.pickups, try items.count(row.pickups, row: row.itemRowid, "ZNUMBEROFPICKUPS"),
                                          row: row.itemRowid, "ZNUMBEROFPICKUPS")
            usage.notifications = try items.sum(usage.notifications, try items.count(row.notifications, row: row.itemRowid, "ZNUMBEROFNOTIFICATIONS"),
                                                row: row.itemRowid, "ZNUMBEROFNOTIFICATIONS")
            merged[key] = usage
        }
        // Ties (two ZUSAGE keys without a device name) are ordered by the key: Dictionary order
        // differs from run to run.
        let rows = merged.sorted {
            ($0.value.hourStart, $0.value.device ?? "", $0.value.app, $0.key.usage) < ($1.value.hourStart, $1.value.device ?? "", $1.value.app, $1.key.usage)
        }.map(\.value)
        guard !rows.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, table: "ZUSAGEBLOCK", expected: "at least one hour block with app usage")
        }
        return rows
    }

    struct _Key: Hashable {
        let usage: Int
        let app: String
        let hourStart: Double
    }

    static func _key(_ start: DatabaseValue, _ usage: DatabaseValue, _ app: DatabaseValue, row: Int?,
                     _ devices: [Int: String], _ blocks: _Checked) throws(DeviceImportError) -> (_Key, String?)? {
        guard let start = try blocks.instant(start, row: row, "ZSTARTDATE", _AppleTime.unix(macAbsolute:)),
              let app = app._string, !app.isEmpty else { return nil }
        let usage = usage._int ?? -1
        return (_Key(usage: usage, app: app, hourStart: start), devices[usage])
    }

    static func _empty(_ key: _Key, _ device: String?) -> HourlyUsage {
        HourlyUsage(device: device, app: key.app, hourStart: key.hourStart, seconds: 0, pickups: 0, notifications: 0)
    }
}
