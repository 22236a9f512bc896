import FetchPlanner
import Foundation
import Testing
import TestSupport

/// Plans on tiny inputs against the brute-force optimum.
@Suite struct OptimalityTests {
    /// The best value over every feasible set of fetches at slot starts whose energy fits the budget
    /// (only the minimum interval and budget constrain; each app's value is the union of the
    /// `[j, j + K)` slot ranges it serves).
    static func bruteForce(_ r: PlanningRequest) -> Double {
        let k = Int(r.tauSeconds / r.slotSeconds), m = max(1, Int((r.rules.minimumIntervalSeconds / r.slotSeconds).rounded(.up)))
        let candidates = r.apps.indices.flatMap { a in (0..<r.slotCount).map { (a, $0) } }
        func value(_ chosen: [(Int, Int)]) -> Double {
            var total = 0.0
            for a in r.apps.indices {
                var covered = Set<Int>()
                for (b, j) in chosen where b == a { covered.formUnion(j..<min(r.slotCount, j + k)) }
                total += covered.reduce(0) { $0 + r.apps[a].slotProbabilities[$1] }
            }
            return total
        }
        var best = 0.0
        func extend(_ chosen: [(Int, Int)], energy: Double, from: Int) {
            best = max(best, value(chosen))
            for c in from..<candidates.count {
                let (a, j) = candidates[c]
                let cost = r.apps[a].energyCost
                guard energy + cost <= r.budget.energyUnitsPerDay + 1e-9,
                      !chosen.contains(where: { $0.0 == a && abs($0.1 - j) < m }) else { continue }
                extend(chosen + [(a, j)], energy: energy + cost, from: c + 1)
            }
        }
        extend([], energy: 0, from: 0)
        return best
    }

    static func tiny(_ seed: UInt64, minimumIntervalSeconds: Double) -> PlanningRequest {
        var rng = SeededGenerator(seed: seed)
        let apps = (0..<3).map { a in
            AppForecast(app: "a\(a)", slotProbabilities: (0..<9).map { _ in (pow(Double.random(in: 0..<1, using: &rng), 2) * 100).rounded() / 100 })
        }
        return PlanningRequest(device: "tiny", horizonStart: 0, slotSeconds: 300, slotCount: 9, utcOffsetSeconds: 0,
                               tauSeconds: 900, budget: PlanningBudget(energyUnitsPerDay: Double(1 + seed % 3)), apps: apps,
                               rules: PlatformRules(minimumIntervalSeconds: minimumIntervalSeconds, deviceFetchesPerHour: nil,
                                                    minimumValue: 0),
                               generatedAt: 0)
    }

    @Test(arguments: Array(UInt64(1)...40))
    func plansStayWithinOptimumAndGreedyWithinItsBound(seed: UInt64) throws {
        let request = Self.tiny(seed, minimumIntervalSeconds: 300)
        let optimum = Self.bruteForce(request)
        let greedy = try FetchPlanner.objective(request, method: .greedy).value
        let lagrangian = try FetchPlanner.objective(request, method: .lagrangian).value
        let best = try FetchPlanner.objective(request, method: .best).value
        #expect(greedy <= optimum + 1e-9 && lagrangian <= optimum + 1e-9)
        #expect(greedy >= (1 - exp(-1)) * optimum - 1e-9, "greedy below (1 - 1/e) of the optimum")
        #expect(best >= max(greedy, lagrangian) - 1e-12)
        _ = try _Requests.plan(request)
    }

    @Test(arguments: Array(UInt64(1)...20))
    func unequalCostsStayWithinTheCostBenefitBound(seed: UInt64) throws {
        var request = Self.tiny(seed, minimumIntervalSeconds: 300)
        for a in request.apps.indices { request.apps[a].energyCost = [0.5, 1, 1.5][(Int(seed) + a) % 3] }
        request.budget.energyUnitsPerDay = 2
        let optimum = Self.bruteForce(request)
        let greedy = try FetchPlanner.objective(request, method: .greedy).value
        let best = try FetchPlanner.objective(request, method: .best).value
        #expect(greedy >= (1 - exp(-1)) / 2 * optimum - 1e-9)
        #expect(best <= optimum + 1e-9 && best >= greedy - 1e-12)
        _ = try _Requests.plan(request)
    }

    @Test func bestMatchesTheOptimumOnNearlyEveryTinyCase() throws {
        var matches = 0, greedyMatches = 0
        for seed in UInt64(1)...40 {
            for interval in [300.0, 900] {
                let request = Self.tiny(seed, minimumIntervalSeconds: interval)
                let optimum = Self.bruteForce(request)
                if try FetchPlanner.objective(request, method: .best).value >= optimum - 1e-9 { matches += 1 }
                if try FetchPlanner.objective(request, method: .greedy).value >= optimum - 1e-9 { greedyMatches += 1 }
            }
        }
        #expect(matches == 80, "best optimal on \(matches) of 80")
        #expect(matches >= greedyMatches)
    }

    @Test func knownAnswerOnOneApp() throws {
        let p = [0, 0, 0.5, 0.5, 0, 0, 0.9, 0, 0, 0]
        var request = PlanningRequest(device: "d", horizonStart: 0, slotSeconds: 300, slotCount: 10, utcOffsetSeconds: 0,
                                      tauSeconds: 600, budget: PlanningBudget(energyUnitsPerDay: 1),
                                      apps: [AppForecast(app: "a", slotProbabilities: p)], generatedAt: 0)
        var schedule = try _Requests.plan(request)
        #expect(schedule.windows.map(\.atUnix) == [600])
        #expect(schedule.windows.first?.expectedHits == 1.0)
        #expect(schedule.windows.first?.probability == 1.0)
        request.budget.energyUnitsPerDay = 2
        schedule = try _Requests.plan(request)
        #expect(schedule.windows.map(\.atUnix) == [600, 1800])
        #expect(abs(schedule.objective.expectedHits - 1.9) < 1e-9)
    }

    @Test func lagrangianIsAtLeastAsGoodAsGreedyOnRealisticDays() throws {
        var greedy = 0.0, lagrangian = 0.0
        for seed in UInt64(1)...3 {
            let request = SyntheticRequests.request(kind: .realistic, apps: 20, budget: 8, seed: seed)
            greedy += try FetchPlanner.objective(request, method: .greedy).value
            lagrangian += try FetchPlanner.objective(request, method: .lagrangian).value
        }
        #expect(lagrangian >= greedy - 1e-9)
    }
}
