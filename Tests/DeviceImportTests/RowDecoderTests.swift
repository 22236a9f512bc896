import DeviceImport
import GRDB
import LaunchHistory
import Testing

/// The importers' row decoders on hand-built rows (no database): known answers, and impossible
/// cells reported with the file, table, row and column (the decoders the fuzz-*-rows targets drive).
@Suite struct RowDecoderTests {
    static let macEpoch = 978_307_200.0

    func object(_ rowid: Int, _ value: DatabaseValue, start: DatabaseValue, end: DatabaseValue, offset: DatabaseValue = 3600.databaseValue) -> KnowledgeC.ObjectRow {
        KnowledgeC.ObjectRow(rowid: rowid, value: value, start: start, end: end, secondsFromGMT: offset)
    }

    @Test func knowledgeCLaunchesConvertMacTimeAndSkipNulls() throws {
        let rows = [
            object(1, "com.a".databaseValue, start: 700_000_000.databaseValue, end: 700_000_030.5.databaseValue),
            object(2, "com.b".databaseValue, start: .null, end: 700_000_100.databaseValue),
            object(3, "com.c".databaseValue, start: 700_000_200.databaseValue, end: 700_000_100.databaseValue, offset: (-18_000).databaseValue),
        ]
        let events = try KnowledgeC.launches(rows: rows, file: "k.db", device: "d")
        #expect(events.map(\.app) == ["com.a", "com.c"])
        #expect(events[0].instant == 700_000_000 + Self.macEpoch)
        #expect(events[0].durationSeconds == 30.5)
        #expect(events[1].durationSeconds == nil)
        #expect(events[1].utcOffsetSeconds == -18_000)
    }

    @Test func knowledgeCPluggedKeepsValueOneWithEnd() throws {
        let rows = [
            object(1, 1.databaseValue, start: 700_000_000.databaseValue, end: 700_003_600.databaseValue),
            object(2, 0.databaseValue, start: 700_010_000.databaseValue, end: 700_013_600.databaseValue),
            object(3, 1.databaseValue, start: 700_020_000.databaseValue, end: .null),
        ]
        let intervals = try KnowledgeC.pluggedIntervals(rows: rows, file: "k.db", device: "d")
        #expect(intervals == [PluggedInterval(device: "d", start: 700_000_000 + Self.macEpoch, end: 700_003_600 + Self.macEpoch, utcOffsetSeconds: 3600)])
    }

    @Test func knowledgeCNamesRowAndColumnOfImpossibleValues() {
        let cases: [(KnowledgeC.ObjectRow, String)] = [
            (object(7, "a".databaseValue, start: 1e300.databaseValue, end: .null), "ZSTARTDATE"),
            (object(8, "a".databaseValue, start: 700_000_000.databaseValue, end: "soon".databaseValue), "ZENDDATE"),
            (object(9, "a".databaseValue, start: 700_000_000.databaseValue, end: .null, offset: Int64.min.databaseValue), "ZSECONDSFROMGMT"),
        ]
        for (row, column) in cases {
            #expect {
                try KnowledgeC.launches(rows: [row], file: "k.db", device: "d")
            } throws: { error in
                guard let e = error as? DeviceImportError else { return false }
                return e.code == .invalidValue && e.file == "k.db" && e.table == "ZOBJECT" && e.row == row.rowid && e.column == column
            }
        }
    }

    @Test func wellbeingPairsPauseByInstanceAndMergesRuns() throws {
        func event(_ id: Int, _ ms: Int64, _ type: Int64, _ package: String, _ instance: Int64) -> Wellbeing.EventRow {
            Wellbeing.EventRow(rowid: id, timestamp: ms.databaseValue, type: type.databaseValue, package: package.databaseValue, instance: instance.databaseValue)
        }
        let rows = [
            event(1, 1_650_000_000_000, 1, "com.a", 1),
            event(2, 1_650_000_010_000, 1, "com.a", 2),
            event(3, 1_650_000_020_500, 2, "com.a", 2),
            event(4, 1_650_000_030_000, 1, "com.b", 1),
        ]
        let events = try Wellbeing.launches(rows: rows, file: "w.db", device: "d", zone: .fixed(-14_400))
        #expect(events.map(\.app) == ["com.a", "com.b"])
        #expect(events[0].instant == 1_650_000_000)
        #expect(events[0].durationSeconds == 20.5)
        #expect(events[0].utcOffsetSeconds == -14_400)
        #expect(events[1].durationSeconds == nil)
    }

    @Test func powerLogTakesOffsetsFromTheTimeZoneRows() throws {
        func app(_ id: Int, _ t: Double, _ name: String, _ state: Int) -> PowerLog.ApplicationRow {
            PowerLog.ApplicationRow(rowid: id, timestamp: t.databaseValue, identifier: name.databaseValue, state: state.databaseValue)
        }
        let zones = [
            PowerLog.TimeZoneRow(rowid: 1, timestamp: 1_640_000_000.databaseValue, secondsFromGMT: 3600.databaseValue),
            PowerLog.TimeZoneRow(rowid: 2, timestamp: 1_640_001_000.databaseValue, secondsFromGMT: 7200.databaseValue),
        ]
        let rows = [app(1, 1_639_999_000, "com.a", 4), app(2, 1_639_999_500, "com.a", 8), app(3, 1_639_999_600, "com.a", 4),
                    app(4, 1_640_002_000, "com.b", 8)]
        let events = try PowerLog.launches(applicationRows: rows, timeZoneRows: zones, file: "p.PLSQL", device: "d", assumedUTCOffsetSeconds: 0)
        #expect(events.map(\.app) == ["com.a", "com.b"])
        #expect(events.map(\.utcOffsetSeconds) == [3600, 7200])
        #expect(events[0].durationSeconds == 100)
    }

    @Test func screenTimeMergesItemsAndNamesAnOverflowingCount() throws {
        let start = 700_000_000.databaseValue
        let timed = [ScreenTime.TimedRow(blockRowid: 1, start: start, usage: 5.databaseValue, app: "com.a".databaseValue, seconds: 90.5.databaseValue),
                     ScreenTime.TimedRow(blockRowid: 1, start: start, usage: 5.databaseValue, app: "com.a".databaseValue, seconds: 30.databaseValue)]
        func counted(_ item: Int, _ pickups: Int64) -> ScreenTime.CountedRow {
            ScreenTime.CountedRow(blockRowid: 1, itemRowid: item, start: start, usage: 5.databaseValue, app: "com.a".databaseValue,
                                  pickups: pickups.databaseValue, notifications: .null)
        }
        let rows = try ScreenTime.hourlyUsage(timed: timed, counted: [counted(10, 2), counted(11, 3)], deviceNames: [5: "iPhone"], file: "s.db")
        #expect(rows == [HourlyUsage(device: "iPhone", app: "com.a", hourStart: 700_000_000 + Self.macEpoch, seconds: 120.5, pickups: 5, notifications: 0)])
        #expect {
            try ScreenTime.hourlyUsage(timed: [], counted: [counted(10, .max), counted(12, 1)], deviceNames: [:], file: "s.db")
        } throws: { error in
            guard let e = error as? DeviceImportError else { return false }
            return e.code == .invalidValue && e.table == "ZUSAGECOUNTEDITEM" && e.row == 12 && e.column == "ZNUMBEROFPICKUPS"
        }
    }

    /// Two `ZUSAGE` keys without device names, same app and hour: ordered by key, not by
    /// Dictionary order (which changes from run to run).
    /// Regression (found by fuzz-screentime-rows' review): times of use of 1e308 summed to
    /// infinity and were written as `inf`, which Reveille cannot read back; NaN and negative
    /// times passed too. A time of use must be 0…3600 seconds (one hour block).
    @Test(arguments: [1e308, 3601, -1, Double.nan, Double.infinity])
    func screenTimeRefusesATimeOfUseOutsideAnHour(seconds: Double) {
        let row = ScreenTime.TimedRow(blockRowid: 4, start: 700_000_000.databaseValue, usage: 5.databaseValue,
                                      app: "com.a".databaseValue, seconds: seconds.databaseValue)
        #expect(throws: DeviceImportError.self) {
            _ = try ScreenTime.hourlyUsage(timed: [row, row], counted: [], deviceNames: [:], file: "s.db")
        }
        do {
            _ = try ScreenTime.hourlyUsage(timed: [row, row], counted: [], deviceNames: [:], file: "s.db")
        } catch {
            #expect(error.table == "ZUSAGETIMEDITEM" && error.column == "ZTOTALTIMEINSECONDS" && error.row == 4, "\(error)")
        }
    }

    @Test func screenTimeTiesAreOrderedByUsageKey() throws {
        func timed(_ usage: Int, _ seconds: Double) -> ScreenTime.TimedRow {
            ScreenTime.TimedRow(blockRowid: usage, start: 700_000_000.databaseValue, usage: usage.databaseValue, app: "com.a".databaseValue,
                                seconds: seconds.databaseValue)
        }
        for usages in [[1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1]] {
            let rows = try ScreenTime.hourlyUsage(timed: usages.map { timed($0, Double($0 * 10)) }, counted: [], deviceNames: [:], file: "s.db")
            #expect(rows.map(\.seconds) == [10, 20, 30, 40, 50, 60, 70, 80])
        }
    }

    /// Regression of fuzz-powerlog-rows: an offset of −15 s was accepted, written as `-00:00`, and
    /// the launch read back 15 s off (out of range at the 1990 limit). Offsets must be whole
    /// quarter hours, as a history's `utc_offset` must.
    @Test func offsetsThatAreNotWholeQuarterHoursAreRefused() {
        let expected = "seconds that are a whole quarter hour within ±18 h (±64800)"
        for offset: Int64 in [-15, 1, 3599, 64_799] {
            #expect {
                try KnowledgeC.launches(rows: [object(4, "a".databaseValue, start: 700_000_000.databaseValue, end: .null, offset: offset.databaseValue)],
                                        file: "k.db", device: "d")
            } throws: { error in
                (error as? DeviceImportError) == DeviceImportError(.invalidValue, file: "k.db", table: "ZOBJECT", row: 4, column: "ZSECONDSFROMGMT", expected: expected)
            }
            let zones = [PowerLog.TimeZoneRow(rowid: 6, timestamp: 1_640_000_000.databaseValue, secondsFromGMT: offset.databaseValue)]
            #expect {
                try PowerLog.usagePredictions(rows: [], timeZoneRows: zones, file: "p.PLSQL", assumedUTCOffsetSeconds: 0)
            } throws: { error in
                (error as? DeviceImportError) == DeviceImportError(.invalidValue, file: "p.PLSQL", table: PowerLog.timeZoneTable, row: 6, column: "SecondsFromGMT", expected: expected)
            }
        }
        #expect((try? KnowledgeC.launches(rows: [object(4, "a".databaseValue, start: 700_000_000.databaseValue, end: .null, offset: 20_700.databaseValue)],
                                          file: "k.db", device: "d"))?.first?.utcOffsetSeconds == 20_700)
    }
}
