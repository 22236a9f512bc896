@testable import FetchPlanner
import Foundation
import Testing
import TestSupport

/// A ``FetchPlanner/Session`` plans every request as ``FetchPlanner/plan(_:method:)`` does,
/// reusing the previous problem exactly when only the budget changed: random requests with every
/// rule (spent fetches, caps, Low Power Mode, data budgets, fractional energies, the daily floor),
/// each planned at several budgets in turn.
@Suite struct SessionTests {
    @Test(arguments: Array(UInt64(1)...30))
    func sessionPlansAsAFreshPlannerAtEveryBudget(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var request = _Requests.random(&rng)
        if seed % 3 == 0 {
            request.rules.dailyFloor = true
            request.floorApps = request.apps.map(\.app).filter { _ in Bool.random(using: &rng) }
        }
        var session = FetchPlanner.Session()
        var budgets: [PlanningBudget] = []
        for units in [0.0, 1, 3, 2, 8, 8] {
            budgets.append(PlanningBudget(energyUnitsPerDay: units, dataBytesPerDay: Bool.random(using: &rng) ? 3000 : nil,
                                          lowPowerScale: [0.5, 0.25][Int.random(in: 0..<2, using: &rng)]))
        }
        for method in PlanningMethod.allCases {
            for budget in budgets {
                var r = request
                r.budget = budget
                #expect(try session.plan(r, method: method) == FetchPlanner.plan(r, method: method), "\(budget) \(method)")
            }
        }
        // One build (the first plan); every other plan reused it.
        #expect(session._reuses.whole == 3 * budgets.count - 1)
        var other = request
        other.tauSeconds = other.tauSeconds == 300 ? 900 : 300
        #expect(try session.plan(other) == FetchPlanner.plan(other))
        #expect(session._reuses.whole == 3 * budgets.count - 1)
    }

    /// Online re-plans: two forecasts of one horizon in turn, each time with other spent fetches
    /// and another budget. Apps whose spent fetches changed are rebuilt, the others taken over.
    @Test(arguments: Array(UInt64(1)...30))
    func changedSpentFetchesRebuildOnlyTheirApps(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let request = _Requests.random(&rng, apps: 5)
        var other = request
        other.apps[0].slotProbabilities = other.apps[0].slotProbabilities.map { $0 / 2 }
        var session = FetchPlanner.Session()
        for _ in 0..<6 {
            for base in [request, other] {
                var r = base
                r.budget = PlanningBudget(energyUnitsPerDay: Double(Int.random(in: 0...8, using: &rng)))
                r.spentFetches = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    SpentFetch(app: "app\(Int.random(in: 0..<5, using: &rng))",
                               at: r.horizonStart + Double(Int.random(in: -12..<r.slotCount, using: &rng)) * 300)
                }
                for method in [PlanningMethod.best, .greedy] {
                    #expect(try session.plan(r, method: method) == FetchPlanner.plan(r, method: method), "\(r.spentFetches)")
                }
            }
        }
        // Every plan after each forecast's first reused its problem, wholly or in part.
        #expect(session._reuses.whole + session._reuses.partial == 22)
        #expect(session._reuses.partial > 0)
    }
}
