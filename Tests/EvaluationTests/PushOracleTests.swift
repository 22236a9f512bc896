import Testing
import TestSupport
@testable import Evaluation

@Suite struct PushOracleTests {
    /// Best cover and the fewest pushes reaching it, by trying every set of whole-second push
    /// instants in `[notBefore, end)` with at most `k` pushes spaced ≥ `spacing`.
    static func bruteForce(_ times: [Double], tau: Double, k: Int, spacing: Double, notBefore: Int, end: Int)
        -> (covered: Int, pushes: Int) {
        var best = (covered: 0, pushes: 0)
        func visit(_ chosen: [Double], from: Int) {
            let covered = PushOracle.covered(times: times, pushes: chosen, tauSeconds: tau)
            if covered > best.covered || (covered == best.covered && chosen.count < best.pushes) {
                best = (covered, chosen.count)
            }
            guard chosen.count < k else { return }
            var f = from
            while f < end {
                if let last = chosen.last, Double(f) - last < spacing { f += 1; continue }
                visit(chosen + [Double(f)], from: f + 1)
                f += 1
            }
        }
        visit([], from: notBefore)
        return best
    }

    @Test func equalsBruteForceOnSmallRandomCases() {
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<150 {
            let n = Int.random(in: 0...7, using: &rng)
            let times = (0..<n).map { _ in Double(Int.random(in: 0...36, using: &rng)) }.sorted()
            let tau: Double = [3.0, 5, 8].randomElement(using: &rng) ?? 5
            let spacing: Double = [0.0, 2, 4, 9].randomElement(using: &rng) ?? 4
            let k = Int.random(in: 0...3, using: &rng)
            let notBefore: Int = [0, 4].randomElement(using: &rng) ?? 0
            let coverable = times.filter { $0 - 1 >= Double(notBefore) }
            let pushes = PushOracle.pushInstants(times: coverable, tauSeconds: tau, maxPushes: k, spacingSeconds: spacing,
                                                 notBefore: Double(notBefore))
            let expected = Self.bruteForce(times, tau: tau, k: k, spacing: spacing, notBefore: notBefore, end: 38)
            #expect(PushOracle.covered(times: times, pushes: pushes, tauSeconds: tau) == expected.covered,
                    "times \(times) tau \(tau) k \(k) spacing \(spacing) notBefore \(notBefore): pushes \(pushes)")
            #expect(pushes.count == expected.pushes)
            #expect(pushes.count <= k && pushes.allSatisfy { $0 >= Double(notBefore) })
            #expect(zip(pushes, pushes.dropFirst()).allSatisfy { $1 - $0 >= spacing })
        }
    }

    @Test func knownAnswer() {
        // Launches at 10, 11, 30, 31, 50 s; tau 5 s, spacing 25 s, two pushes: 9 covers 10–11, and
        // the next allowed push (≥ 34) can reach only 50: 3 launches.
        let pushes = PushOracle.pushInstants(times: [10, 11, 30, 31, 50], tauSeconds: 5, maxPushes: 2, spacingSeconds: 25,
                                             notBefore: 0)
        #expect(pushes == [9, 49])
        #expect(PushOracle.covered(times: [10, 11, 30, 31, 50], pushes: pushes, tauSeconds: 5) == 3)
    }
}
