import DeviceImport
import Foundation
import Testing

@Suite struct DumpsysTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test func android10PrettyDumpGivesThreeLaunches() throws {
        let events = try DumpsysUsageStats.launches(path: Self.fixture("usagestats-android10.txt"), device: "pixel", utcOffsetSeconds: 7200)
        // Local 2023-06-01 08:00:09 at +02:00 = 06:00:09Z = 1685599209.
        #expect(events.map(\.app) == ["com.spotify.music", "com.whatsapp", "com.whatsapp"])
        #expect(events.map(\.instant) == [1_685_599_209, 1_685_599_280, 1_685_599_385])
        #expect(events.map(\.durationSeconds) == [63, 100, 55])
        #expect(events.allSatisfy { $0.utcOffsetSeconds == 7200 && $0.device == "pixel" })
    }

    /// Regression: a dump with CRLF line endings was read as one line ("\r\n" is one Swift
    /// Character, and the text was split on "\n"): 1 launch instead of 3, no durations, and a
    /// bad line's error named no line. CRLF gives what LF gives.
    @Test func crlfLineEndingsReadAsLF() throws {
        let text = try String(contentsOfFile: Self.fixture("usagestats-android10.txt"), encoding: .utf8)
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        let lf = try DumpsysUsageStats.launches(text: text, file: "lf", device: "pixel", zone: .fixed(7200))
        #expect(try DumpsysUsageStats.launches(text: crlf, file: "crlf", device: "pixel", zone: .fixed(7200)) == lf)
        #expect(lf.count == 3)
        let bad = "  time=\"2023-06-01 08:00:09\" type=ACTIVITY_RESUMED package=a\r\n  time=\"x\" type=ACTIVITY_RESUMED package=b\r\n"
        let error = #expect(throws: DeviceImportError.self) {
            try DumpsysUsageStats.launches(text: bad, file: "crlf", device: "pixel", zone: .fixed(7200))
        }
        #expect(error?.code == .malformedLine && error?.line == 2)
    }

    @Test func android9CompactDumpUsesMillisecondsAndMoveToForeground() throws {
        let events = try DumpsysUsageStats.launches(path: Self.fixture("usagestats-android9-compact.txt"), device: "s9", utcOffsetSeconds: 0)
        #expect(events.map(\.app) == ["com.android.chrome", "com.google.android.gm"])
        #expect(events.map(\.instant) == [1_559_376_000, 1_559_376_040.1])
        #expect(events.map(\.durationSeconds) == [30, 60])
    }

    @Test func keepingTheLauncherShowsIt() throws {
        let events = try DumpsysUsageStats.launches(path: Self.fixture("usagestats-android9-compact.txt"), device: "s9", utcOffsetSeconds: 0, excluded: [])
        #expect(events.count == 3)
        #expect(events[1].app == "com.sec.android.app.launcher")
    }

    @Test func malformedTimeNamesTheLine() {
        let text = "events\n  time=\"2023-06-01 25:99:00\" type=ACTIVITY_RESUMED package=com.whatsapp\n"
        do {
            _ = try DumpsysUsageStats.launches(text: text, file: "dump.txt", device: "d", utcOffsetSeconds: 0)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedLine && error.line == 2)
        }
    }

    @Test func dumpWithoutForegroundEventsIsEmpty() {
        do {
            _ = try DumpsysUsageStats.launches(text: "user=0\n  time=1 type=SCREEN_INTERACTIVE package=android\n", file: "d.txt", device: "d", utcOffsetSeconds: 0)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .emptyStream)
        }
    }
}
