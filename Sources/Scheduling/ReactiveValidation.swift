import LaunchHistory
import ReveilleCore
import UsageModel

extension ReactiveScheduler {
    /// Replays the finished day `[dayStart, dayEnd)` of `history` with `statistics` (learnt at
    /// that day's start) at `budget`: its hits with the windows alone and with triggers too, by
    /// the protocol's hit rule. `history` must hold the day's launches and the 24 hours before
    /// it. O(launches of the day × apps).
    public static func replay(statistics: ReactiveStatistics, budget: Int, tauSeconds: Double,
                              history: ArraySlice<LaunchEvent>, dayStart: Double, dayEnd: Double) -> ReactiveValidation {
        let from = history.firstIndex { $0.instant > dayStart - 86_400 - tauSeconds } ?? history.endIndex
        let tail = history[from...].prefix { $0.instant < dayEnd }
        let cold = ColdLaunches.scan(tail, tauSeconds: tauSeconds).cold
        var hits: [Int] = []
        for triggers in [false, true] {
            var scheduler = ReactiveScheduler(statistics: statistics, budget: budget, tauSeconds: tauSeconds, triggers: triggers)
            var begun = false
            for launch in tail {
                if launch.instant < dayStart {
                    if launch.instant > dayStart - 86_400 { scheduler.remember(launch) }
                    continue
                }
                if !begun {
                    _ = scheduler.beginDay(start: dayStart, end: dayEnd)
                    begun = true
                }
                _ = scheduler.observe(launch)
            }
            if !begun { _ = scheduler.beginDay(start: dayStart, end: dayEnd) }
            var fetched: [String: [Double]] = [:]
            for fetch in scheduler.executed + scheduler.pending { fetched[fetch.app, default: []].append(fetch.at) }
            var count = 0
            for (k, launch) in tail.enumerated() where cold[k] && launch.instant >= dayStart {
                if fetched[launch.app]?.contains(where: { $0 >= launch.instant - tauSeconds && $0 < launch.instant }) ?? false {
                    count += 1
                }
            }
            hits.append(count)
        }
        let gain = hits[1] - hits[0]
        let (square, overflow) = gain.multipliedReportingOverflow(by: gain)
        return ReactiveValidation(budget: budget, windowHits: hits[0], triggerHits: hits[1],
                                  gainSquares: overflow ? Int.max : square)
    }
}

extension ReactiveStatistics {
    /// Days before a device's first scored day that validation skips (the protocol's warm-up).
    public static let validationWarmupDays = 7
    /// Finished days validation replays (14; 28 lost more hits on StudentLife: 464/771 vs
    /// 470/773 at B = 8/16).
    public static let validationDays = 14

    /// Whether triggers are used at `budget`: by ``validation``'s entry for it (the last entry
    /// for a larger budget); `true` without validation.
    public func usesTriggers(budget: Int) -> Bool {
        guard let last = validation.last else { return true }
        return (validation.first { $0.budget == budget } ?? last).triggersHelp
    }

    /// These statistics with ``validation`` for budgets 1…``validatedBudgets`` (a
    /// ``ReactiveValidator``'s tallies): what `reveille train` stores. O(14 learns + 14 × 32 replays).
    public func validated(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int,
                          tauSeconds: Double) throws -> ReactiveStatistics {
        var validator = ReactiveValidator()
        var copy = self
        copy.validation = try (1...Self.validatedBudgets).map { budget in
            try validator.tally(history: history, localDay: localDay, firstLocalDay: firstLocalDay,
                                tauSeconds: tauSeconds, budget: budget)
        }
        return copy
    }
}

/// Tallies, out of sample, whether triggers gain hits: each of the last 14 days before a day
/// (and at least ``ReactiveStatistics/validationWarmupDays`` after the first) replayed with the
/// statistics learnt at its own start (``ReactiveStatistics/validationDays``). Keeps the learnt days and tallies, so that a walk-forward
/// replay (the evaluator) or several budgets (`reveille train`) learn each day once.
public struct ReactiveValidator: Sendable {
    private struct Key: Hashable { var day: Int; var budget: Int }
    private var learnt: [Int: (start: Double, end: Double, statistics: ReactiveStatistics)] = [:]
    private var tallies: [Key: ReactiveValidation] = [:]

    /// A validator that has learnt nothing.
    public init() {}

    /// The summed tally at `budget` for day `localDay`; `history` must hold every launch before
    /// that day's start.
    public mutating func tally(history: ArraySlice<LaunchEvent>, localDay: Int, firstLocalDay: Int, tauSeconds: Double,
                               budget: Int) throws -> ReactiveValidation {
        let firstDay = max(firstLocalDay + ReactiveStatistics.validationWarmupDays,
                           localDay - ReactiveStatistics.validationDays)
        learnt = learnt.filter { $0.key >= firstDay }
        tallies = tallies.filter { $0.key.day >= firstDay }
        var sum = ReactiveValidation(budget: budget, windowHits: 0, triggerHits: 0)
        for day in firstDay..<max(firstDay, localDay) {
            let key = Key(day: day, budget: budget)
            let one: ReactiveValidation
            if let known = tallies[key] { one = known } else {
                let entry = try _learnt(history: history, day: day, firstLocalDay: firstLocalDay, tauSeconds: tauSeconds)
                one = ReactiveScheduler.replay(statistics: entry.statistics, budget: budget, tauSeconds: tauSeconds,
                                               history: history, dayStart: entry.start, dayEnd: entry.end)
                tallies[key] = one
            }
            sum.windowHits += one.windowHits
            sum.triggerHits += one.triggerHits
            let (squares, overflow) = sum.gainSquares.addingReportingOverflow(one.gainSquares)
            sum.gainSquares = overflow ? Int.max : squares
        }
        return sum
    }

    private mutating func _learnt(history: ArraySlice<LaunchEvent>, day: Int, firstLocalDay: Int,
                                  tauSeconds: Double) throws -> (start: Double, end: Double, statistics: ReactiveStatistics) {
        if let known = learnt[day] { return known }
        let start = Self._start(history, day: day), end = Self._start(history, day: day + 1)
        let statistics = try ReactiveStatistics.learn(history: history.prefix { $0.instant < start }, localDay: day,
                                                      dayStart: start, firstLocalDay: firstLocalDay, tauSeconds: tauSeconds)
        learnt[day] = (start, end, statistics)
        return (start, end, statistics)
    }

    /// `start(d)`: local midnight with the offset of the last launch on an earlier local day (the
    /// first launch's when there is none).
    private static func _start(_ history: ArraySlice<LaunchEvent>, day: Int) -> Double {
        let offset = history.last { $0.localDay < day }?.utcOffsetSeconds ?? history.first?.utcOffsetSeconds ?? 0
        return LocalClock.startOfDay(day, utcOffsetSeconds: offset)
    }
}
