import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
@testable import Evaluation

/// Partial results merge into exactly the single run: the numbers (exact sums, exact score counts
/// for ROC AUC) and the JSON bytes, wherever the devices are split and in whichever order.
@Suite struct PartialMergeTests {
    /// StudentLife split at every device boundary, merged in both orders, daily and event mode,
    /// with and without per-device results: byte for byte the single run's JSON.
    @Test(arguments: [(EvaluationMode.daily, false), (.daily, true), (.event, false)])
    func studentLifeSplitAtEveryDeviceBoundaryMergesToTheSingleRun(_ mode: EvaluationMode, _ perDevice: Bool) async throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("studentlife-small/launches.csv"))
        var options = EvaluationOptions()
        options.mode = mode
        options.policies = mode == .event ? ["markov", "histogram", "oracle"] : ["histogram", "interval", "oracle"]
        options.perDevice = perDevice
        let single = try await Evaluator(options: options).evaluate(history).report.json()

        var lines: [String] = []
        var devices = history.devices.makeIterator()
        try await Evaluator(options: options).evaluate(next: { devices.next() }) { lines.append(try DeterministicJSON.line($0)) }
        #expect(lines.count == history.devices.count && history.devices.count > 1)
        let header = try DeterministicJSON.line(EvaluationPartial.Header(options: options))
        for k in 0...lines.count {
            let a = try Fixtures.temporaryFile(header + lines[..<k].joined(), suffix: ".jsonl")
            let b = try Fixtures.temporaryFile(header + lines[k...].reversed().joined(), suffix: ".jsonl")
            defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
            #expect(try EvaluationPartial.merge([a, b]).json() == single, "split at \(k)")
            #expect(try EvaluationPartial.merge([b, a]).json() == single, "split at \(k), reversed")
        }
    }

    /// Mann–Whitney with average ranks, by hand: positives {0.35, 0.8} against negatives
    /// {0.1, 0.4} win 3 of 4 pairs; with ties {0.5, 0.5 | 0.5, 0.2} each positive wins 1.5 of 2.
    @Test func rocAucFromScoreCountsMatchesHandComputedValues() {
        #expect(ProbabilityMetrics.rocAuc(scores: [0.1, 0.4, 0.35, 0.8], labels: [false, false, true, true]) == 0.75)
        #expect(ProbabilityMetrics.rocAuc(scores: [0.5, 0.5, 0.5, 0.2], labels: [true, false, true, false]) == 0.75)
        #expect(ProbabilityMetrics.rocAuc(scoreCounts: [(0.2, 0, 1), (0.5, 2, 1)]) == 0.75)
        #expect(ProbabilityMetrics.rocAuc(scoreCounts: [(0.5, 3, 0)]) == nil)
    }

    /// Cells split between two tallies and merged give the AUC of all cells.
    @Test func mergedScoreCountsGiveTheAucOfAllCells() {
        var rng = SeededGenerator(seed: 7)
        let scores = (0..<500).map { _ in Double(Int.random(in: 0...20, using: &rng)) / 20 }
        let labels = scores.map { Double.random(in: 0...1, using: &rng) < $0 }
        var left = _ProbabilityCells(), right = _ProbabilityCells()
        for (i, (s, y)) in zip(scores, labels).enumerated() {
            if i % 3 == 0 { left.append(probability: s, label: y) } else { right.append(probability: s, label: y) }
        }
        left.mergeCounts(right)
        #expect(left.rocAuc == ProbabilityMetrics.rocAuc(scores: scores, labels: labels))
        #expect(left.count == 500)
    }

    /// The exact sum is the correctly rounded sum in any order.
    @Test func exactSumIsOrderIndependentAndCorrectlyRounded() {
        for terms in [[1e16, 1, -1e16], [1, -1e16, 1e16], [-1e16, 1e16, 1]] {
            var s = _ExactSum()
            for t in terms { s.add(t) }
            #expect(s.value == 1)
        }
        var tenth = _ExactSum()
        for _ in 0..<10 { tenth.add(0.1) }
        #expect(tenth.value == 1.0)
        #expect(_ExactSum().value == 0)
    }

    /// A device twice, or partials of different evaluations, are refused naming file and line.
    @Test func mergeRefusesDuplicateDevicesAndMixedSettings() async throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let options = EvaluationOptions()
        var lines: [String] = []
        var devices = history.devices.makeIterator()
        try await Evaluator(options: options).evaluate(next: { devices.next() }) { lines.append(try DeterministicJSON.line($0)) }
        let header = try DeterministicJSON.line(EvaluationPartial.Header(options: options))
        let a = try Fixtures.temporaryFile(header + lines.joined(), suffix: ".jsonl")
        var other = options
        other.budgets = [8]
        let b = try Fixtures.temporaryFile(try DeterministicJSON.line(EvaluationPartial.Header(options: other)), suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        #expect(throws: EvaluationPartialError(file: a, line: 2, expected: "device '\(history.devices[0].device)' in only one partial line")) {
            try EvaluationPartial.merge([a, a])
        }
        #expect(throws: EvaluationPartialError.self) { try EvaluationPartial.merge([a, b]) }
    }
}
