/// Scores one device-day, for each (policy, budget) in turn, against the day's cold launches.
struct _DayScore {
    let timeline: _DeviceTimeline
    let day: Int
    let dayStart: Double
    /// The day's cold launches (indices), and their instants by app id.
    private let cold: [Int]
    private let coldByApp: [Int: [Double]]

    /// The scorer of `day` (made once per day, used for every policy and budget).
    init(timeline: _DeviceTimeline, day: Int, dayStart: Double) {
        self.timeline = timeline
        self.day = day
        self.dayStart = dayStart
        cold = timeline.coldLaunches(onDay: day)
        var byApp: [Int: [Double]] = [:]
        for i in cold { byApp[timeline.appOfLaunch[i], default: []].append(timeline.events[i].instant) }
        coldByApp = byApp
    }

    /// Adds the day's counts to `tally`. `lastFetch[a]` is app `a`'s latest fetch on earlier
    /// scored days (this policy and budget) and is advanced to include today's.
    /// `cells` are the day's probability cells (``cells(_:)``), `nil` for a policy without
    /// probabilities.
    func score(_ fetches: [Fetch], cells: _DayCells?, lastFetch: inout [Double], into tally: inout _Tally) {
        let tau = timeline.tauSeconds
        // The fetches of known apps by (app id, instant): each app's fetches one sorted run.
        var planned: [(app: Int, instant: Double)] = []
        planned.reserveCapacity(fetches.count)
        for fetch in fetches {
            if let a = timeline.appIndex[fetch.app] { planned.append((a, fetch.instant)) }
        }
        planned.sort { $0.app != $1.app ? $0.app < $1.app : $0.instant < $1.instant }

        tally.deviceDays += 1
        tally.fetches += fetches.count
        for (a, f) in planned {
            if coldByApp[a]?.contains(where: { $0 > f && $0 <= f + tau }) == true { tally.usedFetches += 1 }
            if _anyIn(timeline.coldInstantsByApp[a], after: f, through: f + tau) { tally.usedFetchesTimeline += 1 }
        }
        for i in cold {
            let t = timeline.events[i].instant
            let a = timeline.appOfLaunch[i]
            let today = planned[_run(of: a, in: planned)].lazy.map(\.instant)
            tally.coldLaunches += 1
            if today.contains(where: { $0 >= t - tau && $0 < t }) { tally.hits += 1 }
            var latest = today.last(where: { $0 < t }) ?? (lastFetch[a] < t ? lastFetch[a] : -Double.infinity)
            if let previous = timeline.previousInstant[i] { latest = max(latest, previous) }
            tally.stalenessMinutesSum += latest.isFinite ? min(1440, (t - latest) / 60) : 1440
        }
        for (a, f) in planned { lastFetch[a] = max(lastFetch[a], f) }
        if let cells {
            // Moved out of the tally (not copied): the score counts grow with the days, and a copy
            // per append would be copy-on-write of the whole dictionary.
            var all = tally.probabilities.take() ?? _ProbabilityCells()
            all.append(cells)
            tally.probabilities = all
        }
    }

    /// Per fetch, whether a cold launch of its app on the day follows in `(f, f + tau]` (the
    /// used-fetch rule `score` counts).
    func usedFlags(_ fetches: [Fetch]) -> [Bool] {
        let tau = timeline.tauSeconds
        let cold = timeline.coldLaunches(onDay: day)
        return fetches.map { fetch in
            cold.contains { i in
                let t = timeline.events[i].instant
                return timeline.events[i].app == fetch.app && t > fetch.instant && t <= fetch.instant + tau
            }
        }
    }

    /// Cells for every app with a launch before `start(d)`, hours 0–23; label 1 when the app has
    /// a cold launch of day `d` in that local hour. Missing apps count as probability 0. Made
    /// once per day and policy, and added to the tally of every budget that gave these
    /// probabilities.
    func cells(_ probabilities: [String: [Double]]) -> _DayCells {
        var positive = Array(repeating: false, count: timeline.apps.count * 24)
        for i in cold { positive[timeline.appOfLaunch[i] * 24 + timeline.localHour[i]] = true }
        var cells = _DayCells()
        for (a, app) in timeline.apps.enumerated() where timeline.firstInstantByApp[a] < dayStart {
            let values = probabilities[app]
            for hour in 0..<24 {
                cells.append(probability: values?[hour] ?? 0, label: positive[a * 24 + hour])
            }
        }
        return cells
    }

    /// The positions of app `a`'s fetches in `planned` (sorted by app id). O(log n).
    private func _run(of a: Int, in planned: [(app: Int, instant: Double)]) -> Range<Int> {
        var lo = 0, hi = planned.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if planned[mid].app < a { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < planned.count, planned[end].app == a { end += 1 }
        return lo..<end
    }

    /// Whether sorted `instants` hold a value in `(low, high]`. O(log n).
    private func _anyIn(_ instants: [Double], after low: Double, through high: Double) -> Bool {
        var lo = 0, hi = instants.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if instants[mid] <= low { lo = mid + 1 } else { hi = mid }
        }
        return lo < instants.count && instants[lo] <= high
    }
}
