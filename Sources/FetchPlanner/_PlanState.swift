import ReveilleCore
/// A partial plan with the bookkeeping to check every constraint in O(log n + local) per fetch:
/// per-day energy and data, per-app minimum interval and daily cap, the device rate limit.
struct _PlanState: Sendable {
    let problem: _Problem
    private(set) var appSlots: [[Int]]
    private(set) var dayCost: [Double]
    private(set) var dayBytes: [Double]
    /// Planned fetches per app and day, app `a`'s day `d` at `a × days + d` (one array, not one per app).
    private(set) var appDayCount: [Int]
    /// Spent and planned fetch instants, ascending.
    private(set) var deviceInstants: [Double]

    init(_ problem: _Problem) {
        self.problem = problem
        appSlots = [[Int]](repeating: [], count: problem.apps.count)
        dayCost = [Double](repeating: 0, count: problem.days.count)
        dayBytes = dayCost
        appDayCount = [Int](repeating: 0, count: problem.apps.count * problem.days.count)
        deviceInstants = problem.spentInstants
    }

    /// All fetches, sorted by slot then app.
    var fetches: [_Fetch] {
        appSlots.enumerated().flatMap { a, slots in slots.map { _Fetch(app: a, slot: $0) } }.sorted()
    }

    /// Fetches planned so far.
    var count: Int { appSlots.reduce(0) { $0 + $1.count } }

    /// `nil` when a fetch of app `a` at slot `j` keeps every constraint, else the first one it breaks.
    func violation(adding a: Int, _ j: Int) -> FetchSchedule.Constraint? {
        let app = problem.apps[a]
        if let excluded = app.excluded { return excluded }
        if let blocked = app.blocked[j] { return blocked }
        let d = problem.slotDay[j]
        if appDayCount[_dayCountIndex(a, d)] >= app.capRemaining[d] { return app.capReason }
        for s in appSlots[a] where abs(s - j) < problem.intervalSlots { return .minimumInterval }
        if dayCost[d] + app.cost[j] > problem.dayRemaining(d) + 1e-9 { return .budget }
        if let bytes = problem.dayBytesLimit, dayBytes[d] + app.bytesPerFetch > bytes + 1e-9 { return .dataBudget }
        if !_rateAllows(problem.instant(j)) { return .rateLimit }
        return nil
    }

    /// Whether one more fetch at `t` keeps every window `[x, x + 3600)` at or under the limit.
    /// Only windows starting at `t` or at an existing instant in `(t − 3600, t]` can be fullest.
    func _rateAllows(_ t: Double) -> Bool {
        guard let limit = problem.request.rules.deviceFetchesPerHour else { return true }
        let lo = _lowerBound(t - 3600), hi = _lowerBound(t + 3600)
        var starts = [t]
        for k in lo..<hi where deviceInstants[k] > t - 3600 && deviceInstants[k] <= t { starts.append(deviceInstants[k]) }
        for x in starts {
            var n = 1
            for k in lo..<hi where deviceInstants[k] >= x && deviceInstants[k] < x + 3600 { n += 1 }
            if n > limit { return false }
        }
        return true
    }

    func _lowerBound(_ v: Double) -> Int {
        var lo = 0, hi = deviceInstants.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if deviceInstants[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Where app `a`'s count of day `d` lies in ``appDayCount``.
    @inline(__always)
    private func _dayCountIndex(_ a: Int, _ d: Int) -> Int { a * problem.days.count + d }

    mutating func add(_ a: Int, _ j: Int) {
        let d = problem.slotDay[j]
        appSlots[a].append(j)
        appSlots[a].sort()
        dayCost[d] += problem.apps[a].cost[j]
        dayBytes[d] += problem.apps[a].bytesPerFetch
        appDayCount[_dayCountIndex(a, d)] += 1
        let t = problem.instant(j)
        deviceInstants.insert(t, at: _lowerBound(t))
    }

    mutating func remove(_ a: Int, _ j: Int) {
        guard let k = appSlots[a].firstIndex(of: j) else { return }
        let d = problem.slotDay[j]
        appSlots[a].remove(at: k)
        dayCost[d] -= problem.apps[a].cost[j]
        dayBytes[d] -= problem.apps[a].bytesPerFetch
        appDayCount[_dayCountIndex(a, d)] -= 1
        let i = _lowerBound(problem.instant(j))
        if i < deviceInstants.count { deviceInstants.remove(at: i) }
    }

    /// The value app `a`'s fetches would add by a fetch at `j`: its weight over `[j, j + K)` not
    /// already served by another fetch of `a`. O(log(fetches of a) + fetches of a within K of `j`).
    func marginalValue(_ a: Int, _ j: Int) -> Double { marginalValue(a, j, without: -1) }

    /// ``marginalValue(_:_:)`` as if the fetch of `a` at slot `without` were removed (its first
    /// occurrence, as ``remove(_:_:)`` removes it; `-1` removes nothing): what removing the fetch
    /// at `j = without` loses, without copying the state.
    ///
    /// Only fetches at `s` with `|s − j| < K` overlap `[j, j + K)`, so only those are read: an
    /// earlier fetch ends by `j` (its end cannot move the overlap's start past `j`) and a later
    /// one starts at or after `j + K`. The subtractions are those of a walk over every fetch of
    /// `a`, in the same order, so the value is the same to the last bit.
    func marginalValue(_ a: Int, _ j: Int, without: Int) -> Double {
        let app = problem.apps[a], k = problem.coverSlots, slots = appSlots[a]
        var total = app.weightSum(j, j + k)
        // Subtract the overlap with the union of existing intervals (sorted, so merge them).
        var mergedEnd = Int.min
        var skipping = without >= 0
        var i = _firstIndex(slots, atLeast: j - k + 1)
        while i < slots.count, slots[i] < j + k {
            let s = slots[i]
            i += 1
            if skipping, s == without { skipping = false; continue }
            let lo = max(s, j, mergedEnd), hi = min(s + k, j + k)
            if hi > lo { total -= app.weightSum(lo, hi) }
            mergedEnd = max(mergedEnd, s + k)
        }
        return max(0, total)
    }

    /// The index of the first of the ascending `slots` at or after `slot` (`slots.count` if none).
    func _firstIndex(_ slots: [Int], atLeast slot: Int) -> Int {
        slots.lowerBoundIndex(of: slot)
    }

    /// Whether every cross-app constraint (day energy, data, rate limit) holds.
    var crossAppFeasible: Bool {
        for d in 0..<problem.days.count where dayCost[d] > problem.dayRemaining(d) + 1e-9 { return false }
        if let bytes = problem.dayBytesLimit, dayBytes.contains(where: { $0 > bytes + 1e-9 }) { return false }
        guard let limit = problem.request.rules.deviceFetchesPerHour else { return true }
        var lo = 0
        for hi in 0..<deviceInstants.count {
            while deviceInstants[hi] - deviceInstants[lo] >= 3600 { lo += 1 }
            if hi - lo + 1 > limit { return false }
        }
        return true
    }
}
