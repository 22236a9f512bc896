import Foundation
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

    func launch(_ app: String, second: Double) -> LaunchEvent {
        LaunchEvent(device: "d", app: app, instant: Self.day + second, utcOffsetSeconds: 0)
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

    /// θ is half the budget's score below B = 16 and 0.7 of it from B = 16 on: with a score of
    /// 0.8, the trigger's 0.5 passes at B = 15 (θ = 0.4) and not at B = 16 (θ = 0.56).
    @Test func theThresholdScaleRisesFromBudgetSixteen() {
        #expect(ReactiveScheduler.thresholdScale(budget: 15) == 0.5)
        #expect(ReactiveScheduler.thresholdScale(budget: 16) == 0.7 && ReactiveScheduler.thresholdScale(budget: 32) == 0.7)
        var statistics = Self.statistics
        statistics.setTriggerScores([0.8], scoreDays: 1)
        for (budget, triggers) in [(15, true), (16, false)] {
            var scheduler = ReactiveScheduler(statistics: statistics, budget: budget, triggers: true)
            _ = scheduler.beginDay(start: Self.day, end: Self.day + 86_400)
            let decisions = scheduler.observe(launch("a", hour: 2))
            #expect(decisions.map(\.reason) == (triggers ? [.trigger] : []), "B = \(budget)")
        }
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

    /// A launch of `a` at 09:40 makes `b` likely in the next hour, which b's 10:00 window covers
    /// only from 10:00: the window moves to 09:40:01 and becomes the trigger, the budget unchanged.
    /// A second launch of `a` at 09:50 finds `b` covered (a fetch in `(T + 1 s − tau, T + 1 s]`)
    /// and decides nothing.
    @Test func aTriggerTakesOverItsAppsWindowDueWithinTau() {
        var scheduler = ReactiveScheduler(statistics: Self.statistics, budget: 2, triggers: true)
        _ = scheduler.beginDay(start: Self.day, end: Self.day + 86_400)
        let decisions = scheduler.observe(launch("a", second: 9 * 3600 + 40 * 60))
        #expect(decisions.map(\.action) == [.cancel, .fetch] && decisions.map(\.app) == ["b", "b"])
        #expect(decisions.map(\.at) == [Self.day + 10 * 3600, Self.day + 9 * 3600 + 40 * 60 + 1])
        #expect(decisions[1].reason == .trigger && abs(decisions[1].probability - 0.5) < 1e-12)
        #expect(scheduler.budgetState == BudgetState(budget: 2, executed: 1, pending: 1))
        #expect(scheduler.observe(launch("a", second: 9 * 3600 + 50 * 60)).isEmpty)
        #expect(scheduler.budgetState == BudgetState(budget: 2, executed: 2, pending: 0))
        // A window due more than tau after the launch stays where it is: the trigger is a fetch
        // of its own, here in place of that weaker window (the budget is full).
        var far = ReactiveScheduler(statistics: Self.statistics, budget: 2, triggers: true)
        _ = far.beginDay(start: Self.day, end: Self.day + 86_400)
        let farDecisions = far.observe(launch("a", second: 8 * 3600 + 30 * 60))
        #expect(farDecisions.map(\.action) == [.cancel, .fetch])
        #expect(farDecisions.map(\.at) == [Self.day + 10 * 3600, Self.day + 8 * 3600 + 30 * 60 + 1])
        #expect(farDecisions[1].reason == .trigger)
    }

    /// Windows of `a` at 00:00 and `b` at 23:00 (the shift rule's edges).
    static let edges = ReactiveStatistics(
        apps: ["a", "b"], days: 28,
        hourlyColdLaunches: [(0..<24).map { $0 == 0 ? 2 : 0 }, (0..<24).map { $0 == 23 ? 1 : 0 }],
        launches: [20, 0], transitions: [], coefficients: [], triggerScores: [], scoreDays: 0)

    /// A launch of `b` at 09:50 makes b's launches before 10:50 warm: its 10:00 window (covering
    /// 10:00–11:00) moves to 10:49:59 (covering 10:50–11:49:59), with triggers off too.
    @Test func aLaunchMovesItsAppsPendingWindowPastTau() {
        var scheduler = ReactiveScheduler(statistics: Self.statistics, budget: 2, triggers: false)
        _ = scheduler.beginDay(start: Self.day, end: Self.day + 86_400)
        let decisions = scheduler.observe(launch("b", second: 9 * 3600 + 50 * 60))
        #expect(decisions.map(\.action) == [.cancel, .fetch] && decisions.map(\.app) == ["b", "b"])
        #expect(decisions.map(\.at) == [Self.day + 10 * 3600, Self.day + 10 * 3600 + 49 * 60 + 59])
        #expect(decisions[1].reason == .window && scheduler.pending.map(\.at) == [decisions[1].at])
        #expect(scheduler.executed.map(\.app) == ["a"])
        // A launch an hour before the window, or of another app, moves nothing.
        var early = ReactiveScheduler(statistics: Self.statistics, budget: 2, triggers: false)
        _ = early.beginDay(start: Self.day, end: Self.day + 86_400)
        #expect(early.observe(launch("b", hour: 9)).isEmpty)
    }

    /// At the day's start a window is placed past its app's last launch of the day before; a move
    /// that would leave the day is not made.
    @Test func windowsAreShiftedAtTheStartOfTheDayButNotPastItsEnd() {
        var scheduler = ReactiveScheduler(statistics: Self.edges, budget: 2, triggers: false)
        scheduler.remember(LaunchEvent(device: "d", app: "a", instant: Self.day - 1800, utcOffsetSeconds: 0))
        let windows = scheduler.beginDay(start: Self.day, end: Self.day + 86_400)
        #expect(windows.map(\.app) == ["a", "b"])
        #expect(windows.map(\.at) == [Self.day + 1800 - 1, Self.day + 23 * 3600])
        // A day that ends at 23:20 (an offset change): b's window stays at 23:00 rather than
        // move to 23:49:59.
        var short = ReactiveScheduler(statistics: Self.edges, budget: 2, triggers: false)
        short.remember(launch("b", second: 23 * 3600 - 600))
        #expect(short.beginDay(start: Self.day, end: Self.day + 23 * 3600 + 1200).map(\.at) == [Self.day, Self.day + 23 * 3600])
    }

    /// Triggers are used when the summed daily gain `G` beats half its standard error:
    /// `G² > ¼ Σ d²`.
    @Test(arguments: [(10, 14, 16, true),    // one day, +4: 16 > 4
                      (10, 12, 34, false),   // days +5 and −3: 4 < 8.5
                      (10, 13, 9 + 4 + 4, true), // +3, +2, −2: 9 > 4.25
                      (10, 10, 0, false),
                      (10, 11, 0, true)])    // older files: no spread stored
    func triggersHelpOnlyBeyondTheNoise(window: Int, trigger: Int, squares: Int, helps: Bool) {
        #expect(ReactiveValidation(budget: 4, windowHits: window, triggerHits: trigger, gainSquares: squares).triggersHelp == helps)
    }

    @Test func aTallyWithoutGainSquaresDecodesAsZero() throws {
        let old = try JSONDecoder().decode(ReactiveValidation.self, from: Data(#"{"budget": 2, "windowHits": 3, "triggerHits": 5}"#.utf8))
        #expect(old == ReactiveValidation(budget: 2, windowHits: 3, triggerHits: 5, gainSquares: 0))
    }

    @Test func inconsistentStatisticsAreRejected() {
        var bad = Self.statistics
        bad.hourlyColdLaunches[1].removeLast()
        #expect(throws: UsageModelError.self) { try bad.validate() }
        #expect(throws: Never.self) { try Self.statistics.validate() }
    }

    /// Windows given to `beginDay(start:end:windows:)` (the usage model's daily plan) are the
    /// day's plan: those outside the day dropped, at most `B`, each moved past tau after its
    /// app's last launch (b, launched at 23:50 the day before: its 00:30 window moves to
    /// 00:49:59), an app the statistics do not know kept as it is.
    @Test func givenWindowsAreTheDaysPlan() {
        var scheduler = ReactiveScheduler(statistics: Self.statistics, budget: 2, triggers: false)
        scheduler.remember(launch("b", second: -600))
        let given = [FetchDecision(action: .fetch, app: "a", at: Self.day - 1, reason: .window, probability: 0.9),
                     FetchDecision(action: .fetch, app: "b", at: Self.day + 1800, reason: .trigger, probability: 0.3),
                     FetchDecision(action: .fetch, app: "c", at: Self.day + 7200, reason: .window, probability: 0.2),
                     FetchDecision(action: .fetch, app: "a", at: Self.day + 9000, reason: .window, probability: 0.1)]
        let windows = scheduler.beginDay(start: Self.day, end: Self.day + 86_400, windows: given)
        #expect(windows.map(\.app) == ["b", "c"])
        #expect(windows.map(\.at) == [Self.day + 2999, Self.day + 7200])
        #expect(windows.allSatisfy { $0.reason == .window && $0.action == .fetch })
        #expect(scheduler.pending == windows)
    }

    /// Whether the day starts from the model's windows follows the validation entry of the
    /// budget (the last entry beyond it); without a window planner the histogram's are used.
    @Test func modelWindowsFollowValidationAndFallBackToTheHistogram() {
        var statistics = Self.statistics
        statistics.validation = [ReactiveValidation(budget: 1, windowHits: 3, triggerHits: 3, modelWindows: true),
                                 ReactiveValidation(budget: 2, windowHits: 3, triggerHits: 3)]
        #expect(ReactiveScheduler(statistics: statistics, budget: 1).modelWindows)
        #expect(!ReactiveScheduler(statistics: statistics, budget: 2).modelWindows)
        #expect(!ReactiveScheduler(statistics: statistics, budget: 5).modelWindows)
        #expect(!ReactiveScheduler(statistics: Self.statistics, budget: 1).modelWindows)
        var scheduler = ReactiveScheduler(statistics: statistics, budget: 1)
        #expect(scheduler.beginDay(start: Self.day, end: Self.day + 86_400).map(\.app) == ["a"])
    }
}
