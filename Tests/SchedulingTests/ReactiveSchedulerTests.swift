import LaunchHistory
import Scheduling
import Testing
import UsageModel

/// The reactive scheduler on hand-made statistics whose scores are known: the scorer weighs only
/// the transition feature (`log v_ab`), so a trigger's probability is `v_ab`.
@Suite struct ReactiveSchedulerTests {
    /// Apps `a`, `b`; `a` launched 20 times, each followed by a cold `b`: `r_b = 20 / 20 = 1`,
    /// `v_ab = (20 + 10 · 1) / (20 + 10) = 1`. Windows: `a` at 03:00 (2 of 28 days), `b` at 10:00.
    static let statistics = ReactiveStatistics(
        apps: ["a", "b"], days: 28,
        hourlyColdLaunches: [(0..<24).map { $0 == 3 ? 2 : 0 }, (0..<24).map { $0 == 10 ? 1 : 0 }],
        launches: [20, 0], transitions: [.init(from: 0, to: 1, count: 20)],
        coefficients: [1, 0, 0, 0, 0, 0, 0, 0, 0], triggerScores: [0.5], scoreDays: 1)
    static let day = 19_500.0 * 86_400   // a local midnight at offset 0

    func launch(_ app: String, hour: Double) -> LaunchEvent {
        LaunchEvent(device: "d", app: app, instant: Self.day + hour * 3600, utcOffsetSeconds: 0)
    }

    @Test func triggerCancelsTheWeakerWindowWhenTheBudgetIsFull() throws {
        var scheduler = ReactiveScheduler(statistics: Self.statistics, budget: 1, triggers: true)
        let windows = scheduler.beginDay(start: Self.day, end: Self.day + 86_400)
        #expect(windows.map(\.app) == ["a"] && windows.map(\.at) == [Self.day + 3 * 3600])
        #expect(abs(windows[0].probability - 2.0 / 28) < 1e-12)
        let decisions = scheduler.observe(launch("a", hour: 2))
        #expect(decisions.map(\.action) == [.cancel, .fetch])
        #expect(decisions[1].app == "b" && decisions[1].at == Self.day + 2 * 3600 + 1 && decisions[1].reason == .trigger)
        #expect(abs(decisions[1].probability - 0.5) < 1e-12)   // σ(1 · log v_ab) = σ(log 1) = 0.5
        #expect(scheduler.budgetState == BudgetState(budget: 1, executed: 0, pending: 1))
    }

    @Test func noTriggerWhenTheBudgetIsSpentOrTriggersAreOff() {
        var spent = ReactiveScheduler(statistics: Self.statistics, budget: 1, triggers: true)
        _ = spent.beginDay(start: Self.day, end: Self.day + 86_400)
        #expect(spent.observe(launch("a", hour: 4)).isEmpty)   // the 03:00 window has executed
        #expect(spent.budgetState == BudgetState(budget: 1, executed: 1, pending: 0))
        var off = ReactiveScheduler(statistics: Self.statistics, budget: 3, triggers: false)
        _ = off.beginDay(start: Self.day, end: Self.day + 86_400)
        #expect(off.observe(launch("a", hour: 2)).isEmpty)
    }

    @Test func inconsistentStatisticsAreRejected() {
        var bad = Self.statistics
        bad.hourlyColdLaunches[1].removeLast()
        #expect(throws: UsageModelError.self) { try bad.validate() }
        #expect(throws: Never.self) { try Self.statistics.validate() }
    }
}
