import LaunchHistory
import ReveilleCore
import UsageModel

extension ReactiveScheduler {
    /// Replays the finished day `[dayStart, dayEnd)` of `history` with `statistics` (learnt at
    /// that day's start) at `budget`: its hits with the windows alone and with triggers too, by
    /// the protocol's hit rule. `history` must hold the day's launches and the 24 hours before
    /// it. O(launches of the day × apps).
    public static func replay(statistics: ReactiveStatistics, budget: Int, tauSeconds: Double,
                              history: ArraySlice<LaunchEvent>, dayStart: Double, dayEnd: Double,
                              windows: [FetchDecision]? = nil) -> ReactiveValidation {
        _ReactiveReplayDay(statistics: statistics, tauSeconds: tauSeconds, history: history,
                           dayStart: dayStart, dayEnd: dayEnd).replay(budget: budget, windows: windows)
    }
}

extension ReactiveStatistics {
    /// Days after a device's first local day before the first day validation replays (3): a
    /// replayed day's statistics are learnt from at least three days. With the protocol's 7-day
    /// warm-up the first scored day had no replayed day (so no triggers) and the next few too few
    /// to pass the noise test: `reveille evaluate --mode event` at B = 1…32 on Wellbeing went from
    /// 12/14/23/34/44/62 hits to 12/14/23/35/45/64, on the bundled set from
    /// 249/476/995/1913/3514/6636 to 252/480/1021/1916/3524/6630, on StudentLife from
    /// 96/163/276/482/796/1252 to 96/163/275/483/790/1246 (the histogram: 96/162/264/467/775/1167).
    /// 1 and 2 gave the same on Wellbeing and StudentLife; 4 and 5 dropped Wellbeing at B = 4 to 21.
    public static let validationWarmupDays = 3
    /// Finished days validation replays (14; 28 lost more hits on StudentLife: 464/771 vs
    /// 470/773 at B = 8/16).
    public static let validationDays = 14

    /// The smallest budget at which validation compares the usage model's windows (4). At
    /// B = 1 and 2 a day's one or two windows make the daily gain a coin of ±1 hit: 14 days chose
    /// the model's windows on StudentLife's u02 at B = 2 for days that then lost 4 hits of 63, and
    /// keeping the histogram's there (with ``ReactiveValidation/smallBudgetSignificance`` for the
    /// triggers) put StudentLife at 96/163 hits to the histogram's 96/162 at B = 1/2.
    public static let smallestModelWindowsBudget = 4

    /// Whether validation compares the usage model's windows with the histogram's at `budget`:
    /// at powers of two from ``smallestModelWindowsBudget`` on (4, 8, 16, 32, …). Every other
    /// budget keeps the histogram's windows: each compared budget costs `reveille train` a daily
    /// plan and a replay per replayed day, and plans for all 32 budgets doubled train's time.
    public static func comparesModelWindows(budget: Int) -> Bool {
        budget >= smallestModelWindowsBudget && budget & (budget - 1) == 0
    }

    /// Whether triggers are used at `budget`: by ``validation``'s entry for it (the last entry
    /// for a larger budget); `true` without validation.
    public func usesTriggers(budget: Int) -> Bool {
        guard let last = validation.last else { return true }
        return (validation.first { $0.budget == budget } ?? last).triggersHelp
    }

    /// Whether the day is planned with the usage model's windows at `budget`: by ``validation``'s
    /// entry for it (the last entry for a larger budget); `false` without validation.
    public func usesModelWindows(budget: Int) -> Bool {
        guard let last = validation.last else { return false }
        return (validation.first { $0.budget == budget } ?? last).modelWindows
    }

    /// These statistics with ``validation`` for budgets 1…``validatedBudgets`` (a
    /// ``ReactiveValidator``'s chosen tallies, the model's windows being `scheduling`'s daily
    /// plan of each replayed day, fitted on the launches before it, at the budgets
    /// ``comparesModelWindows(budget:)`` names): what `reveille train` stores.
    /// O(14 learns + 14 model fits + 14 × 4 plans + 14 × 36 replays).
    public func validated(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int, tauSeconds: Double,
                          scheduling: ReveillePolicy) throws -> ReactiveStatistics {
        var validator = ReactiveValidator()
        return try validated(history: history, localDay: localDay, firstLocalDay: firstLocalDay, tauSeconds: tauSeconds,
                             scheduling: scheduling, validator: &validator)
    }

    /// ``validated(history:localDay:firstLocalDay:tauSeconds:scheduling:)`` with `validator`'s
    /// learnt days (the day's own, learnt through it, share the replayed days' scorer chains).
    func validated(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int, tauSeconds: Double,
                   scheduling: ReveillePolicy, validator: inout ReactiveValidator) throws -> ReactiveStatistics {
        var policy = scheduling
        let budgets = 1...Self.validatedBudgets
        let compared = budgets.filter(Self.comparesModelWindows(budget:))
        var planned: [Int: [Int: [FetchDecision]]] = [:]
        let device = history.first?.device ?? ""
        for day in ReactiveValidator.days(localDay: localDay, firstLocalDay: firstLocalDay) {
            let (start, offset) = ReactiveValidator.clock(history, day: day)
            let end = ReactiveValidator.clock(history, day: day + 1).start
            let before = history.prefix { $0.instant < start }
            let context = ForecastContext(device: device, history: before, dayStart: start, localDay: day,
                                          firstLocalDay: firstLocalDay, utcOffsetSeconds: offset, tauSeconds: tauSeconds)
            for budget in compared { planned[day, default: [:]][budget] = try policy.reactiveWindows(context, end: end, budget: budget) }
        }
        var copy = self
        copy.validation = try budgets.map { budget in
            try validator.chosenTally(history: history, localDay: localDay, firstLocalDay: firstLocalDay,
                                      tauSeconds: tauSeconds, budget: budget,
                                      modelWindows: Self.comparesModelWindows(budget: budget)
                                          ? { day, _, _ in planned[day]?[budget] } : nil)
        }
        return copy
    }
}

/// Tallies, out of sample, whether triggers gain hits: each of the last 14 days before a day
/// (from ``ReactiveStatistics/validationWarmupDays`` after the first on) replayed with the
/// statistics learnt at its own start (``ReactiveStatistics/validationDays``). Keeps the learnt days and tallies, so that a walk-forward
/// replay (the evaluator) or several budgets (`reveille train`) learn each day once.
public struct ReactiveValidator: Sendable {
    private struct Key: Hashable { var day: Int; var budget: Int; var modelWindows: Bool }
    private var learnt: [Int: _ReactiveReplayDay] = [:]
    private var tallies: [Key: ReactiveValidation] = [:]
    private var statistics = _ReactiveStatisticsMemo()

    /// A validator that has learnt nothing.
    public init() {}

    /// The statistics of day `localDay` learnt from the launches of `history` before `dayStart`
    /// (``ReactiveStatistics/learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)``), kept
    /// so that validating a later day, which replays this one, does not learn it again (reused
    /// only when the same launches precede the same start; what learning again would give).
    /// - Throws: `LinearAlgebraError` only if the fit's shapes disagree (a bug).
    public mutating func learn(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int,
                               tauSeconds: Double) throws -> ReactiveStatistics {
        try statistics.learn(history: history, localDay: localDay, dayStart: dayStart, firstLocalDay: firstLocalDay,
                             tauSeconds: tauSeconds)
    }

    /// ``learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)`` as a scheduler on the day's
    /// statistics (budget 0, no triggers, no day begun): each budget's scheduler of the day is
    /// made from it by ``ReactiveScheduler/init(sharingStatisticsOf:budget:triggers:modelWindows:)``,
    /// on the scorer learning built (the same tables a scheduler made from the statistics builds).
    /// - Throws: `LinearAlgebraError` only if the fit's shapes disagree (a bug).
    /// `facts` (the replay's launch facts of the device, when it has them) only spare work.
    package mutating func learnScheduler(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double,
                                         firstLocalDay: Int, tauSeconds: Double,
                                         facts: LaunchFacts? = nil) throws -> ReactiveScheduler {
        let learnt = try statistics.learnDay(history: history, localDay: localDay, dayStart: dayStart,
                                             firstLocalDay: firstLocalDay, tauSeconds: tauSeconds, facts: facts)
        return ReactiveScheduler(scorer: learnt.scorer, budget: 0, tauSeconds: tauSeconds, triggers: false)
    }

    /// The summed tally at `budget` for day `localDay`; `history` must hold every launch before
    /// that day's start. `windows` gives a replayed day's time-of-day plan (`nil`: the
    /// statistics' histogram windows).
    public mutating func tally(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int, tauSeconds: Double,
                               budget: Int,
                               windows: ((_ day: Int, _ start: Double, _ end: Double) throws -> [FetchDecision]?)? = nil
    ) throws -> ReactiveValidation {
        ReactiveValidation(summing: try dayTallies(history: history, localDay: localDay, firstLocalDay: firstLocalDay,
                                                   tauSeconds: tauSeconds, budget: budget, windows: windows),
                           budget: budget)
    }

    /// The tally at `budget` for day `localDay` of the time-of-day windows validation prefers:
    /// the histogram's, or the model's (`modelWindows`, a replayed day's plan; `nil` compares
    /// nothing) when, on the replayed days, they gained hits over the histogram's by more than
    /// ``ReactiveValidation/significance(budget:)`` standard errors of the daily gain (the triggers' test). A day's hits
    /// are each source's with triggers when its own summed tally says they help, else without.
    /// The result's ``ReactiveValidation/modelWindows`` says which was chosen.
    public mutating func chosenTally(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int, tauSeconds: Double,
                                     budget: Int,
                                     modelWindows: ((_ day: Int, _ start: Double, _ end: Double) throws -> [FetchDecision]?)?
    ) throws -> ReactiveValidation {
        let histogram = try dayTallies(history: history, localDay: localDay, firstLocalDay: firstLocalDay,
                                       tauSeconds: tauSeconds, budget: budget)
        let histogramSum = ReactiveValidation(summing: histogram, budget: budget)
        guard let modelWindows else { return histogramSum }
        let model = try dayTallies(history: history, localDay: localDay, firstLocalDay: firstLocalDay,
                                   tauSeconds: tauSeconds, budget: budget, windows: modelWindows)
        var modelSum = ReactiveValidation(summing: model, budget: budget)
        let m = modelSum.triggersHelp, h = histogramSum.triggersHelp
        var gain = 0.0, squares = 0.0
        for (a, b) in zip(model, histogram) {
            let d = Double((m ? a.triggerHits : a.windowHits) - (h ? b.triggerHits : b.windowHits))
            gain += d
            squares += d * d
        }
        let z = ReactiveValidation.significance(budget: budget)
        guard gain > 0, gain * gain > z * z * squares else { return histogramSum }
        modelSum.modelWindows = true
        return modelSum
    }

    /// The tally of each replayed day before `localDay`, oldest first (what ``tally`` sums).
    public mutating func dayTallies(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int, tauSeconds: Double,
                                    budget: Int,
                                    windows: ((_ day: Int, _ start: Double, _ end: Double) throws -> [FetchDecision]?)? = nil
    ) throws -> [ReactiveValidation] {
        let days = Self.days(localDay: localDay, firstLocalDay: firstLocalDay)
        learnt = learnt.filter { $0.key >= days.lowerBound }
        tallies = tallies.filter { $0.key.day >= days.lowerBound }
        // The days from the first replayed day's scorer anchor on are kept too (its scorer comes
        // through them, up to k − 1 days before it).
        statistics.forget(before: ReactiveStatistics.scorerAnchor(of: days.lowerBound))
        return try days.map { day in
            let key = Key(day: day, budget: budget, modelWindows: windows != nil)
            if let known = tallies[key] { return known }
            let entry = try _learnt(history: history, day: day, firstLocalDay: firstLocalDay, tauSeconds: tauSeconds)
            let one = entry.replay(budget: budget, windows: try windows?(day, entry.dayStart, entry.dayEnd))
            tallies[key] = one
            return one
        }
    }

    private mutating func _learnt(history: ArraySlice<LaunchEvent>, day: Int, firstLocalDay: Int,
                                  tauSeconds: Double) throws -> _ReactiveReplayDay {
        if let known = learnt[day] { return known }
        let start = Self._start(history, day: day), end = Self._start(history, day: day + 1)
        let learntDay = try statistics.learnDay(history: history, localDay: day, dayStart: start,
                                                firstLocalDay: firstLocalDay, tauSeconds: tauSeconds)
        let entry = _ReactiveReplayDay(scorer: learntDay.scorer, tauSeconds: tauSeconds, history: history,
                                       dayStart: start, dayEnd: end)
        learnt[day] = entry
        return entry
    }

    /// The local days replayed for day `localDay`: the last ``ReactiveStatistics/validationDays``
    /// before it, from ``ReactiveStatistics/validationWarmupDays`` after the first on.
    public static func days(localDay: Int, firstLocalDay: Int) -> Range<Int> {
        let firstDay = max(firstLocalDay + ReactiveStatistics.validationWarmupDays,
                           localDay - ReactiveStatistics.validationDays)
        return firstDay..<max(firstDay, localDay)
    }

    /// `start(d)` and its offset: local midnight with the offset of the last launch on an earlier
    /// local day (the first launch's when there is none).
    static func clock(_ history: ArraySlice<LaunchEvent>, day: Int) -> (start: Double, offset: Int) {
        let offset = history.last { $0.localDay < day }?.utcOffsetSeconds ?? history.first?.utcOffsetSeconds ?? 0
        return (LocalClock.startOfDay(day, utcOffsetSeconds: offset), offset)
    }

    private static func _start(_ history: ArraySlice<LaunchEvent>, day: Int) -> Double { clock(history, day: day).start }
}

extension ReactiveValidation {
    /// The sum of daily tallies (`gainSquares` saturating).
    init(summing days: [ReactiveValidation], budget: Int) {
        self.init(budget: budget, windowHits: 0, triggerHits: 0)
        for one in days {
            windowHits += one.windowHits
            triggerHits += one.triggerHits
            let (squares, overflow) = gainSquares.addingReportingOverflow(one.gainSquares)
            gainSquares = overflow ? Int.max : squares
        }
    }
}
