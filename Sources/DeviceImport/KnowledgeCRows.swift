import GRDB
import LaunchHistory
import ReveilleCore

extension KnowledgeC {
    /// One `ZOBJECT` row of a stream as SQLite returned it: the cells, not yet checked.
    ///
    /// ``launches(path:device:)`` and ``pluggedIntervals(path:device:)`` query these rows and
    /// decode them with ``launches(rows:file:device:)`` and ``pluggedIntervals(rows:file:device:)``,
    /// which need no database (so they can be tested and fuzzed on their own).
    public struct ObjectRow: Sendable, Hashable {
        /// The row's `rowid`, named in errors.
        public var rowid: Int?
        /// `ZVALUESTRING` (the bundle id) for `/app/inFocus`, `ZVALUEINTEGER` for `/device/isPluggedIn`.
        public var value: DatabaseValue
        /// `ZSTARTDATE`, Mac absolute time.
        public var start: DatabaseValue
        /// `ZENDDATE`, Mac absolute time.
        public var end: DatabaseValue
        /// `ZSECONDSFROMGMT`.
        public var secondsFromGMT: DatabaseValue

        public init(rowid: Int?, value: DatabaseValue, start: DatabaseValue, end: DatabaseValue, secondsFromGMT: DatabaseValue) {
            self.rowid = rowid
            self.value = value
            self.start = start
            self.end = end
            self.secondsFromGMT = secondsFromGMT
        }
    }

    /// The launches of `/app/inFocus` rows given in start order: each row with a bundle id, start
    /// and offset is a launch at its start, with duration `end − start` (nil when the end is
    /// missing or earlier). O(n).
    /// - Throws: ``DeviceImportError`` naming `file` — `.emptyStream` when no row is usable,
    ///   `.invalidValue` naming the row and column for a start or end outside 1990–2100, a
    ///   non-numeric time or an offset beyond ±18 h.
    public static func launches(rows: [ObjectRow], file: String, device: String) throws(DeviceImportError) -> [LaunchEvent] {
        let events = try _intervals(rows, file: file).compactMap { r -> LaunchEvent? in
            guard let app = r.row.value._string, !app.isEmpty else { return nil }
            let duration = r.end.map { $0 - r.start }.flatMap { $0 >= 0 ? $0 : nil }
            return LaunchEvent(device: device, app: app, instant: r.start, utcOffsetSeconds: r.offset, durationSeconds: duration)
        }
        guard !events.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, table: "ZOBJECT", expected: "at least one '\(appInFocusStream)' row with a bundle id and start date")
        }
        return events
    }

    /// The intervals of `/device/isPluggedIn` rows given in start order whose value is 1 and whose
    /// end is known and not before the start. O(n).
    /// - Throws: `.invalidValue` as ``launches(rows:file:device:)``.
    public static func pluggedIntervals(rows: [ObjectRow], file: String, device: String) throws(DeviceImportError) -> [PluggedInterval] {
        try _intervals(rows, file: file).compactMap { r -> PluggedInterval? in
            guard r.row.value._int == 1, let end = r.end, end >= r.start else { return nil }
            return PluggedInterval(device: device, start: r.start, end: end, utcOffsetSeconds: r.offset)
        }
    }

    struct _Interval {
        let row: ObjectRow
        let start: Double
        let end: Double?
        let offset: Int
    }

    /// Rows with a start and an offset, times converted to Unix seconds; NULL start or offset skips
    /// the row, an impossible value throws.
    static func _intervals(_ rows: [ObjectRow], file: String) throws(DeviceImportError) -> [_Interval] {
        let check = _Checked(file: file, table: "ZOBJECT")
        var intervals: [_Interval] = []
        for row in rows {
            guard let start = try check.instant(row.start, row: row.rowid, "ZSTARTDATE", _AppleTime.unix(macAbsolute:)),
                  let offset = try check.offset(row.secondsFromGMT, row: row.rowid, "ZSECONDSFROMGMT") else { continue }
            let end = try check.instant(row.end, row: row.rowid, "ZENDDATE", _AppleTime.unix(macAbsolute:))
            intervals.append(_Interval(row: row, start: start, end: end, offset: offset))
        }
        return intervals
    }
}
