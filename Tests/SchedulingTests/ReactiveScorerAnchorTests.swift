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
            let walked = try validator.learn(history: launches, localDay: day, dayStart: start, firstLocalDay: first,
                                             tauSeconds: 3600)
            #expect(walked == learnt, "day \(day)")
            if ReactiveStatistics.scorerAnchor(of: day) != day, ReactiveStatistics.scorerAnchor(of: day) > first { warmStarted += 1 }
        }
        #expect(warmStarted >= 10)
    }
}
