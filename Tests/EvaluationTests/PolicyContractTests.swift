import Testing
import LaunchHistory
import ReveilleCore
import TestSupport
@testable import Evaluation

/// What the replay asks of policies and what it guarantees them.
@Suite struct PolicyContractTests {
    /// Fetches tau/2 before every cold launch of the day (it reads the future from the device).
    struct Clairvoyant: FetchPolicy {
        let name = "clairvoyant"
        let device: DeviceHistory

        mutating func plan(_ c: PolicyContext) throws -> PolicyPlan {
            let cold = ColdLaunches.scan(device.launches, tauSeconds: c.tauSeconds).cold
            let fetches = device.launches.indices.filter { cold[$0] }.map {
                Fetch(app: device.launches[$0].app, instant: device.launches[$0].instant - c.tauSeconds / 2)
            }.filter { $0.instant >= c.windowStart && $0.instant < c.windowEnd }
            return PolicyPlan(fetches: Array(fetches.prefix(c.remainingBudget)))
        }
    }

    /// Always plans `count` fetches at the window start.
    struct Greedy: FetchPolicy {
        let name = "greedy"
        let count: Int
        var offset = 0.0
        mutating func plan(_ c: PolicyContext) throws -> PolicyPlan {
            PolicyPlan(fetches: Array(repeating: Fetch(app: "a", instant: c.windowStart + offset), count: count))
        }
    }

    static func randomLog(seed: UInt64) -> [LaunchEvent] {
        var rng = SeededGenerator(seed: seed)
        var events: [LaunchEvent] = []
        for day in 0..<6 {
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let app = ["a", "b", "c"][Int.random(in: 0..<3, using: &rng)]
                events.append(Toy.launch("d1", app, day, Int.random(in: 1...23, using: &rng), Int.random(in: 0...59, using: &rng)))
            }
        }
        return events
    }

    @Test(arguments: [EvaluationMode.daily, .online, .event])
    func clairvoyantScoresHitRateOne(mode: EvaluationMode) async throws {
        var registry = PolicyRegistry.builtIn
        registry.register("clairvoyant") { Clairvoyant(device: $0.device) }
        var options = Toy.options(["clairvoyant", "oracle"], budgets: [40], registry: registry)
        options.mode = mode
        for seed in 1...5 as ClosedRange<UInt64> {
            let report = try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.randomLog(seed: seed))).report
            let r = try #require(report.result(policy: "clairvoyant", budget: 40))
            #expect(r.coldLaunches > 0)
            #expect(r.hitRate == 1)
            #expect(r.precision == 1)
            #expect(abs(r.meanStalenessMinutes - 30) < 1e-9)
            #expect(report.result(policy: "oracle", budget: 40)?.hitRate == 1)
        }
    }

    @Test func planOverBudgetIsAnError() async throws {
        var registry = PolicyRegistry.builtIn
        registry.register("greedy") { _ in Greedy(count: 3) }
        let options = Toy.options(["greedy"], budgets: [2], registry: registry)
        await #expect(throws: EvaluationError.planOverBudget(policy: "greedy", device: "d1", localDay: Toy.day0 + 1,
                                                             budget: 2, remaining: 2, planned: 3)) {
            try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.randomLog(seed: 7)))
        }
        let error = EvaluationError.planOverBudget(policy: "greedy", device: "d1", localDay: 1, budget: 2, remaining: 2, planned: 3)
        #expect(error.description.hasPrefix("plan over budget"))
    }

    @Test func onlineSpendingCountsAgainstTheBudget() async throws {
        var registry = PolicyRegistry.builtIn
        registry.register("greedy") { _ in Greedy(count: 1) }
        var options = Toy.options(["greedy"], budgets: [3], registry: registry)
        options.mode = .online
        // One fetch per hour: the fourth hour finds no budget left.
        await #expect(throws: EvaluationError.planOverBudget(policy: "greedy", device: "d1", localDay: Toy.day0 + 1,
                                                             budget: 3, remaining: 0, planned: 1)) {
            try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.randomLog(seed: 7)))
        }
    }

    @Test func fetchOutsideTheHourIsAnError() async throws {
        var registry = PolicyRegistry.builtIn
        registry.register("greedy") { _ in Greedy(count: 1, offset: 3600) }
        var options = Toy.options(["greedy"], budgets: [30], registry: registry)
        options.mode = .online
        await #expect(throws: EvaluationError.self) {
            try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.randomLog(seed: 7)))
        }
        // In daily mode a fetch at or after start(d+1) is dropped, not an error.
        registry.register("late") { _ in Greedy(count: 1, offset: 86_400) }
        let daily = Toy.options(["late"], budgets: [1], registry: registry)
        let report = try await Evaluator(options: daily).evaluate(LaunchHistory(events: Self.randomLog(seed: 7))).report
        #expect(report.result(policy: "late", budget: 1)?.fetches == 0)
    }

    @Test func unknownPolicyAndBadOptionsAreUsageErrors() {
        var options = EvaluationOptions()
        options.policies = ["nope"]
        #expect(throws: EvaluationOptionsError.unknownPolicy(name: "nope", available: ["histogram", "interval", "markov", "oracle"])) {
            try options.validate()
        }
        options.policies = ["oracle"]
        options.budgets = [-1]
        #expect(throws: EvaluationOptionsError.self) { try options.validate() }
    }

    @Test func baselinesScoreTheSameOnlineAndDaily() async throws {
        let history = LaunchHistory(events: Self.randomLog(seed: 3) + Self.randomLog(seed: 4))
        var options = Toy.options(["interval", "histogram", "oracle"], budgets: [2, 5])
        let daily = try await Evaluator(options: options).evaluate(history).report
        options.mode = .online
        let online = try await Evaluator(options: options).evaluate(history).report
        #expect(daily.results == online.results)
    }

    @Test func rocAucMatchesPairCounting() {
        var rng = SeededGenerator(seed: 9)
        let scores = (0..<200).map { _ in Double(Int.random(in: 0...5, using: &rng)) / 5 }
        let labels = (0..<200).map { _ in Bool.random(using: &rng) }
        var wins = 0.0, pairs = 0.0
        for i in scores.indices where labels[i] {
            for j in scores.indices where !labels[j] {
                pairs += 1
                wins += scores[i] > scores[j] ? 1 : scores[i] == scores[j] ? 0.5 : 0
            }
        }
        #expect(abs((ProbabilityMetrics.rocAuc(scores: scores, labels: labels) ?? -1) - wins / pairs) < 1e-12)
        #expect(ProbabilityMetrics.rocAuc(scores: [0.1, 0.2], labels: [true, true]) == nil)
    }
}
