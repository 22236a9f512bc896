import Testing
import LaunchHistory
@testable import Evaluation

/// `reveille-event` on a hand-made log: the day plan, the trigger values and when a trigger
/// takes over a window.
@Suite struct ReactivePolicyTests {
    /// Days 0–3 (warm-up): a at 08:00 and b at 08:05 every day, c at 20:00 on day 0. Windows:
    /// (a, 8) and (b, 8) worth 4/4, (c, 20) worth 1/4. Transitions: n_a = 4, k_ab = 4, and 4 of
    /// the 9 launches are followed by a cold b, so r_b = 4/9. Day 4 (scored): a at 15:00, b at
    /// 15:20, both cold. Day 5 ends the log.
    static let launches: [LaunchEvent] = ((0..<4).flatMap { day in
        [Toy.launch("d1", "a", day, 8), Toy.launch("d1", "b", day, 8, 5)]
    } + [Toy.launch("d1", "c", 0, 20), Toy.launch("d1", "a", 4, 15), Toy.launch("d1", "b", 4, 15, 20),
         Toy.launch("d1", "z", 5, 12)]).sorted { $0.instant < $1.instant }

    /// `0.5 × (k_ab + α r_b) / (n_a + α)` with α = 10.
    static let valueAB = 0.5 * (4 + 10 * 4.0 / 9) / 14

    @Test func learnsWindowsAndShrunkTriggerValues() {
        let model = _ReactiveDayModel(Toy.context(Self.launches, day: 4, budget: 3), options: ReactiveOptions())
        #expect(model.windows.map { "\($0.app)@\($0.hour)=\($0.value)" } == ["a@8=1.0", "b@8=1.0", "c@20=0.25"])
        let afterA = model.triggers(after: "a", excluding: [])
        #expect(afterA.map(\.app) == ["b"])
        #expect(abs((afterA.first?.value ?? 0) - Self.valueAB) < 1e-12)
        // c has n_c = 1 and k_cb = 0: b's base rate, shrunk and scaled.
        #expect(abs((model.triggers(after: "c", excluding: []).first?.value ?? 0) - 0.5 * (10 * 4.0 / 9) / 11) < 1e-12)
        #expect(model.triggers(after: "a", excluding: ["b"]).isEmpty)
    }

    /// B = 2: the windows (a, 8), (b, 8) are worth 1 > v_ab: no trigger, no hit. B = 3: the
    /// trigger b at 15:00:01 (v_ab ≈ 0.30) takes over (c, 20) (0.25) and hits b at 15:20.
    /// B = 5: only 3 windows exist, so the trigger uses the budget left.
    @Test(arguments: [(2, 2, 0), (3, 3, 1), (5, 4, 1)])
    func triggersTakeOverWeakerWindows(budget: Int, fetches: Int, hits: Int) async throws {
        var registry = PolicyRegistry.builtIn
        registry.registerReactive()
        var options = Toy.options(["reveille-event", "histogram"], budgets: [budget], registry: registry)
        options.mode = .event
        options.warmupDays = 4
        let report = try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.launches)).report
        let r = try #require(report.result(policy: "reveille-event", budget: budget))
        #expect(r.coldLaunches == 2)
        #expect(r.fetches == fetches && r.hits == hits)
        #expect(report.result(policy: "histogram", budget: budget)?.hits == 0)
        #expect(r.rocAuc == report.result(policy: "histogram", budget: budget)?.rocAuc)   // the histogram's probabilities
    }

    @Test func onlyInEventMode() {
        var options = EvaluationOptions()
        options.registry.registerReactive()
        options.policies = ["reveille-event"]
        #expect(throws: EvaluationOptionsError.policyNeedsOtherMode(policy: "reveille-event", mode: .daily, supported: [.event])) {
            try options.validate()
        }
    }
}
