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
        #expect(session._reuses == 3 * budgets.count - 1)
        var other = request
        other.tauSeconds = other.tauSeconds == 300 ? 900 : 300
        #expect(try session.plan(other) == FetchPlanner.plan(other))
        #expect(session._reuses == 3 * budgets.count - 1)
    }

    /// A session asked not to list the apps left out plans the same windows, with the same numbers,
    /// and an empty ``FetchPlan/leftOut`` (the evaluator's plans skip the left-out scan).
    @Test(arguments: Array(UInt64(1)...10))
    func withoutLeftOutOnlyTheLeftOutListDiffers(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var request = _Requests.random(&rng)
        request.budget = PlanningBudget(energyUnitsPerDay: 2)
        var listing = FetchPlanner.Session(), silent = FetchPlanner.Session()
        let full = try listing.plan(request)
        var without = try silent.plan(request, listsLeftOut: false)
        #expect(without.leftOut.isEmpty)
        without.leftOut = full.leftOut
        #expect(without == full)
    }

    /// The seeds above do leave apps out at budget 2 (the test is not vacuous).
    @Test func someSeedLeavesAnAppOut() throws {
        var leftOut = 0
        for seed in UInt64(1)...10 {
            var rng = SeededGenerator(seed: seed)
            var request = _Requests.random(&rng)
            request.budget = PlanningBudget(energyUnitsPerDay: 2)
            leftOut += try FetchPlanner.plan(request).leftOut.count
        }
        #expect(leftOut > 0)
    }
}
