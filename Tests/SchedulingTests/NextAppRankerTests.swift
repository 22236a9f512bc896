import LaunchHistory
import Scheduling
import Testing

/// ``NextAppRanker``: the mixture's math on hand-counted histories, the learn's causality
/// (a successor after the day's start never trains that day's weights) and determinism.
@Suite struct NextAppRankerTests {
    /// Day 19 000, UTC, minute `minute` after 08:00 (or the day after, `day` = 1).
    private func launch(_ app: String, minute: Double, day: Double = 0) -> LaunchEvent {
        LaunchEvent(device: "d", app: app, instant: (19_000 + day) * 86_400 + 8 * 3600 + minute * 60, utcOffsetSeconds: 0)
    }

    /// What the evaluation does: observe, learn at each new local day, rank.
    private func rankings(_ launches: [LaunchEvent]) -> [[String]] {
        var ranker = NextAppRanker()
        var day: Int?
        return launches.map { launch in
            ranker.observe(launch)
            if day != launch.localDay {
                ranker.learn(dayStart: Double(launch.localDay) * 86_400, localDay: launch.localDay)
                day = launch.localDay
            }
            return ranker.ranking()
        }
    }

    /// a b a b a in one hour, uniform weights and rank shares (no learn yet): p = (.6, .4);
    /// P₁(b | a) = (2 + .4) / 3 = .8, P₁(a | a) = .6 / 3 = .2; after the pair (b, a), b came once:
    /// P₂(b) = (1 + .8) / 2 = .9, P₂(a) = .2 / 2 = .1; hour: P₄(a) = (3 + 4·.6) / 9 = .6,
    /// P₄(b) = (2 + 4·.4) / 9 = .4; recency 1/12 each (a rank 0, b rank 1).
    @Test func mixtureScoresMatchHandCounts() {
        var ranker = NextAppRanker()
        for (k, app) in ["a", "b", "a", "b", "a"].enumerated() { ranker.observe(launch(app, minute: Double(k))) }
        let scores = Dictionary(uniqueKeysWithValues: ranker.scores().map { ($0.app, $0.score) })
        #expect(abs((scores["b"] ?? 0) - 0.25 * (0.8 + 0.9 + 1.0 / 12 + 0.4)) < 1e-12)
        #expect(abs((scores["a"] ?? 0) - 0.25 * (0.2 + 0.1 + 1.0 / 12 + 0.6)) < 1e-12)
        #expect(ranker.ranking() == ["b", "a"])
        #expect(ranker.ranking(limit: 1) == ["b"])
        #expect(NextAppRanker().ranking().isEmpty)
    }

    /// EM on components with disjoint support converges to the components' shares of the rows.
    @Test func mixtureWeightsAreTheMaximumLikelihood() {
        let weights = NextAppRanker.mixtureWeights([[1, 0], [1, 0], [0, 1]])
        #expect(abs(weights[0] - 2.0 / 3) < 1e-12 && abs(weights[1] - 1.0 / 3) < 1e-12)
        // Identical components: every weighting is optimal; EM keeps the uniform start.
        #expect(NextAppRanker.mixtureWeights([[0.5, 0.5], [0.2, 0.2]]) == [0.5, 0.5])
        #expect(NextAppRanker.mixtureWeights([[0, 0]]) == [0.5, 0.5])
        #expect(NextAppRanker.mixtureWeights([]).isEmpty)
    }

    /// Day 0: a b a b gives two rows (b's first launch has no row: b was not a candidate), each
    /// successor at recency rank 1, so q₁ = 2.5 / 8 and the other eleven shares .5 / 8. The day-1 launch (whose predecessor is on day 0) comes after
    /// the day's start: whether it is `a` (rank 0) or `b` (rank 1), day 1's learn is the same.
    @Test func learnUsesOnlySuccessorsBeforeTheDayStart() {
        let dayZero = ["a", "b", "a", "b"].enumerated().map { launch($0.element, minute: Double($0.offset)) }
        var learnt: [NextAppRanker] = []
        for next in ["a", "b"] {
            var ranker = NextAppRanker()
            for event in dayZero { ranker.observe(event) }
            ranker.observe(launch(next, minute: -400, day: 1))
            ranker.learn(dayStart: 19_001 * 86_400, localDay: 19_001)
            learnt.append(ranker)
        }
        #expect(learnt[0].rankShares == learnt[1].rankShares && learnt[0].weights == learnt[1].weights)
        #expect(abs(learnt[0].rankShares[1] - 2.5 / 8) < 1e-12 && abs(learnt[0].rankShares[0] - 0.5 / 8) < 1e-12)
        #expect(abs(learnt[0].weights.reduce(0, +) - 1) < 1e-9)
    }

    /// A ranking uses no later launch: changing the launches after event 5 leaves rankings 0…5
    /// alone, and the same history always gives the same rankings and scores.
    @Test func rankingsAreCausalAndDeterministic() {
        let apps = ["a", "b", "c", "a", "c", "b", "a", "b", "c", "c", "a"]
        var history: [LaunchEvent] = []
        for (k, app) in apps.enumerated() { history.append(launch(app, minute: Double(k * 97), day: Double(k / 4))) }
        var changed = history
        for k in 6..<changed.count { changed[k].app = changed[k].app == "a" ? "d" : "a" }
        let original = rankings(history)
        #expect(rankings(changed)[0...5] == original[0...5])
        #expect(rankings(history) == original)
        var first = NextAppRanker(), second = NextAppRanker()
        for event in history { first.observe(event); second.observe(event) }
        #expect(first.scores().map(\.score) == second.scores().map(\.score))
    }
}
