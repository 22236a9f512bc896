import Testing
import LaunchHistory
import Scheduling
import TestSupport
@testable import Evaluation

/// Mode `event`: validation replays days from the device's fourth local day on
/// (``ReactiveStatistics/validationWarmupDays`` = 3), so that the first scored days (after the
/// protocol's 7-day warm-up) already have replayed days to decide triggers with (issue 16).
@Suite struct EventValidationWarmupTests {
    @Test func firstScoredDayHasReplayedDays() {
        // The protocol scores from day 7 on; its validation replays days 3…6.
        #expect(ReactiveValidator.days(localDay: 7, firstLocalDay: 0) == 3..<7)
        #expect(ReactiveValidator.days(localDay: 30, firstLocalDay: 0) == 16..<30)
        #expect(ReactiveValidator.days(localDay: 2, firstLocalDay: 0).isEmpty)
    }

    /// Wellbeing at B = 32: 64 hits (62 when validation began at day 7, and the first scored day
    /// had no triggers); the histogram has 47.
    @Test func wellbeingGainsFromTriggersOnItsFirstScoredDays() async throws {
        var registry = PolicyRegistry.builtIn
        registry.registerReveille()
        var options = EvaluationOptions()
        options.mode = .event
        options.policies = ["reveille"]
        options.budgets = [32]
        options.registry = registry
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let report = try await Evaluator(options: options).evaluate(history).report
        let result = try #require(report.result(policy: "reveille", budget: 32))
        #expect(result.hits >= 64)
    }
}
