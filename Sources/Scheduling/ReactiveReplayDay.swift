import LaunchHistory
import ReveilleCore
import UsageModel

/// One finished day's replay work that does not depend on the budget or the day's windows,
/// done once and shared by every budget's replay (``ReactiveScheduler/replay(statistics:budget:tauSeconds:history:dayStart:dayEnd:windows:)``):
/// the launches replayed, which of them are cold, the scorer, and the scorer's best candidate
/// after each launch of the day (recency depends on the launches alone, so that candidate is the
/// same at every budget; only the threshold it is compared with differs).
struct _ReactiveReplayDay: Sendable {
    let dayStart: Double
    let dayEnd: Double
    let tauSeconds: Double
    /// The launches from 24 hours + tau before the day to its end.
    let tail: [LaunchEvent]
    /// Whether each launch of ``tail`` is cold.
    let cold: [Bool]
    let scorer: _ReactiveScorer
    /// Per launch of ``tail`` in the day, the scorer's best candidate after it (`nil`: none).
    let best: [(app: Int, score: Double)?]
    /// Per launch of ``tail``, its app's index in the statistics (`-1`: an app they do not know).
    let appOf: [Int]
    /// The index in ``tail`` of the day's first launch (``tail``'s end when there is none).
    let firstOfDay: Int
    /// The statistics' (app, hour) windows, best first (every budget's histogram windows).
    let histogramOrder: [(count: Int, app: Int, hour: Int)]

    /// The day `[dayStart, dayEnd)` of `history` (which must hold it and the 24 hours before
    /// it) with `statistics` learnt at its start. O(launches of the day × apps).
    init(statistics: ReactiveStatistics, tauSeconds: Double, history: ArraySlice<LaunchEvent>,
         dayStart: Double, dayEnd: Double) {
        self.init(scorer: _ReactiveScorer(statistics, tauSeconds: tauSeconds), tauSeconds: tauSeconds, history: history,
                  dayStart: dayStart, dayEnd: dayEnd)
    }

    /// ``init(statistics:tauSeconds:history:dayStart:dayEnd:)`` on the statistics' scorer, already
    /// built (with `tauSeconds`).
    init(scorer: _ReactiveScorer, tauSeconds: Double, history: ArraySlice<LaunchEvent>, dayStart: Double, dayEnd: Double) {
        self.dayStart = dayStart
        self.dayEnd = dayEnd
        self.tauSeconds = tauSeconds
        let from = history.firstIndex { $0.instant > dayStart - 86_400 - tauSeconds } ?? history.endIndex
        tail = Array(history[from...].prefix { $0.instant < dayEnd })
        cold = ColdLaunches.scan(tail, tauSeconds: tauSeconds).cold
        firstOfDay = tail.firstIndex { $0.instant >= dayStart } ?? tail.endIndex
        self.scorer = scorer
        histogramOrder = ReactiveScheduler._histogramOrder(scorer.statistics)
        // The recency a replaying scheduler holds at each launch: remembered launches of the
        // 24 hours before the day, then every launch of the day as it is observed.
        var recency = _ReactiveRecency(appCount: scorer.statistics.apps.count)
        var best: [(app: Int, score: Double)?] = []
        best.reserveCapacity(tail.count)
        appOf = tail.map { scorer.index[$0.app] ?? -1 }
        for (launch, a) in zip(tail, appOf) {
            if launch.instant < dayStart {
                if launch.instant > dayStart - 86_400 { recency.record(app: a, at: launch.instant) }
                best.append(nil)
                continue
            }
            recency.record(app: a, at: launch.instant)
            let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
                instant: launch.instant + 1, utcOffsetSeconds: launch.utcOffsetSeconds))
            best.append(launch.instant + 1 < dayEnd
                        ? scorer.best(after: a, instant: launch.instant, localSeconds: local, recency: recency) : nil)
        }
        self.best = best
    }

    /// The day's hits at `budget` with `windows` (`nil`: the histogram's) as its time-of-day
    /// plan, without triggers and with. O(launches of the day × B).
    func replay(budget: Int, windows: [FetchDecision]?) -> ReactiveValidation {
        // The tail is in instant order: the 24 hours before the day are remembered, then the day
        // begins and each of its launches is observed.
        var hits: [Int] = []
        let windows = windows ?? ReactiveScheduler._histogramWindows(histogramOrder, statistics: scorer.statistics,
                                                                     budget: budget, start: dayStart, end: dayEnd)
        for triggers in [false, true] {
            var scheduler = ReactiveScheduler(scorer: scorer, budget: budget, tauSeconds: tauSeconds, triggers: triggers)
            for k in 0..<firstOfDay where tail[k].instant > dayStart - 86_400 { scheduler._remember(tail[k], app: appOf[k]) }
            _ = scheduler.beginDay(start: dayStart, end: dayEnd, windows: windows)
            for k in firstOfDay..<tail.count { _ = scheduler._observe(tail[k], app: appOf[k], best: .some(best[k])) }
            // Fetch instants by app index; by name for an app the statistics do not know (a
            // usage-model window's).
            var fetched = Array(repeating: [Double](), count: scorer.statistics.apps.count)
            var unknown: [String: [Double]] = [:]
            for fetch in scheduler.executed + scheduler.pending {
                if let a = scorer.index[fetch.app] { fetched[a].append(fetch.at) } else { unknown[fetch.app, default: []].append(fetch.at) }
            }
            var count = 0
            for k in firstOfDay..<tail.count where cold[k] {
                let t = tail[k].instant
                let instants = appOf[k] >= 0 ? fetched[appOf[k]] : unknown[tail[k].app] ?? []
                if instants.contains(where: { $0 >= t - tauSeconds && $0 < t }) { count += 1 }
            }
            hits.append(count)
        }
        let gain = hits[1] - hits[0]
        let (square, overflow) = gain.multipliedReportingOverflow(by: gain)
        return ReactiveValidation(budget: budget, windowHits: hits[0], triggerHits: hits[1],
                                  gainSquares: overflow ? Int.max : square)
    }
}
