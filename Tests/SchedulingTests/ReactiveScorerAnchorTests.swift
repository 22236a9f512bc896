import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
import UsageModel
@testable import Scheduling

/// The trigger scorer's fit starts from its anchor day's coefficients
/// (`ReactiveStatistics.scorerRefitDays`): the same optimum, so the stored coefficients are
/// those of a fit from zero, and a walk-forward validator (anchors learnt once and kept) learns
/// what learning each day afresh learns.
@Suite struct ReactiveScorerAnchorTests {
    @Test func anchorsAreTheDaysDivisibleByK() {
        let k = ReactiveStatistics.scorerRefitDays
        #expect(k == 10)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_530) == 19_530)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_539) == 19_530)
        #expect(ReactiveStatistics.scorerAnchor(of: 19_540) == 19_540)
        #expect(ReactiveStatistics.scorerAnchor(of: -1) == -10)
    }

    /// Every learnable day of Wellbeing: the fit from the anchor's coefficients stores the
    /// coefficients of the fit from zero, and the walk-forward validator's days equal fresh ones.
    @Test func warmStartedFitsStoreTheColdFitsCoefficients() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let first = try #require(launches.first).localDay, last = try #require(launches.last).localDay
        var validator = ReactiveValidator()
        var warmStarted = 0
        for day in (first + 7)...last {
            let (start, _) = ReactiveValidator.clock(launches, day: day)
            let before = launches.prefix { $0.instant < start }
            let learnt = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                      firstLocalDay: first, tauSeconds: 3600)
            let cold = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                    firstLocalDay: first, tauSeconds: 3600, start: nil)
            #expect(!learnt.coefficients.isEmpty)
            #expect(learnt == cold, "day \(day)")
            // The fit did start from the anchor's coefficients (one per feature) on these days.
            if let anchor = ReactiveStatistics._anchor(of: day, history: before), !anchor.before.isEmpty {
                let anchored = try ReactiveStatistics.learn(history: anchor.before, localDay: anchor.day, dayStart: anchor.start,
                                                            firstLocalDay: first, tauSeconds: 3600)
                if anchored.coefficients.count == ReactiveStatistics.featureCount { warmStarted += 1 }
            } else {
                #expect(ReactiveStatistics.scorerAnchor(of: day) == day || before.allSatisfy { $0.localDay >= ReactiveStatistics.scorerAnchor(of: day) })
            }
            // The validator replays (and forgets) as the evaluator does before it learns the day.
            _ = try validator.dayTallies(history: launches, localDay: day, firstLocalDay: first, tauSeconds: 3600, budget: 8)
            let walked = try validator.learn(history: launches, localDay: day, dayStart: start, firstLocalDay: first,
                                             tauSeconds: 3600)
            #expect(walked == learnt, "day \(day)")
        }
        #expect(warmStarted >= 10)
    }
}
