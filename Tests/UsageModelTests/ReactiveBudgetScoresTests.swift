import Foundation
import Testing
import TestSupport
import UsageModel

/// The reactive section keeps only the trigger-score ranks a budget's threshold reads (model
/// size, issue 15): every budget reads the same score as from the full list, and files that hold
/// the full list (`triggerScores`) are still read.
@Suite struct ReactiveBudgetScoresTests {
    static func statistics(_ scores: [Double], scoreDays: Int) -> ReactiveStatistics {
        ReactiveStatistics(apps: ["a", "b"], days: 28, hourlyColdLaunches: [Array(repeating: 0, count: 24), Array(repeating: 1, count: 24)],
                           launches: [3, 4], transitions: [.init(from: 0, to: 1, count: 2)],
                           coefficients: [], triggerScores: scores, scoreDays: scoreDays)
    }

    /// What the threshold read before: the `(B × scoreDays)`-th largest, else the smallest.
    static func fullListScore(_ sorted: [Double], scoreDays: Int, budget: Int) -> Double? {
        let m = budget * max(1, scoreDays)
        guard m > 0, let smallest = sorted.last else { return nil }
        return m <= sorted.count ? sorted[m - 1] : smallest
    }

    @Test func ranksOfScoreDaysThenTheSmallest() {
        let kept = Self.statistics([0.9, 0.8, 0.7, 0.6, 0.5], scoreDays: 2)
        #expect(kept.budgetScores == [0.8, 0.6, 0.5])
        #expect([0, 1, 2, 3, 10].map { kept.budgetScore(budget: $0) } == [nil, 0.8, 0.6, 0.5, 0.5])
        #expect(Self.statistics([], scoreDays: 3).budgetScore(budget: 1) == nil)
    }

    @Test(arguments: [0, 1, 2, 3, 7, 14])
    func everyBudgetReadsWhatTheFullListGave(scoreDays: Int) {
        var generator = SeededGenerator(seed: UInt64(scoreDays) + 17)
        for count in [0, 1, 5, 13, 14, 15, 200] {
            let sorted = (0..<count).map { _ in Double(Int.random(in: 0...10_000, using: &generator)) / 10_000 }.sorted(by: >)
            let kept = Self.statistics(sorted, scoreDays: scoreDays)
            for budget in 0...40 {
                #expect(kept.budgetScore(budget: budget) == Self.fullListScore(sorted, scoreDays: scoreDays, budget: budget),
                        "\(count) scores, scoreDays \(scoreDays), B = \(budget)")
            }
        }
    }

    @Test func anOlderFileWithEveryScoreReadsAsTheSameBudgetScores() throws {
        let full = [0.9, 0.8, 0.7, 0.6, 0.5]
        var written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.statistics(full, scoreDays: 2))) as? [String: Any] ?? [:]
        #expect(written["triggerScores"] == nil)
        #expect(written["budgetScores"] as? [Double] == [0.8, 0.6, 0.5])
        written["budgetScores"] = nil
        written["triggerScores"] = full
        let old = try JSONDecoder().decode(ReactiveStatistics.self, from: JSONSerialization.data(withJSONObject: written))
        #expect(old == Self.statistics(full, scoreDays: 2))
    }
}
