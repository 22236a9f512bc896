import DeviceImport
import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport

@Suite struct FixtureImportTests {
    @Test func knowledgeC1014Has52FocusEventsInTwoOffsets() throws {
        let events = try KnowledgeC.launches(path: Fixtures.dataset("apple/knowledgec-10.14.db"), device: "mac")
        #expect(events.count == 52)
        #expect(Set(events.map(\.utcOffsetSeconds)) == [-28_800, -25_200])
        #expect(events.allSatisfy { $0.device == "mac" && !$0.app.isEmpty })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.instant <= $1.instant })
        // The DST change: every PST event precedes every PDT event.
        let lastPST = try #require(events.last { $0.utcOffsetSeconds == -28_800 })
        let firstPDT = try #require(events.first { $0.utcOffsetSeconds == -25_200 })
        #expect(lastPST.instant < firstPDT.instant)
    }

    @Test func knowledgeC1014FirstEventConvertsMacAbsoluteTime() throws {
        let events = try KnowledgeC.launches(path: Fixtures.dataset("apple/knowledgec-10.14.db"), device: "mac")
        let first = try #require(events.first)
        // sqlite3: the earliest /app/inFocus rows are com.apple.loginwindow 565366977–565366977 and
        // com.apple.Installer-Progress 565366977–565366979, both at −28800.
        #expect(first.instant == 565_366_977 + 978_307_200)
        #expect(first.app == "com.apple.loginwindow")
        #expect(first.durationSeconds == 0)
        #expect(events[1].app == "com.apple.Installer-Progress" && events[1].durationSeconds == 2)
        #expect(TimestampParser.formatISO(instant: first.instant, utcOffsetSeconds: first.utcOffsetSeconds) == "2018-12-01T06:22:57-08:00")
    }

    @Test func knowledgeC1013Has17FocusEventsAtUTC() throws {
        let events = try KnowledgeC.launches(path: Fixtures.dataset("apple/knowledgec-10.13.db"), device: "mac")
        #expect(events.count == 17)
        #expect(Set(events.map(\.utcOffsetSeconds)) == [0])
    }

    @Test func fixturesHaveNoPluggedInStream() throws {
        for name in ["apple/knowledgec-10.13.db", "apple/knowledgec-10.14.db"] {
            #expect(try KnowledgeC.pluggedIntervals(path: Fixtures.dataset(name), device: "mac").isEmpty)
        }
    }

    @Test func pluggedIntervalsKeepValueOneRows() throws {
        let path = try TestDatabases.knowledgeC([
            ("/device/isPluggedIn", nil, 1, 600_000_000, 600_003_600, 7200),
            ("/device/isPluggedIn", nil, 0, 600_003_600, 600_010_000, 7200),
            ("/device/isPluggedIn", nil, 1, 600_010_000, 600_020_000, 3600),
            ("/app/inFocus", "com.apple.Safari", nil, 600_000_100, 600_000_200, 7200),
        ])
        let intervals = try KnowledgeC.pluggedIntervals(path: path, device: "mbp")
        #expect(intervals == [
            PluggedInterval(device: "mbp", start: 1_578_307_200, end: 1_578_310_800, utcOffsetSeconds: 7200),
            PluggedInterval(device: "mbp", start: 1_578_317_200, end: 1_578_327_200, utcOffsetSeconds: 3600),
        ])
        #expect(PluggedInterval.csv(Array(intervals.prefix(1))) == "device,start,end\nmbp,2020-01-06T12:40:00+02:00,2020-01-06T13:40:00+02:00\n")
    }

    @Test func wellbeingReproducesTheCanonical809Launches() throws {
        let events = try Wellbeing.launches(path: Fixtures.dataset("android-wellbeing/app_usage.sqlite"), device: "wellbeing-pixel", utcOffsetSeconds: 0)
        let reference = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).allLaunches
        #expect(events.count == 809)
        #expect(reference.count == 809)
        for (mine, theirs) in zip(events, reference) {
            #expect(mine.device == theirs.device && mine.app == theirs.app && mine.utcOffsetSeconds == theirs.utcOffsetSeconds)
            // The reference CSV keeps whole seconds; the database has milliseconds.
            #expect(mine.instant.rounded(.down) == theirs.instant)
        }
    }

    @Test func wellbeingPairsDurationsAndKeepsExcludedWhenAsked() throws {
        let path = Fixtures.dataset("android-wellbeing/app_usage.sqlite")
        let events = try Wellbeing.launches(path: path, device: "p", utcOffsetSeconds: 3600)
        #expect(events.allSatisfy { $0.utcOffsetSeconds == 3600 })
        let withDuration = events.filter { $0.durationSeconds != nil }
        #expect(withDuration.count > 700)
        #expect(withDuration.allSatisfy { ($0.durationSeconds ?? -1) >= 0 })
        let everything = try Wellbeing.launches(path: path, device: "p", utcOffsetSeconds: 0, excluded: [])
        #expect(everything.count == 809 + everything.filter { ExcludedApps.defaults.contains($0.app) }.count)
        #expect(everything.contains { $0.app == "com.google.android.apps.nexuslauncher" })
    }

    @Test func screenTimeGivesTheHourlyTable() throws {
        let rows = try ScreenTime.hourlyUsage(path: Fixtures.dataset("apple/RMAdminStore-Local.sqlite"))
        // sqlite3: 1290 distinct (usage, app, block start) pairs over timed ∪ counted items.
        #expect(rows.count == 1290)
        #expect(rows.reduce(0) { $0 + $1.seconds } == 252_712)
        #expect(rows.reduce(0) { $0 + $1.pickups } == 146)
        #expect(rows.reduce(0) { $0 + $1.notifications } == 706)
        #expect(Set(rows.compactMap(\.device)) == ["iPhone", "This’s Mac"])
        #expect(rows.allSatisfy { $0.hourStart.truncatingRemainder(dividingBy: 3600) == 0 })
    }

    @Test func powerLogPredictionsHave16Slots() throws {
        let rows = try PowerLog.usagePredictions(path: Fixtures.dataset("apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL"), assumedUTCOffsetSeconds: 0)
        #expect(rows.count == 7)
        #expect(rows.allSatisfy { $0.slots.count == 16 })
        #expect(rows.first?.app == "com.apple.AppStore")
        #expect(rows.first?.utcOffsetSeconds == -14_400)
    }

    @Test func powerLogLaunchesComeFromForegroundTransitions() throws {
        let path = Fixtures.dataset("apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL")
        let events = try PowerLog.launches(path: path, device: "iphone", assumedUTCOffsetSeconds: 0)
        #expect(events.map(\.app) == ["com.apple.Preferences"])
        #expect(events.first?.utcOffsetSeconds == -18_000)
        // State-8 rows: SpringBoard at 1635848622, 1638748299 and 1639650888 with no other state in
        // between (already foreground: one transition, never ended), Preferences at 1639652688 after
        // its states 4 and 2.
        let all = try PowerLog.launches(path: path, device: "iphone", assumedUTCOffsetSeconds: 0, excluded: [])
        #expect(all.map(\.app) == ["com.apple.springboard", "com.apple.Preferences"])
        #expect(all.first.map { ($0.instant - 1_635_848_622.77021).magnitude < 1e-4 } == true)
        #expect(all.first?.durationSeconds == nil)
    }
}
