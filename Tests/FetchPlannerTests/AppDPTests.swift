@testable import FetchPlanner
import Foundation
import Testing
import TestSupport

/// The per-app dynamic programme is exact for given prices: it matches brute force over every
/// feasible slot set (minimum interval, daily cap, two local days with different prices).
@Suite struct AppDPTests {
    static func bruteForce(_ p: _Problem, lambda: [Double]) -> Double {
        let a = p.apps[0], n = p.slotCount
        var best = 0.0
        for mask in 0..<(1 << n) {
            let slots = (0..<n).filter { mask & (1 << $0) != 0 }
            guard slots.allSatisfy({ a.allowed($0) }),
                  zip(slots, slots.dropFirst()).allSatisfy({ $1 - $0 >= p.intervalSlots }),
                  p.days.indices.allSatisfy({ d in slots.filter { p.slotDay[$0] == d }.count <= a.capRemaining[d] })
            else { continue }
            let covered = Set(slots.flatMap { $0..<min(n, $0 + p.coverSlots) })
            let value = covered.reduce(0) { $0 + a.weight[$1] } - slots.reduce(0) { $0 + lambda[p.slotDay[$1]] * a.cost[$1] }
            best = max(best, value)
        }
        return best
    }

    static func value(_ p: _Problem, _ slots: [Int], lambda: [Double]) -> Double {
        let covered = Set(slots.flatMap { $0..<min(p.slotCount, $0 + p.coverSlots) })
        return covered.reduce(0) { $0 + p.apps[0].weight[$1] } - slots.reduce(0) { $0 + lambda[p.slotDay[$1]] * p.apps[0].cost[$1] }
    }

    @Test(arguments: Array(UInt64(1)...30))
    func dynamicProgrammeMatchesBruteForce(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let probabilities = (0..<12).map { _ in pow(Double.random(in: 0..<1, using: &rng), 2) }
        let request = PlanningRequest(
            device: "d", horizonStart: 86_400 - 1800, slotSeconds: 300, slotCount: 12, utcOffsetSeconds: 0,
            tauSeconds: Double(Int.random(in: 1...4, using: &rng)) * 300,
            budget: PlanningBudget(energyUnitsPerDay: 3),
            apps: [AppForecast(app: "a", slotProbabilities: probabilities, energyCost: Double.random(in: 0.5...1.5, using: &rng))],
            rules: PlatformRules(minimumIntervalSeconds: Double(Int.random(in: 0...3, using: &rng)) * 300,
                                 maxFetchesPerAppPerDay: Bool.random(using: &rng) ? Int.random(in: 1...3, using: &rng) : nil),
            generatedAt: 0)
        let problem = try _Problem(request)
        #expect(problem.days.count == 2)
        let lambda = [Double.random(in: 0...0.8, using: &rng), Double.random(in: 0...0.8, using: &rng)]
        let slots = _AppDP(problem: problem, app: 0).solve(lambda: lambda)
        #expect(abs(Self.value(problem, slots, lambda: lambda) - Self.bruteForce(problem, lambda: lambda)) < 1e-9)
        #expect(zip(slots, slots.dropFirst()).allSatisfy { $1 - $0 >= problem.intervalSlots })
    }
}
