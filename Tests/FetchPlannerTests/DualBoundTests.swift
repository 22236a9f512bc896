import Foundation
import Testing
import TestSupport
@testable import FetchPlanner

/// The Lagrangian dual bound that lets `best` skip the greedy pass: it is never below the value of
/// any feasible plan (the brute-force optimum on tiny inputs, both methods' plans on realistic
/// days), and `best` keeps the plan it kept when it always ran both methods.
@Suite struct DualBoundTests {
    @Test(arguments: Array(UInt64(1)...40))
    func boundIsAtLeastTheOptimum(seed: UInt64) throws {
        let request = OptimalityTests.tiny(seed, minimumIntervalSeconds: 300)
        let optimum = OptimalityTests.bruteForce(request)
        let (plan, bound) = _Lagrangian.planAndBound(try _Problem(request))
        #expect(bound >= optimum - 1e-12, "bound \(bound) below the optimum \(optimum)")
        #expect(plan.problem.objective(plan.fetches).value <= bound + 1e-12)
    }

    @Test(arguments: Array(UInt64(1)...6))
    func bestKeepsWhatRunningBothKept(seed: UInt64) throws {
        for (apps, budget) in [(20, 8), (40, 4), (6, 30), (60, 32)] {
            let problem = try _Problem(SyntheticRequests.request(kind: .realistic, apps: apps, budget: budget, seed: seed))
            let (l, bound) = _Lagrangian.planAndBound(problem)
            let g = _Greedy.plan(problem)
            let lValue = problem.objective(l.fetches).value, gValue = problem.objective(g.fetches).value
            #expect(bound >= max(lValue, gValue) - 1e-12)
            // What `best` did before it could skip the greedy pass.
            let both = gValue > lValue + 1e-12 ? g.fetches : l.fetches
            let (chosen, _) = FetchPlanner._choose(problem, .best)
            #expect(chosen.fetches == both)
        }
    }
}
