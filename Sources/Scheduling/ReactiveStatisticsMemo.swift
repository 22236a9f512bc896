import LaunchHistory
import UsageModel

/// The statistics learnt for recent days, each kept with the inputs it was learnt from, so that
/// a day learnt once (the evaluator's `start(d)` plan) is not learnt again when a later day's
/// validation replays it. ``ReactiveStatistics/learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)``
/// reads only the launches before `dayStart`, so a day is reused only when the same launches
/// (same slice start, count and first launch) precede the same `dayStart` with the same first
/// local day and tau: what it returns is what learning again would return, bit for bit. (A day's
/// scorer comes through the days before it from its anchor on, each learnt from a prefix of the
/// same launches and kept here too.)
struct _ReactiveStatisticsMemo: Sendable {
    private struct Inputs: Equatable {
        var dayStart: Double
        var startIndex: Int
        var count: Int
        var firstInstant: Double?
        var device: String?
        var firstLocalDay: Int
        var tauSeconds: Double
    }
    private var days: [Int: (inputs: Inputs, learnt: _LearntDay)] = [:]

    /// The statistics of day `localDay` learnt from the launches of `history` before `dayStart`
    /// (kept, or learnt and kept).
    /// - Throws: what ``ReactiveStatistics/learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)`` throws.
    mutating func learn(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int,
                        tauSeconds: Double) throws -> ReactiveStatistics {
        try learnDay(history: history, localDay: localDay, dayStart: dayStart, firstLocalDay: firstLocalDay,
                     tauSeconds: tauSeconds).statistics
    }

    /// ``learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)`` with the day's scorer fit
    /// (what the next day's scorer takes) and its scorer.
    /// `facts` (the replay's, when it has them) only spare work: the same statistics.
    mutating func learnDay(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int,
                           tauSeconds: Double, facts: LaunchFacts? = nil) throws -> _LearntDay {
        let before = history.prefix { $0.instant < dayStart }
        let inputs = Inputs(dayStart: dayStart, startIndex: before.startIndex, count: before.count,
                            firstInstant: before.first?.instant, device: before.first?.device,
                            firstLocalDay: firstLocalDay, tauSeconds: tauSeconds)
        if let known = days[localDay], known.inputs == inputs { return known.learnt }
        // The day before (whose fit the day reuses or starts from), learnt and kept once; none on
        // an anchor day (``ReactiveStatistics/scorerAnchor(of:)``) or without a launch before it.
        var previous: _ScorerFit?
        if ReactiveStatistics.scorerAnchor(of: localDay) != localDay {
            let previousStart = ReactiveValidator.clock(before, day: localDay - 1).start
            let previousBefore = before.prefix { $0.instant < previousStart }
            if !previousBefore.isEmpty {
                previous = try learnDay(history: previousBefore, localDay: localDay - 1, dayStart: previousStart,
                                        firstLocalDay: firstLocalDay, tauSeconds: tauSeconds, facts: facts).fit
            }
        }
        let learnt = try ReactiveStatistics.learn(history: before, localDay: localDay, dayStart: dayStart,
                                                  firstLocalDay: firstLocalDay, tauSeconds: tauSeconds, previous: previous,
                                                  facts: facts)
        days[localDay] = (inputs, learnt)
        return learnt
    }

    /// Forgets the days before `day`.
    mutating func forget(before day: Int) {
        days = days.filter { $0.key >= day }
    }

    /// The days kept, in order (for tests).
    var keptDays: [Int] { days.keys.sorted() }
}

/// One learnt day: its scorer (built once and shared by the day's schedulers and its replays),
/// the statistics it scores with, and its scorer fit (what the next day's scorer takes).
struct _LearntDay: Sendable {
    let scorer: _ReactiveScorer
    let fit: _ScorerFit
    /// The day's statistics.
    var statistics: ReactiveStatistics { scorer.statistics }
}
