import ReveilleCore

/// Turns chosen fetches into a ``FetchPlan``: per-window marginal numbers, OS windows, reason
/// codes, per-day budget use, and the apps left out with the constraint that bound them.
struct _ScheduleBuilder {
    let problem: _Problem
    /// The daily floor's fetches: their reasons start with "daily floor; ".
    var floor: Set<_Fetch> = []
    /// Whether the plan names the apps left out (``FetchPlan/leftOut``); the windows do not depend on it.
    var listsLeftOut = true

    func plan(_ fetches: [_Fetch], method: PlanningMethod) -> FetchPlan {
        let r = problem.request
        var state = _PlanState(problem)
        for f in fetches { state.add(f.app, f.slot) }
        let o = problem.objective(fetches)
        let days = problem.days.enumerated().map { d, day in
            FetchPlan.Day(localDay: day, limit: problem.dayLimit[d], spent: problem.daySpent[d],
                          planned: state.dayCost[d], plannedBytes: state.dayBytes[d])
        }
        let limit = problem.days.indices.reduce(0.0) { $0 + max(0, problem.dayRemaining($1)) }
        return FetchPlan(
            device: r.device, generatedAt: r.generatedAt, method: method, horizonStart: r.horizonStart,
            horizonEnd: r.horizonEnd, slotSeconds: r.slotSeconds, tauSeconds: r.tauSeconds,
            utcOffsetSeconds: r.utcOffsetSeconds, offsetChanges: r.offsetChanges,
            budget: .init(limit: limit, planned: state.dayCost.reduce(0, +), lowPowerMode: r.state.lowPowerMode, days: days),
            expectedHits: o.hits, value: o.value, windows: _windows(fetches), leftOut: listsLeftOut ? _leftOut(state) : [],
            floorApps: r.rules.dailyFloor ? Set(r.floorApps).intersection(problem.apps.map(\.name)).sorted() : [])
    }

    /// Windows in time order; each reports the slots it newly serves (not served by an earlier
    /// fetch of the same app).
    func _windows(_ fetches: [_Fetch]) -> [FetchPlan.Window] {
        let r = problem.request, k = problem.coverSlots
        var servedUntil = [Int](repeating: Int.min, count: problem.apps.count)
        var lastAt = problem.apps.map { $0.spentInstants }
        var out: [FetchPlan.Window] = []
        // By slot, then app name (names read only to break a tie of slots).
        let ordered = fetches.sorted { l, r in l.slot != r.slot ? l.slot < r.slot : problem.apps[l.app].name < problem.apps[r.app].name }
        for f in ordered {
            let app = problem.apps[f.app]
            let lo = max(f.slot, servedUntil[f.app]), hi = min(problem.slotCount, f.slot + k)
            servedUntil[f.app] = max(servedUntil[f.app], f.slot + k)
            var hits = 0.0
            for i in stride(from: lo, to: hi, by: 1) { hits += app.probability[i] }
            let probability = min(1, hits)
            let at = problem.instant(f.slot)
            // The app's latest fetch before `at` (the first of equal ones, as `max()` of them).
            var previous: Double?
            for t in lastAt[f.app] where t < at && previous.map({ t > $0 }) ?? true { previous = t }
            let earliest = _earliestBegin(at: at, previous: previous, app: app.name)
            lastAt[f.app].append(at)
            let minutes = Int(Double(max(0, hi - max(lo, f.slot))) * r.slotSeconds / 60)
            var peak = max(lo, f.slot)
            for i in stride(from: peak, to: hi, by: 1) where app.probability[i] > app.probability[peak] { peak = i }
            out.append(FetchPlan.Window(
                app: app.name, at: at, executeAt: at - 1 >= r.horizonStart ? at - 1 : at, earliestBegin: earliest,
                probability: probability, expectedHits: hits, value: hits * app.pNewData, energyCost: app.cost[f.slot],
                reasonCode: floor.contains(f) ? .dailyFloor : .forecast, servedFrom: problem.instant(max(lo, f.slot)),
                servedMinutes: minutes, nextExpectedUse: problem.instant(peak), evidence: app.evidence))
        }
        return out
    }

    /// `at − leadMinutes`, but not before the horizon, the app's earliest begin date, or the
    /// minimum interval after the app's previous fetch.
    func _earliestBegin(at: Double, previous: Double?, app: String) -> Double {
        let r = problem.request
        var t = max(at - r.rules.leadMinutes * 60, r.horizonStart)
        if let previous { t = max(t, previous + r.rules.minimumIntervalSeconds) }
        if let e = r.state.apps.first(where: { $0.app == app })?.earliestBegin { t = max(t, e) }
        return min(t, at)
    }

    /// Apps without a window, with the constraint blocking their most valuable fetch.
    func _leftOut(_ state: _PlanState) -> [FetchPlan.LeftOut] {
        let floor = max(problem.request.rules.minimumValue, 1e-12)
        var out: [FetchPlan.LeftOut] = []
        var best: [String: (app: Int, slot: Int)] = [:]
        for (a, app) in problem.apps.enumerated() where state.appSlots[a].isEmpty {
            if let excluded = app.excluded {
                out.append(.init(app: app.name, constraint: excluded, bestWindowValue: nil))
                continue
            }
            var slot = -1, value = floor
            // No window is worth more than all of the app's weight (weights are ≥ 0, so every
            // prefix difference is at most the last prefix): below the floor, none is scanned.
            let scanned = (app.weightPrefix.last ?? 0) >= floor ? problem.slotCount : 0
            for j in 0..<scanned {
                let v = app.weightSum(j, j + problem.coverSlots)
                if v >= value, slot < 0 || v > value { slot = j; value = v }
            }
            guard slot >= 0 else {
                out.append(.init(app: app.name, constraint: .lowValue, bestWindowValue: nil))
                continue
            }
            out.append(.init(app: app.name, constraint: state.violation(adding: a, slot) ?? .budget, bestWindowValue: value))
            best[app.name] = (a, slot)
        }
        return _lowPower(out, best: best, state).sorted { $0.app < $1.app }
    }

    /// Renames `budget` to `lowPower` where Low Power Mode is what binds: with it on, the apps
    /// left out for the budget, by best window value (ties: app name), take the energy Low Power
    /// Mode removed from their window's day (the unscaled `energyUnitsPerDay` minus spent and
    /// planned) while it lasts.
    func _lowPower(_ entries: [FetchPlan.LeftOut], best: [String: (app: Int, slot: Int)], _ state: _PlanState) -> [FetchPlan.LeftOut] {
        let r = problem.request
        guard r.state.lowPowerMode else { return entries }
        var room = problem.days.indices.map { r.budget.energyUnitsPerDay - problem.daySpent[$0] - state.dayCost[$0] }
        var out = entries
        let order = out.indices.filter { out[$0].constraint == .budget }.sorted {
            ((out[$0].bestWindowValue ?? 0), out[$1].app) > ((out[$1].bestWindowValue ?? 0), out[$0].app)
        }
        for k in order {
            guard let (a, j) = best[out[k].app] else { continue }
            let d = problem.slotDay[j], cost = problem.apps[a].cost[j]
            if cost <= room[d] + 1e-9 {
                room[d] -= cost
                out[k].constraint = .lowPower
            }
        }
        return out
    }
}
