import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
@testable import Evaluation

/// Score counts kept in sorted runs on disk give exactly the ROC AUC of all the cells at once,
/// and a pool that spills prints byte for byte what one that keeps every score in memory prints.
@Suite struct ScoreRunsTests {
    /// Score counts written as a dictionary literal, one entry per score.
    static func entries(_ counts: [Double: _LabelCounts]) -> [_ScoreCount] {
        counts.map { _ScoreCount(score: $0.key, counts: $0.value) }
    }

    /// Random cells with ties and distinct scores, added in chunks to counts that spill every
    /// few scores and merge their runs: the AUC is bit for bit `ProbabilityMetrics.rocAuc`.
    @Test(arguments: [(1, 2), (3, 2), (7, 4), (1 << 19, 32)])
    func spilledRunsGiveTheExactAuc(_ memoryLimit: Int, _ maximumRuns: Int) throws {
        var rng = SeededGenerator(seed: 11)
        let tied = (0..<400).map { _ in Double(Int.random(in: 0...20, using: &rng)) / 20 }
        let distinct = (0..<600).map { _ in Double.random(in: 0...1, using: &rng) }
        let scores = tied + distinct
        let labels = scores.map { Double.random(in: 0...1, using: &rng) < $0 }
        var runs = _ScoreRuns(memoryLimit: memoryLimit, maximumRuns: maximumRuns)
        var chunk = _ProbabilityCells()
        for (i, (s, y)) in zip(scores, labels).enumerated() {
            chunk.append(probability: s, label: y)
            if i % 37 == 36 { try runs.add(chunk.counts); chunk = _ProbabilityCells() }
        }
        try runs.add(chunk.counts)
        #expect(memoryLimit > 1000 ? runs.runCount == 0 : runs.runCount >= 1)
        #expect(runs.runCount < maximumRuns)
        #expect(try _ScoreRuns.rocAuc([runs]) == ProbabilityMetrics.rocAuc(scores: scores, labels: labels))
        // Split into two parts, in either order: the same number.
        var left = _ScoreRuns(memoryLimit: memoryLimit, maximumRuns: maximumRuns), right = left
        var a = _ProbabilityCells(), b = _ProbabilityCells()
        for (i, (s, y)) in zip(scores, labels).enumerated() {
            if i % 3 == 0 { a.append(probability: s, label: y) } else { b.append(probability: s, label: y) }
        }
        try left.add(a.counts)
        try right.add(b.counts)
        #expect(try _ScoreRuns.rocAuc([left, right]) == ProbabilityMetrics.rocAuc(scores: scores, labels: labels))
        #expect(try _ScoreRuns.rocAuc([right, left]) == ProbabilityMetrics.rocAuc(scores: scores, labels: labels))
    }

    /// Repeated scores (a histogram's rates) are ranked in memory as they come: the buffer holds
    /// their distinct values, not every day's entries, and the AUC is still exact; distinct
    /// scores past the first ranking are all kept, the AUC exact too.
    /// The spill file's words are eight little-endian bytes each, and read back as written —
    /// including a score's bits and counts through the file itself.
    @Test func spillFileWordsRoundTrip() throws {
        #expect(_SpillFile.bytes(of: [0x0102_0304_0506_0708, 0, UInt64.max])
            == [8, 7, 6, 5, 4, 3, 2, 1] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 255, count: 8))
        #expect(_SpillFile.words(of: [8, 7, 6, 5, 4, 3, 2, 1, 9]) == [0x0102_0304_0506_0708])
        let words: [UInt64] = [(0.25).bitPattern, 3, 7, (-0.0).bitPattern, UInt64.max, 1 << 63]
        let file = try _SpillFile()
        let first = try file.write(words)
        let second = try file.write([42])
        #expect(first == 0 && second == words.count * 8)
        #expect(try file.read(at: first, words: words.count) == words)
        #expect(try file.read(at: second, words: 1) == [42])
        #expect(throws: EvaluationSpillError.self) { try file.read(at: second, words: 2) }
    }

    @Test func repeatedScoresAreRankedAsTheyCome() throws {
        var rng = SeededGenerator(seed: 5)
        var scores: [Double] = [], labels: [Bool] = []
        var runs = _ScoreRuns()
        for _ in 0..<400 {
            var chunk = _ProbabilityCells()
            for _ in 0..<40 {
                let s = Double(Int.random(in: 0...28, using: &rng)) / 28
                let y = Double.random(in: 0...1, using: &rng) < s
                chunk.append(probability: s, label: y)
                scores.append(s)
                labels.append(y)
            }
            try runs.add(chunk.counts)
        }
        #expect(scores.count > 3 * _ScoreRuns.firstRanking)
        #expect(runs.bufferedEntries < _ScoreRuns.firstRanking + 40 && runs.runCount == 0)
        #expect(try _ScoreRuns.rocAuc([runs]) == ProbabilityMetrics.rocAuc(scores: scores, labels: labels))
        var distinct = _ScoreRuns()
        var all = _ProbabilityCells()
        for _ in 0..<3 * _ScoreRuns.firstRanking {
            let s = Double.random(in: 0...1, using: &rng)
            all.append(probability: s, label: Double.random(in: 0...1, using: &rng) < s)
        }
        for start in stride(from: 0, to: all.counts.count, by: 500) {
            try distinct.add(Array(all.counts[start..<min(start + 500, all.counts.count)]))
        }
        #expect(distinct.bufferedEntries == all.counts.count)
        #expect(try _ScoreRuns.rocAuc([distinct]) == all.rocAuc)
    }

    /// Hand-computed: positives {0.35, 0.8} against negatives {0.1, 0.4} win 3 of 4 pairs;
    /// ties {0.5, 0.5 | 0.5, 0.2} (the 0.5s in different runs) win 1.5 of 2 each; one class → nil.
    @Test func handComputedAucThroughRuns() throws {
        var runs = _ScoreRuns(memoryLimit: 1, maximumRuns: 8)
        try runs.add(Self.entries([0.1: _LabelCounts(positives: 0, negatives: 1), 0.4: _LabelCounts(positives: 0, negatives: 1)]))
        try runs.add(Self.entries([0.35: _LabelCounts(positives: 1, negatives: 0), 0.8: _LabelCounts(positives: 1, negatives: 0)]))
        #expect(try _ScoreRuns.rocAuc([runs]) == 0.75)
        var ties = _ScoreRuns(memoryLimit: 1, maximumRuns: 8)
        try ties.add(Self.entries([0.5: _LabelCounts(positives: 2, negatives: 0)]))
        try ties.add(Self.entries([0.5: _LabelCounts(positives: 0, negatives: 1), 0.2: _LabelCounts(positives: 0, negatives: 1)]))
        #expect(ties.runCount == 2)
        #expect(try _ScoreRuns.rocAuc([ties]) == 0.75)
        // The same ties kept in memory (one buffer, the 0.5s from two adds summed when sorted).
        var kept = _ScoreRuns(memoryLimit: 100, maximumRuns: 8)
        try kept.add(Self.entries([0.5: _LabelCounts(positives: 2, negatives: 0)]))
        try kept.add(Self.entries([0.5: _LabelCounts(positives: 0, negatives: 1), 0.2: _LabelCounts(positives: 0, negatives: 1)]))
        #expect(kept.runCount == 0)
        #expect(try _ScoreRuns.rocAuc([kept]) == 0.75)
        var one = _ScoreRuns(memoryLimit: 1, maximumRuns: 8)
        try one.add(Self.entries([0.5: _LabelCounts(positives: 3, negatives: 0)]))
        #expect(try _ScoreRuns.rocAuc([one]) == nil)
        #expect(try _ScoreRuns.rocAuc([_ScoreRuns()]) == nil)
    }

    /// StudentLife, every policy with probabilities: a pool spilling every 5 scores prints the
    /// same JSON as the default pool, and its AUCs equal the AUC of all score counts merged in
    /// one dictionary and sorted (the implementation before runs).
    @Test func spillingPoolPrintsTheSameReportAsSortingAllScores() async throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("studentlife-small/launches.csv"))
        var options = EvaluationOptions()
        options.policies = ["histogram", "interval", "oracle"]
        var partials: [EvaluationPartial.Device] = []
        var devices = history.devices.makeIterator()
        try await Evaluator(options: options).evaluate(next: { devices.next() }) { partials.append($0) }
        let header = EvaluationPartial.Header(options: options)
        var memory = EvaluationPool(header: header)
        var spilling = EvaluationPool(header: header, scores: _ScoreRuns(memoryLimit: 5, maximumRuns: 3))
        for device in partials.reversed() {
            try memory.add(device)
            try spilling.add(device)
        }
        let report = try spilling.report
        #expect(try report.json() == (try memory.report.json()))
        let single = try await Evaluator(options: options).evaluate(history).report.json()
        #expect(try report.json() == single)
        for (p, policy) in options.policies.enumerated() {
            for (b, budget) in options.sortedBudgets.enumerated() {
                var all = _ProbabilityCells()
                for device in partials { if let cells = device.tallies?[p][b].probabilities { all.mergeCounts(cells) } }
                let result = try #require(report.result(policy: policy, budget: budget))
                #expect(result.rocAuc == all.rocAuc, "\(policy) B=\(budget)")
                #expect(result.probCells == (all.counts.isEmpty && policy != "histogram" ? nil : all.count))
            }
        }
        #expect(report.result(policy: "histogram", budget: 8)?.rocAuc != nil)
    }
}
