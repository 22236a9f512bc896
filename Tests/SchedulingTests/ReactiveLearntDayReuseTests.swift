import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport
import UsageModel

/// A ``ReactiveValidator`` keeps the statistics it learns (the evaluator's `start(d)` plan learns
/// through it, and validating the next days replays day `d` with them): a kept day must be what
/// learning again gives, and must be learnt again when the launches before its start differ.
@Suite struct ReactiveLearntDayReuseTests {
    private static let start = 1_687_305_600.0   // Wellbeing's 2023-06-21 00:00 UTC (offset 0)

    private static func launches() throws -> ArraySlice<LaunchEvent> {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        return Array(device.launches)[...]
    }

    /// Wellbeing's launches, its first local day, the day learnt (the 24th) and the launches before
    /// ``start``.
    private static func wellbeingDay() throws -> (launches: ArraySlice<LaunchEvent>, first: Int, day: Int,
                                                   before: ArraySlice<LaunchEvent>) {
        let launches = try launches()
        let first = try #require(launches.first).localDay
        return (launches, first, first + 23, launches.prefix { $0.instant < start })
    }

    @Test func keptDayEqualsLearningAgain() throws {
        let (launches, first, day, before) = try Self.wellbeingDay()
        var validator = ReactiveValidator()
        let once = try validator.learn(history: before, localDay: day, dayStart: Self.start, firstLocalDay: first,
                                       tauSeconds: 3600)
        // The whole history (launches after the start too) names the same day: the kept value.
        let again = try validator.learn(history: launches, localDay: day, dayStart: Self.start, firstLocalDay: first,
                                        tauSeconds: 3600)
        let fresh = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: Self.start,
                                                 firstLocalDay: first, tauSeconds: 3600)
        #expect(!fresh.coefficients.isEmpty)
        #expect(once == fresh)
        #expect(again == fresh)
    }

    /// The same day with fewer launches before its start, another start, or another tau is
    /// learnt again, not taken from what was kept.
    @Test func changedInputsAreLearntAgain() throws {
        let (_, first, day, before) = try Self.wellbeingDay()
        var validator = ReactiveValidator()
        _ = try validator.learn(history: before, localDay: day, dayStart: Self.start, firstLocalDay: first, tauSeconds: 3600)
        let shorter = before.dropLast(5)
        let cases: [(ArraySlice<LaunchEvent>, Double, Double)] = [
            (shorter, Self.start, 3600), (before.dropFirst(3), Self.start, 3600),
            (before, Self.start - 7200, 3600), (before, Self.start, 1800),
        ]
        for (history, start, tau) in cases {
            let kept = try validator.learn(history: history, localDay: day, dayStart: start, firstLocalDay: first,
                                           tauSeconds: tau)
            let fresh = try ReactiveStatistics.learn(history: history.prefix { $0.instant < start }, localDay: day,
                                                     dayStart: start, firstLocalDay: first, tauSeconds: tau)
            #expect(kept == fresh)
        }
        let reverted = try validator.learn(history: before, localDay: day, dayStart: Self.start, firstLocalDay: first,
                                           tauSeconds: 3600)
        #expect(reverted == (try ReactiveStatistics.learn(history: before, localDay: day, dayStart: Self.start,
                                                          firstLocalDay: first, tauSeconds: 3600)))
        #expect(reverted != (try ReactiveStatistics.learn(history: shorter, localDay: day, dayStart: Self.start,
                                                          firstLocalDay: first, tauSeconds: 3600)))
    }

    /// Validation that replays days learnt beforehand (as the evaluator's plans do) tallies what
    /// a validator that learns every day itself tallies.
    @Test(arguments: [2, 8])
    func validationWithKeptDaysEqualsFreshValidation(_ budget: Int) throws {
        let (launches, first, day, history) = try Self.wellbeingDay()
        var warm = ReactiveValidator()
        for d in ReactiveValidator.days(localDay: day, firstLocalDay: first) {
            let start = LocalClock.startOfDay(d, utcOffsetSeconds: 0)
            _ = try warm.learn(history: launches, localDay: d, dayStart: start, firstLocalDay: first, tauSeconds: 3600)
        }
        var cold = ReactiveValidator()
        let warmTally = try warm.tally(history: history, localDay: day, firstLocalDay: first, tauSeconds: 3600, budget: budget)
        let coldTally = try cold.tally(history: history, localDay: day, firstLocalDay: first, tauSeconds: 3600, budget: budget)
        #expect(warmTally == coldTally)
        #expect(warmTally.windowHits > 0)
    }
}
