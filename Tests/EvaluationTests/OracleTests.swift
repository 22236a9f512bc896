import Testing
import LaunchHistory
import ReveilleCore
import TestSupport
@testable import Evaluation

/// The exact oracle against brute force, and the replay's upper bound.
@Suite struct OracleTests {
    /// Best cover by trying every set of at most `budget` candidate fetches (one second before
    /// each launch): (covered, fewest fetches for that cover).
    func bruteForce(_ groups: [(app: String, times: [Double])], budget: Int, tau: Double) -> (covered: Int, fetches: Int) {
        let candidates = groups.flatMap { g in g.times.map { (g.app, $0 - 1) } }
        var best = (covered: 0, fetches: 0)
        for mask in 0..<(1 << candidates.count) where mask.nonzeroBitCount <= budget {
            let chosen = candidates.indices.filter { mask & (1 << $0) != 0 }.map { candidates[$0] }
            var covered = 0
            for g in groups {
                for t in g.times where chosen.contains(where: { $0.0 == g.app && t - tau <= $0.1 && $0.1 < t }) { covered += 1 }
            }
            if covered > best.covered || (covered == best.covered && mask.nonzeroBitCount < best.fetches) {
                best = (covered, mask.nonzeroBitCount)
            }
        }
        return best
    }

    @Test func equalsBruteForceOnRandomCases() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<150 {
            let tau = Double(Int.random(in: 3...20, using: &rng))
            let apps = Int.random(in: 1...3, using: &rng)
            var groups: [(app: String, times: [Double])] = []
            var total = 0
            for a in 0..<apps {
                let n = Int.random(in: 0...min(5, 10 - total), using: &rng)
                total += n
                let times = (0..<n).map { _ in Double(Int.random(in: 1...60, using: &rng)) }.sorted()
                if n > 0 { groups.append(("app\(a)", times)) }
            }
            let budget = Int.random(in: 0...5, using: &rng)
            let plan = OracleCover.plan(launchesByApp: groups, budget: budget, tauSeconds: tau)
            let expected = bruteForce(groups, budget: budget, tau: tau)
            #expect(plan.covered == expected.covered, "groups \(groups) budget \(budget) tau \(tau)")
            #expect(plan.fetches.count == expected.fetches, "fewest fetches: groups \(groups) budget \(budget)")
            // The plan really covers what it claims.
            var covered = 0
            for g in groups {
                for t in g.times where plan.fetches.contains(where: { $0.app == g.app && t - tau <= $0.instant && $0.instant < t }) {
                    covered += 1
                }
            }
            #expect(covered == plan.covered)
        }
    }

    @Test func prefersEarlierAppsAndLaterLaunchesOnTies() {
        let groups: [(app: String, times: [Double])] = [("a", [100, 10_000]), ("b", [500])]
        let plan = OracleCover.plan(launchesByApp: groups, budget: 1, tauSeconds: 3600)
        #expect(plan.fetches == [Fetch(app: "a", instant: 9_999)])
    }

    @Test func oracleCoversOnlyLaunchesAfterMidnightPlusOneSecond() async throws {
        let launches = [Toy.launch("d1", "a", 0, 9), LaunchEvent(device: "d1", app: "a", instant: Toy.at(1, 0), utcOffsetSeconds: 0),
                        Toy.launch("d1", "a", 1, 12), Toy.launch("d1", "a", 2, 9)]
        let report = try await Evaluator(options: Toy.options(["oracle"], budgets: [4])).evaluate(LaunchHistory(events: launches)).report
        let r = try #require(report.result(policy: "oracle", budget: 4))
        #expect(r.coldLaunches == 2 && r.hits == 1 && r.oracleHits == 1 && r.fetches == 1)
    }
}
