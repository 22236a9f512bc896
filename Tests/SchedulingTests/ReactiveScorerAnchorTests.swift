import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Testing
import TestSupport
import UsageModel
@testable import Scheduling

/// The trigger scorer is fitted from the base rate (zero weights, the constant at the labels'
/// log-odds) on anchor days (`ReactiveStatistics.scorerRefitDays`)
/// and otherwise taken from the day before: its coefficients as they are while the window they
/// were fitted on held at least `scorerReuseShare` of the day's launches, else a fit of the day's
/// own rows started from them — the same optimum, so the stored coefficients are those of a fit
/// from zero — and a walk-forward validator (days learnt once and kept) learns what learning
/// each day afresh learns.
@Suite struct ReactiveScorerAnchorTests {
    @Test func anchorsAreTheDaysDivisibleByK() {
        let k = ReactiveStatistics.scorerRefitDays
        #expect(k == 10)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_530) == 19_530)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_539) == 19_530)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_540) == 19_540)
        #expect(ReactiveStatistics.scorerAnchor(of: -1) == -10)
    }

    /// The cold start: zero weights and the constant at the labels' log-odds; the fit from it
    /// stores the coefficients the fit from zero stores (one optimum), in fewer steps.
    @Test func coldFitsStartFromTheBaseRate() throws {
        let start = ReactiveStatistics._baseRateStart([1, 0, 0, 0, 1, 0, 0, 0])
        #expect(start.count == ReactiveStatistics.featureCount)
        #expect(start.dropLast().allSatisfy { $0 == 0 })
        #expect(abs((start.last ?? 0) - log(1.0 / 3.0)) < 1e-15)
        var generator = SeededGenerator(seed: 5)
        let (x, labels) = try Self.scorerRows(4_000, in: -1...1, using: &generator) { -3 + 1.5 * $0[0] - 0.8 * $0[1] }
        let fromZero = try LogisticRegression.fit(x: x, y: labels, l2: 1)
        let fromBase = try LogisticRegression.fit(x: x, y: labels, l2: 1, start: ReactiveStatistics._baseRateStart(labels))
        #expect(fromBase.coefficients.map(ReactiveStatistics.stored) == fromZero.coefficients.map(ReactiveStatistics.stored))
        #expect(fromBase.iterations < fromZero.iterations)
    }

    /// The scorer's fits stop at ``ReactiveStatistics/scorerTolerance`` (10⁻⁴) instead of
    /// `LogisticRegression`'s 10⁻⁷, in no more steps (fewer in some of these fits), and store the
    /// same coefficients: cold fits (from the base rate) and warm ones (from another window's
    /// optimum), on rows shaped like the scorer's (nine features, the last a constant, rare
    /// positives).
    @Test func scorerToleranceStoresTheFullyConvergedCoefficients() throws {
        #expect(ReactiveStatistics.scorerTolerance == 1e-4)
        var fewerSteps = 0
        for seed in [3, 11, 29] as [UInt64] {
            var generator = SeededGenerator(seed: seed)
            func sample(_ rows: Int) throws -> (Matrix, [Double]) {
                try Self.scorerRows(rows, in: -2...2, using: &generator) { -3.5 + 1.2 * $0[0] - 0.7 * $0[1] + 0.4 * $0[2] * $0[3] }
            }
            let (before, beforeLabels) = try sample(3_000)
            let (x, labels) = try sample(6_000)
            let yesterday = try LogisticRegression.fit(x: before, y: beforeLabels, l2: 1).coefficients
            for start in [ReactiveStatistics._baseRateStart(labels), yesterday] {
                let full = try LogisticRegression.fit(x: x, y: labels, l2: 1, start: start)
                let scorer = try LogisticRegression.fit(x: x, y: labels, l2: 1, start: start,
                                                        tolerance: ReactiveStatistics.scorerTolerance)
                #expect(scorer.converged)
                #expect(scorer.iterations <= full.iterations, "seed \(seed)")
                if scorer.iterations < full.iterations { fewerSteps += 1 }
                #expect(scorer.coefficients.map(ReactiveStatistics.stored) == full.coefficients.map(ReactiveStatistics.stored),
                        "seed \(seed)")
            }
        }
        #expect(fewerSteps >= 2)
    }

    /// A cold fit of the scorer is staged (``ReactiveStatistics/scorerStageStride``) and stores
    /// the coefficients of the plain fit from the base rate, in fewer full steps, on rows shaped
    /// like the scorer's; below ``ReactiveStatistics/scorerStageRows`` it is the plain fit.
    @Test func stagedColdFitsStoreThePlainFitsCoefficients() throws {
        #expect(ReactiveStatistics.scorerStageStride == 16 && ReactiveStatistics.scorerStageRows == 2_000)
        #expect(ReactiveStatistics.scorerStageTolerance == 1e-5)
        var fewerSteps = 0
        for seed in [3, 11, 29, 41] as [UInt64] {
            var generator = SeededGenerator(seed: seed)
            let (x, labels) = try Self.scorerRows(12_000, in: -2...2, using: &generator) {
                -3.5 + 1.2 * $0[0] - 0.7 * $0[1] + 0.4 * $0[2] * $0[3]
            }
            let start = ReactiveStatistics._baseRateStart(labels)
            let plain = try LogisticRegression.fit(x: x, y: labels, l2: 1, start: start,
                                                   tolerance: ReactiveStatistics.scorerTolerance)
            let staged = try LogisticRegression.fitStaged(
                x: x, y: labels, l2: 1, start: start, tolerance: ReactiveStatistics.scorerStageTolerance,
                stride: ReactiveStatistics.scorerStageStride, minimumRows: ReactiveStatistics.scorerStageRows)
            #expect(staged.converged, "seed \(seed)")
            #expect(staged.coefficients.map(ReactiveStatistics.stored) == plain.coefficients.map(ReactiveStatistics.stored),
                    "seed \(seed)")
            if staged.iterations < plain.iterations { fewerSteps += 1 }
        }
        #expect(fewerSteps >= 3)
    }

    /// `rows` random rows shaped like the scorer's: `featureCount − 1` features uniform in
    /// `range`, then the constant 1; each labelled 1 with probability `σ(eta(row))`.
    static func scorerRows(_ rows: Int, in range: ClosedRange<Double>, using generator: inout SeededGenerator,
                           eta: ([Double]) -> Double) throws -> (Matrix, [Double]) {
        let width = ReactiveStatistics.featureCount
        var storage: [Double] = [], labels: [Double] = []
        for _ in 0..<rows {
            let x = (0..<(width - 1)).map { _ in Double.random(in: range, using: &generator) } + [1]
            storage += x
            labels.append(Double.random(in: 0..<1, using: &generator) < LogisticRegression.sigmoid(eta(x)) ? 1 : 0)
        }
        return (try Matrix(rows: rows, columns: width, storage: storage), labels)
    }

    /// A scorer is reused while the window it was fitted on held at least nine tenths of the
    /// day's launches, and never one that fitted nothing.
    @Test func scorerIsReusedUntilTheWindowGrowsByMoreThanANinth() {
        let nine = Array(repeating: 0.5, count: ReactiveStatistics.featureCount)
        #expect(ReactiveStatistics.scorerReuseShare == 0.9)
        #expect(_ScorerFit(coefficients: nine, windowLaunches: 90).reusable(byWindowLaunches: 100))
        #expect(_ScorerFit(coefficients: nine, windowLaunches: 500).reusable(byWindowLaunches: 100))
        #expect(!_ScorerFit(coefficients: nine, windowLaunches: 89).reusable(byWindowLaunches: 100))
        #expect(!_ScorerFit(coefficients: [], windowLaunches: 500).reusable(byWindowLaunches: 100))
        #expect(!_ScorerFit(coefficients: [1, 2], windowLaunches: 500).reusable(byWindowLaunches: 100))
    }

    /// Every learnable day of Wellbeing: a day fitted from the day before's coefficients stores
    /// the coefficients of the fit from zero, a day that reuses them stores them and carries the
    /// size of the window they were fitted on, an anchor day is fitted from zero, and the
    /// walk-forward validator's days equal fresh ones.
    @Test func warmStartedFitsStoreTheColdFitsCoefficients() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let first = try #require(launches.first).localDay, last = try #require(launches.last).localDay
        var validator = ReactiveValidator()
        var warmStarted = 0, reused = 0, anchors = 0
        for day in (first + 7)...last {
            let (start, _) = ReactiveValidator.clock(launches, day: day)
            let before = launches.prefix { $0.instant < start }
            var fresh = _ReactiveStatisticsMemo(), freshBefore = _ReactiveStatisticsMemo()
            let learnt = try fresh.learnDay(history: before, localDay: day, dayStart: start,
                                             firstLocalDay: first, tauSeconds: 3600)
            let cold = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                    firstLocalDay: first, tauSeconds: 3600, previous: nil)
            #expect(!learnt.statistics.coefficients.isEmpty)
            #expect(learnt.fit.coefficients == learnt.statistics.coefficients)
            let previousStart = ReactiveValidator.clock(launches, day: day - 1).start
            let previous = try freshBefore.learnDay(history: launches.prefix { $0.instant < previousStart },
                                                    localDay: day - 1, dayStart: previousStart,
                                                    firstLocalDay: first, tauSeconds: 3600).fit
            if ReactiveStatistics.scorerAnchor(of: day) == day {
                anchors += 1
                #expect(learnt.statistics == cold.statistics, "day \(day)")
                #expect(learnt.fit.windowLaunches == cold.statistics.launchTotal)
            } else if previous.reusable(byWindowLaunches: cold.statistics.launchTotal) {
                // Everything but the scorer (and the scores it gives) is the day's own.
                reused += 1
                #expect(learnt.fit == previous, "day \(day)")
                #expect(learnt.statistics.transitions == cold.statistics.transitions
                    && learnt.statistics.hourlyColdLaunches == cold.statistics.hourlyColdLaunches)
            } else {
                warmStarted += 1
                #expect(learnt.statistics == cold.statistics, "day \(day)")
                #expect(learnt.fit.windowLaunches == cold.statistics.launchTotal)
            }
            // The validator replays (and forgets) as the evaluator does before it learns the day.
            _ = try validator.dayTallies(history: launches, localDay: day, firstLocalDay: first, tauSeconds: 3600, budget: 8)
            let walked = try validator.learn(history: launches, localDay: day, dayStart: start, firstLocalDay: first,
                                             tauSeconds: 3600)
            #expect(walked == learnt.statistics, "day \(day)")
        }
        // Wellbeing's window grows through most of its 37 days: days are fitted and reused in turn.
        #expect(anchors >= 2)
        #expect(warmStarted >= 5)
        #expect(reused >= 5)
    }
}
