import DeviceImport
import Foundation
import Testing

/// The fixture `app-usage-export.csv` was written by hand from the export's documented layout
/// (`App,Date,Time,Duration`, newest first, 12-hour local times); no real export is shipped.
@Suite struct AppUsageCSVTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/app-usage-export.csv").path
    static let newYork = AppUsageCSV.Zone.named(TimeZone(identifier: "America/New_York")!)

    @Test func exportGivesSevenLaunchesAcrossTheSpringForward() throws {
        let events = try AppUsageCSV.launches(path: Self.fixture, device: "pixel", zone: Self.newYork)
        #expect(events.map(\.app) == ["Chrome", "Chrome", "Chrome", "WhatsApp", "Spotify", "Gmail", "Messages, by Google"])
        // 2023-03-11 08:00:05 EST = 1678539605; 2023-03-12 03:30 EDT = 1678606200.
        #expect(events.map(\.instant) == [1_678_539_605, 1_678_539_795, 1_678_544_104, 1_678_544_170, 1_678_604_340, 1_678_606_200, 1_678_672_800])
        #expect(events.map(\.utcOffsetSeconds) == [-18_000, -18_000, -18_000, -18_000, -18_000, -14_400, -14_400])
        #expect(events.map(\.durationSeconds) == [180, 30, 60, 300, 600, 45, 20])
    }

    @Test func launcherRowSplitsARunButScreenOnDoesNot() throws {
        let text = """
            App name,Date,Time,Duration
            Maps,6/1/2023,10:00:00,0:01:00
            Screen on (unlocked),6/1/2023,09:59:00,0:00:00
            Maps,6/1/2023,09:58:00,1:00
            Pixel Launcher,6/1/2023,09:57:30,0:10
            Maps,6/1/2023,09:57:00,0:20
            """
        let events = try AppUsageCSV.launches(text: text, file: "t.csv", device: "d", zone: .fixed(3600))
        #expect(events.count == 2)
        #expect(events.map(\.durationSeconds) == [20, 180])
        #expect(events.allSatisfy { $0.utcOffsetSeconds == 3600 })
    }

    @Test(arguments: [
        ("App,Date,Time,Duration\nChrome,13/1/2023,9:00:00 AM,0:00:10", "Date", 2),
        ("App,Date,Time,Duration\nChrome,2/30/2023,9:00:00 AM,0:00:10", "Date", 2),
        ("App,Date,Time,Duration\nChrome,1/1/2023,13:00:00 PM,0:00:10", "Time", 2),
        ("App,Date,Time,Duration\nA,1/1/2023,9:00:00,0:00:01\nChrome,1/1/2023,9:00:00,0:75:10", "Duration", 3),
        ("App,Date,Time,Duration\nChrome,1/1/2023,9:00:00", "Duration", 2),
    ])
    func malformedFieldNamesLineAndColumn(text: String, column: String, line: Int) {
        do {
            _ = try AppUsageCSV.launches(text: text, file: "x.csv", device: "d", zone: .fixed(0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedLine && error.column == column && error.line == line)
        }
    }

    @Test func missingHeaderColumnAndOutOfRangeYearAreTyped() {
        #expect(throws: DeviceImportError(.missingColumn, file: "x.csv", column: "Duration", line: 1,
                                          expected: "a header App,Date,Time,Duration")) {
            try AppUsageCSV.launches(text: "App,Date,Time\n", file: "x.csv", device: "d", zone: .fixed(0))
        }
        do {
            _ = try AppUsageCSV.launches(text: "App,Date,Time,Duration\nChrome,1/1/1985,9:00:00,0:01", file: "x.csv", device: "d", zone: .fixed(0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidValue && error.line == 2)
        }
    }

    @Test func onlyScreenRowsIsAnEmptyStream() {
        let text = "App,Date,Time,Duration\nScreen on (unlocked),1/1/2023,9:00:00,0:00\nScreen off (locked),1/1/2023,9:01:00,0:00\n"
        do {
            _ = try AppUsageCSV.launches(text: text, file: "x.csv", device: "d", zone: .fixed(0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .emptyStream)
        }
    }

    @Test func wallTimesAroundDaylightSavingChanges() {
        // 2023-11-05 01:30 occurs twice in New York: the first (EDT, 05:30Z) is taken.
        #expect(Self.newYork.instant(local: 1_699_147_800) == 1_699_162_200)
        // 2023-03-12 02:30 does not occur: read with EST, it lands at 03:30 EDT (07:30Z).
        #expect(Self.newYork.instant(local: 1_678_588_200) == 1_678_606_200)
    }
}
