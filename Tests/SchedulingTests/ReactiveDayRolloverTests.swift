import LaunchHistory
import ReveilleCore
import Scheduling
import Testing

/// The scheduler's own day across a UTC offset change: the local day under the offset in effect
/// at each launch or tick. Windows (``ReactiveSchedulerTests/edges``): `a` at 00:00 and `b` at
/// 23:00 of the day, `B = 2`.
@Suite struct ReactiveDayRolloverTests {
    /// A change of zone offset on local day `day` (days since 1970-01-01): `before` → `after`.
    struct Change: Sendable, CustomTestStringConvertible {
        var zone: String
        var day: Int
        var before: Int
        var after: Int
        var testDescription: String { "\(zone), day \(day)" }
    }

    /// 2024-11-03 in America/New_York (EDT → EST) and 2024-04-07 in Australia/Lord_Howe
    /// (+11:00 → +10:30).
    static let fallBack = [Change(zone: "America/New_York", day: 20_030, before: -14_400, after: -18_000),
                           Change(zone: "Australia/Lord_Howe", day: 19_820, before: 39_600, after: 37_800)]
    /// 2024-03-10 in America/New_York (EST → EDT) and 2024-10-06 in Australia/Lord_Howe
    /// (+10:30 → +11:00).
    static let springForward = [Change(zone: "America/New_York", day: 19_792, before: -18_000, after: -14_400),
                                Change(zone: "Australia/Lord_Howe", day: 20_002, before: 37_800, after: 39_600)]

    /// The instant of local `hours` after midnight of `day` at `offset`.
    static func instant(_ day: Int, hours: Double, offset: Int) -> Double {
        LocalClock.startOfDay(day, utcOffsetSeconds: offset) + hours * 3600
    }

    static func scheduler() -> ReactiveScheduler {
        ReactiveScheduler(statistics: ReactiveSchedulerTests.edges, budget: 2, triggers: false)
    }

    /// A launch at 01:00 before the change begins the day (its midnight at the old offset); a
    /// tick at 23:30 after it is still that local day: no second begin, at most `B` fetches, and
    /// the day now ends at midnight under the new offset, where a tick begins the next day.
    @Test(arguments: fallBack)
    func theFallBackDayBeginsOnceWithOneBudget(_ change: Change) {
        var scheduler = Self.scheduler()
        var decisions = scheduler.observe(LaunchEvent(device: "d", app: "a", instant: Self.instant(change.day, hours: 1, offset: change.before),
                                                      utcOffsetSeconds: change.before))
        decisions += scheduler.tick(at: Self.instant(change.day, hours: 23.5, offset: change.after), zoneOffsetSeconds: change.after)
        #expect(decisions.filter { $0.action == .fetch }.count == 2)
        #expect(scheduler.day?.start == LocalClock.startOfDay(change.day, utcOffsetSeconds: change.before))
        #expect(scheduler.day?.end == LocalClock.startOfDay(change.day + 1, utcOffsetSeconds: change.after))
        #expect(scheduler.budgetState == BudgetState(budget: 2, executed: 2, pending: 0))
        let next = scheduler.tick(at: Self.instant(change.day + 1, hours: 0.5, offset: change.after), zoneOffsetSeconds: change.after)
        #expect(next.filter { $0.action == .fetch }.count == 2)
        #expect(scheduler.day?.start == LocalClock.startOfDay(change.day + 1, utcOffsetSeconds: change.after))
    }

    /// After a spring-forward day, a tick at 00:15 of the next local day (before the midnight the
    /// old offset gives) begins that day.
    @Test(arguments: springForward)
    func aTickAfterMidnightBeginsTheDayAfterSpringForward(_ change: Change) {
        var scheduler = Self.scheduler()
        _ = scheduler.observe(LaunchEvent(device: "d", app: "a", instant: Self.instant(change.day, hours: 1, offset: change.before),
                                          utcOffsetSeconds: change.before))
        let windows = scheduler.tick(at: Self.instant(change.day + 1, hours: 0.25, offset: change.after), zoneOffsetSeconds: change.after)
        let start = LocalClock.startOfDay(change.day + 1, utcOffsetSeconds: change.after)
        #expect(windows.map(\.action) == [.fetch, .fetch] && windows.map(\.app) == ["a", "b"])
        #expect(scheduler.day?.start == start && scheduler.day?.end == LocalClock.startOfDay(change.day + 2, utcOffsetSeconds: change.after))
        #expect(windows.map(\.at) == [start, start + 23 * 3600])
    }

    /// The day began at midnight EST, so b's 23:00 window lies at 00:00 EDT of the next day; a
    /// launch after the change ends the day an hour earlier, withdrawing that window.
    @Test func aLaunchAfterSpringForwardWithdrawsAFetchPastTheNewEnd() throws {
        let change = try #require(Self.springForward.first)
        var scheduler = Self.scheduler()
        _ = scheduler.observe(LaunchEvent(device: "d", app: "a", instant: Self.instant(change.day, hours: 1, offset: change.before),
                                          utcOffsetSeconds: change.before))
        let end = LocalClock.startOfDay(change.day + 1, utcOffsetSeconds: change.after)
        #expect(scheduler.pending.map(\.at) == [end])
        let decisions = scheduler.observe(LaunchEvent(device: "d", app: "a", instant: Self.instant(change.day, hours: 3.5, offset: change.after),
                                                      utcOffsetSeconds: change.after))
        #expect(decisions.map(\.action) == [.cancel] && decisions.map(\.app) == ["b"] && decisions.map(\.at) == [end])
        #expect(scheduler.day?.end == end && scheduler.pending.isEmpty)
    }

    /// A day begun with `beginDay(start:end:)` (the evaluator's, on the protocol's bounds) keeps
    /// them whatever the offsets of its launches.
    @Test func aDayBegunByTheCallerKeepsItsBounds() throws {
        let change = try #require(Self.fallBack.first)
        let start = LocalClock.startOfDay(change.day, utcOffsetSeconds: change.before)
        let end = LocalClock.startOfDay(change.day + 1, utcOffsetSeconds: change.before)
        var scheduler = Self.scheduler()
        _ = scheduler.beginDay(start: start, end: end)
        #expect(scheduler.observe(LaunchEvent(device: "d", app: "a", instant: end - 60, utcOffsetSeconds: change.after)).isEmpty)
        #expect(scheduler.day?.start == start && scheduler.day?.end == end)
    }
}
