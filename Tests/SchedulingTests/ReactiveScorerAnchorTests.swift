import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
import UsageModel
@testable import Scheduling

/// The trigger scorer comes from its anchor day (`ReactiveStatistics.scorerRefitDays`): the
/// anchor's coefficients as they are while its window held at least `scorerReuseShare` of the
/// day's launches, else a fit of the day's own rows started from them — the same optimum, so the
/// stored coefficients are those of a fit from zero — and a walk-forward validator (anchors
/// learnt once and kept) learns what learning each day afresh learns.
@Suite struct ReactiveScorerAnchorTests {
    @Test func anchorsAreTheDaysDivisibleByK() {
        let k = ReactiveStatistics.scorerRefitDays
        #expect(k == 10)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_530) == 19_530)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_539) == 19_530)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_540) == 19_540)
        #expect(ReactiveStatistics.scorerAnchor(of: -1) == -10)
    }

    /// A day reuses its anchor's scorer while the anchor's window held at least nine tenths of
    /// the day's launches, and never an anchor that fitted nothing.
    @Test func anchorsScorerIsReusedUntilTheWindowGrowsByMoreThanANinth() {
        let nine = Array(repeating: 0.5, count: ReactiveStatistics.featureCount)
        #expect(ReactiveStatistics.scorerReuseShare == 0.9)
        #expect(_AnchorFit(coefficients: nine, windowLaunches: 90).reusable(byWindowLaunches: 100))
        #expect(_AnchorFit(coefficients: nine, windowLaunches: 500).reusable(byWindowLaunches: 100))
        #expect(!_AnchorFit(coefficients: nine, windowLaunches: 89).reusable(byWindowLaunches: 100))
        #expect(!_AnchorFit(coefficients: [], windowLaunches: 500).reusable(byWindowLaunches: 100))
        #expect(!_AnchorFit(coefficients: [1, 2], windowLaunches: 500).reusable(byWindowLaunches: 100))
    }

    /// Every learnable day of Wellbeing: a day fitted from the anchor's coefficients stores the
    /// coefficients of the fit from zero, a day that reuses them stores the anchor's, and the
    /// walk-forward validator's days equal fresh ones.
    @Test func warmStartedFitsStoreTheColdFitsCoefficients() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let first = try #require(launches.first).localDay, last = try #require(launches.last).localDay
        var validator = ReactiveValidator()
        var warmStarted = 0, reused = 0
        for day in (first + 7)...last {
            let (start, _) = ReactiveValidator.clock(launches, day: day)
            let before = launches.prefix { $0.instant < start }
            let learnt = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                      firstLocalDay: first, tauSeconds: 3600)
            let cold = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                    firstLocalDay: first, tauSeconds: 3600, anchor: nil)
            #expect(!learnt.coefficients.isEmpty)
            if let anchor = ReactiveStatistics._anchor(of: day, history: before), !anchor.before.isEmpty {
                let anchored = try ReactiveStatistics.learn(history: anchor.before, localDay: anchor.day, dayStart: anchor.start,
                                                            firstLocalDay: first, tauSeconds: 3600)
                if _AnchorFit(anchored).reusable(byWindowLaunches: learnt.launchTotal) {
                    // Everything but the scorer (and the scores it gives) is the day's own.
                    reused += 1
                    #expect(learnt.coefficients == anchored.coefficients, "day \(day)")
                    #expect(learnt.transitions == cold.transitions && learnt.hourlyColdLaunches == cold.hourlyColdLaunches)
                } else {
                    if anchored.coefficients.count == ReactiveStatistics.featureCount { warmStarted += 1 }
                    #expect(learnt == cold, "day \(day)")
                }
            } else {
                #expect(learnt == cold, "day \(day)")
                #expect(ReactiveStatistics.scorerAnchor(of: day) == day || before.allSatisfy { $0.localDay >= ReactiveStatistics.scorerAnchor(of: day) })
            }
            // The validator replays (and forgets) as the evaluator does before it learns the day.
            _ = try validator.dayTallies(history: launches, localDay: day, firstLocalDay: first, tauSeconds: 3600, budget: 8)
            let walked = try validator.learn(history: launches, localDay: day, dayStart: start, firstLocalDay: first,
                                             tauSeconds: 3600)
            #expect(walked == learnt, "day \(day)")
        }
        // Wellbeing's window grows through most of its 37 days: most days are fitted, the last
        // of an anchor's days reuse it.
        #expect(warmStarted >= 10)
        #expect(reused >= 3)
    }
}
