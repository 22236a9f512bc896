import LaunchHistory
import Testing
@testable import Evaluation

/// The replay keeps a policy's probability cells once while every budget gives the same cells
/// (``_SharedCells``); each budget's scores must be those of evaluating that budget alone, also
/// when the budgets' probabilities part on some day.
struct SharedCellsTests {
    /// Hourly probabilities that depend on the app, the hour, the day and — from day
    /// `partsOn` on — the budget (`nil` for budget 2 on day `noneOn`).
    struct BudgetProbabilities: FetchPolicy {
        let name = "budget-probabilities"
        let partsOn: Int
        let noneOn: Int

        mutating func plan(_ c: PolicyContext) throws -> PolicyPlan {
            let day = c.localDay - Toy.day0
            guard !(day == noneOn && c.budget == 2) else { return PolicyPlan(fetches: []) }
            let bump = day >= partsOn ? Double(c.budget) / 100 : 0
            let probabilities = Dictionary(uniqueKeysWithValues: ["a", "b", "c"].enumerated().map { i, app in
                (app, (0..<24).map { h in min(1, Double((h * 7 + i * 5 + day * 3) % 17) / 20 + bump) })
            })
            return PolicyPlan(fetches: [], hourlyProbabilities: probabilities)
        }
    }

    static func scores(partsOn: Int, noneOn: Int, budgets: [Int]) async throws -> [Int: PolicyResult] {
        var registry = PolicyRegistry.builtIn
        registry.register("budget-probabilities") { _ in BudgetProbabilities(partsOn: partsOn, noneOn: noneOn) }
        let options = Toy.options(["budget-probabilities"], budgets: budgets, registry: registry)
        let report = try await Evaluator(options: options).evaluate(LaunchHistory(events: PolicyContractTests.randomLog(seed: 3))).report
        var results: [Int: PolicyResult] = [:]
        for b in budgets { results[b] = report.result(policy: "budget-probabilities", budget: b) }
        return results
    }

    @Test(arguments: [(99, 99), (1, 99), (3, 99), (4, 99), (99, 2), (99, 4)])
    func eachBudgetScoresAsIfAlone(partsOn: Int, noneOn: Int) async throws {
        let budgets = [2, 4, 8]
        let together = try await Self.scores(partsOn: partsOn, noneOn: noneOn, budgets: budgets)
        for b in budgets {
            let alone = try #require(try await Self.scores(partsOn: partsOn, noneOn: noneOn, budgets: [b])[b])
            let joint = try #require(together[b])
            #expect(joint.probCells == alone.probCells)
            #expect(joint.probPositives == alone.probPositives)
            #expect(joint.logLoss == alone.logLoss)
            #expect(joint.brier == alone.brier)
            #expect(joint.rocAuc == alone.rocAuc)
            #expect((joint.probCells ?? 0) > 0)
        }
        if partsOn < 5, noneOn > 5 {
            #expect(together[2]?.logLoss != together[8]?.logLoss)
        }
    }
}
