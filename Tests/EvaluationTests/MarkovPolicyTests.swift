import Testing
import LaunchHistory
@testable import Evaluation

/// Baseline `markov` on a hand-made log: transitions, threshold and the day's fetches.
@Suite struct MarkovPolicyTests {
    /// Day 0 teaches a → b (2 of a's 3 launches have a cold b within the hour: p = 2/4) and
    /// x → y (1 of 2: p = 1/3); day 1 is scored; day 2 ends the log.
    static let launches: [LaunchEvent] = [
        Toy.launch("d1", "a", 0, 8), Toy.launch("d1", "b", 0, 8, 10), Toy.launch("d1", "a", 0, 12),
        Toy.launch("d1", "c", 0, 12, 20), Toy.launch("d1", "a", 0, 18), Toy.launch("d1", "b", 0, 18, 30),
        Toy.launch("d1", "x", 0, 20), Toy.launch("d1", "y", 0, 20, 5), Toy.launch("d1", "x", 0, 22),
        Toy.launch("d1", "a", 1, 9), Toy.launch("d1", "b", 1, 9, 20), Toy.launch("d1", "a", 1, 9, 30),
        Toy.launch("d1", "x", 1, 10), Toy.launch("d1", "y", 1, 10, 30), Toy.launch("d1", "a", 1, 11),
        Toy.launch("d1", "b", 1, 11, 10), Toy.launch("d1", "z", 2, 12),
    ]

    @Test func learnsNextAppsAndTheThreshold() {
        let model = _MarkovModel(Toy.context(Self.launches, day: 1, budget: 3))
        #expect(model.next["a"]?.app == "b" && model.next["a"]?.probability == 0.5)   // k_ab 2 beats k_ac 1
        #expect(model.next["x"]?.app == "y" && model.next["x"]?.probability == 1.0 / 3)
        #expect(model.next["b"] == nil && model.next["c"] == nil && model.next["y"] == nil)
        #expect(model.values == [0.5, 0.5, 0.5, 1.0 / 3, 1.0 / 3])   // one per launch of a and x
        // m = B × 1 day: the m-th largest value, the smallest when there are fewer, none for m = 0.
        #expect(model.threshold(budget: 3) == 0.5)
        #expect(model.threshold(budget: 4) == 1.0 / 3)
        #expect(model.threshold(budget: 40) == 1.0 / 3)
        #expect(model.threshold(budget: 0) == nil)
    }

    @Test func tiesGoToTheAppName() {
        let log = [Toy.launch("d1", "a", 0, 8), Toy.launch("d1", "c", 0, 8, 10), Toy.launch("d1", "b", 0, 8, 20)]
        #expect(_MarkovModel(Toy.context(log, day: 1, budget: 1)).next["a"]?.app == "b")
    }

    @Test func coverWindowMustEndBeforeTheDay() {
        // a at 23:00:00 covers (23:00:01, 24:00:01], which does not end before midnight: not learned.
        let log = [Toy.launch("d1", "a", 0, 23), Toy.launch("d1", "b", 0, 23, 30)]
        #expect(_MarkovModel(Toy.context(log, day: 1, budget: 1)).next.isEmpty)
    }

    /// Day 1: a 09:00 → b at 09:00:01 (hits b 09:20); a 09:30 → none (b fetched within tau);
    /// x 10:00 → y at 10:00:01 only when θ = 1/3 (B ≥ 4; hits y 10:30); a 11:00 → b at 11:00:01
    /// when the budget allows (hits b 11:10).
    @Test(arguments: [(1, 1), (2, 2), (3, 2), (4, 3)])
    func fetchesAfterLaunches(budget: Int, fetches: Int) async throws {
        var options = Toy.options(["markov"], budgets: [budget])
        options.mode = .event
        let report = try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.launches)).report
        let r = try #require(report.result(policy: "markov", budget: budget))
        #expect(r.coldLaunches == 6)
        #expect(r.fetches == fetches)
        #expect(r.hits == fetches && r.usedFetches == fetches)
        #expect(r.logLoss == nil && r.rocAuc == nil)
    }

    @Test(arguments: [EvaluationMode.daily, .online])
    func onlyInEventMode(mode: EvaluationMode) {
        var options = Toy.options(["histogram", "markov"], budgets: [4])
        options.mode = mode
        #expect(throws: EvaluationOptionsError.policyNeedsOtherMode(policy: "markov", mode: mode, supported: [.event])) {
            try options.validate()
        }
    }
}
