import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing

/// `explain` on a clock with a zone: America/New_York springs forward on 2024-03-10 at 02:00
/// (−05:00 → −04:00). Mail is opened at 08:00 local every day of the two weeks before 2024-03-09;
/// 2024-03-09…11 are explained.
@Suite struct AppExplainerZoneTests {
    static let est = -18_000, edt = -14_400
    /// 2024-03-09 as days since 1970-01-01.
    static let firstDay = 19_791
    static let newYork = DeviceClock(zone: TimeZone(identifier: "America/New_York"), fixedOffsetSeconds: est)

    static func explain(clock: DeviceClock) throws -> AppExplanation {
        let launches = (firstDay - 14..<firstDay).map { day in
            LaunchEvent(device: "d", app: "mail", instant: LocalClock.startOfDay(day, utcOffsetSeconds: est) + 8 * 3600, utcOffsetSeconds: est)
        }
        let source = DevicePlanningSource(device: "d", model: nil, launches: launches[...])
        return try AppExplainer(budgetPerDay: 12).explain(app: "mail", source: source, firstDay: firstDay, clock: clock, days: 3)
    }

    /// Minutes since local midnight of an ISO-8601 time's wall clock (`…T06:15:00-05:00` → 375).
    static func wallClockMinutes(_ iso: String) -> Int? {
        let chars = Array(iso)
        guard chars.count >= 16, let h = Int(String(chars[11..<13])), let m = Int(String(chars[14..<16])) else { return nil }
        return h * 60 + m
    }

    @Test func theDayAfterSpringForwardStartsAtLocalMidnightWithTheNewOffset() throws {
        let e = try Self.explain(clock: Self.newYork)
        try #require(e.days.count == 3)
        #expect(e.utcOffsetSeconds == Self.est)
        #expect(e.days.map(\.start) == ["2024-03-09T00:00:00-05:00", "2024-03-10T00:00:00-05:00", "2024-03-11T00:00:00-04:00"])
        #expect(e.days[2].startUnix == LocalClock.startOfDay(Self.firstDay + 2, utcOffsetSeconds: Self.edt))
        // The 23-hour day ends where the next begins.
        #expect(e.days[2].startUnix - e.days[1].startUnix == 23 * 3600)
    }

    @Test func windowsAfterTheChangeKeepTheirWallClockTimeUnderTheNewOffset() throws {
        let e = try Self.explain(clock: Self.newYork)
        try #require(e.days.count == 3)
        let before = try #require(e.days[0].windows.first), after = try #require(e.days[2].windows.first)
        #expect(before.at.hasSuffix("-05:00") && after.at.hasSuffix("-04:00"))
        #expect(before.at.prefix(10) == "2024-03-09" && after.at.prefix(10) == "2024-03-11")
        // The habit is at 08:00 on the local clock: the wake is at about the same wall-clock time
        // (within one 15-minute slot: later days rest on older evidence), before the habit.
        let b = try #require(Self.wallClockMinutes(before.at)), a = try #require(Self.wallClockMinutes(after.at))
        #expect(abs(a - b) <= 15 && a < 8 * 60)
        #expect(e.days[1].windows.allSatisfy { $0.at.hasPrefix("2024-03-10T") && $0.at.hasSuffix("-04:00") })
    }

    @Test func aFixedOffsetClockIsTheFixedOffsetExplanation() throws {
        let fixed = DeviceClock(zone: nil, fixedOffsetSeconds: Self.est)
        let e = try Self.explain(clock: fixed)
        #expect(e.days.map(\.start) == ["2024-03-09T00:00:00-05:00", "2024-03-10T00:00:00-05:00", "2024-03-11T00:00:00-05:00"])
    }

    @Test func aDayWhoseMidnightIsSkippedStartsAtTheChange() throws {
        // America/Santiago springs forward at 24:00 on 2024-09-07 (−04:00 → −03:00): 2024-09-08
        // begins at 01:00 local, 04:00 UTC.
        let santiago = DeviceClock(zone: TimeZone(identifier: "America/Santiago"), fixedOffsetSeconds: Self.est)
        #expect(AppExplainer.localMidnight(19_974, on: santiago) == 1_725_768_000)
        #expect(AppExplainer.localMidnight(19_975, on: santiago) == 1_725_850_800)
    }
}
