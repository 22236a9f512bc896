import ReveilleCore

/// Turns chosen fetches into a ``FetchSchedule``: per-window marginal numbers, OS windows,
/// reasons, per-day budget use, and the apps left out with the constraint that bound them.
struct _ScheduleBuilder {
    let problem: _Problem
    /// The daily floor's fetches: their reasons start with "daily floor; ".
    var floor: Set<_Fetch> = []

    func schedule(_ fetches: [_Fetch], method: String) -> FetchSchedule {
        let r = problem.request, line = problem.timeline
        var state = _PlanState(problem)
        for f in fetches { state.add(f.app, f.slot) }
        let windows = _windows(fetches)
        let o = problem.objective(fetches)
        let days = problem.days.enumerated().map { d, day in
            FetchSchedule.Day(date: _LocalTimeline.dateText(day: day), limit: problem.dayLimit[d],
                              spent: _round(problem.daySpent[d]), planned: _round(state.dayCost[d]),
                              plannedBytes: _round(state.dayBytes[d]))
        }
        let limit = problem.days.indices.reduce(0.0) { $0 + max(0, problem.dayRemaining($1)) }
        return FetchSchedule(
            schemaVersion: 1, device: r.device, generatedAt: line.iso(r.generatedAt), method: method,
            horizon: .init(start: line.iso(r.horizonStart), end: line.iso(r.horizonEnd), startUnix: r.horizonStart,
                           endUnix: r.horizonEnd, slotSeconds: r.slotSeconds, tauSeconds: r.tauSeconds),
            budget: .init(limit: _round(limit), planned: _round(state.dayCost.reduce(0, +)),
                          lowPowerMode: r.state.lowPowerMode, days: days),
            objective: .init(expectedHits: _round(o.hits), value: _round(o.value)),
            windows: windows, leftOut: _leftOut(state))
    }

    /// Windows in time order; each reports the slots it newly serves (not served by an earlier
    /// fetch of the same app).
    func _windows(_ fetches: [_Fetch]) -> [FetchSchedule.Window] {
        let r = problem.request, line = problem.timeline, k = problem.coverSlots
        var servedUntil = [Int](repeating: Int.min, count: problem.apps.count)
        var lastAt = problem.apps.map { $0.spentInstants }
        var out: [FetchSchedule.Window] = []
        for f in fetches.sorted(by: { ($0.slot, problem.apps[$0.app].name) < ($1.slot, problem.apps[$1.app].name) }) {
            let app = problem.apps[f.app]
            let lo = max(f.slot, servedUntil[f.app]), hi = min(problem.slotCount, f.slot + k)
            servedUntil[f.app] = max(servedUntil[f.app], f.slot + k)
            var hits = 0.0
            for i in stride(from: lo, to: hi, by: 1) { hits += app.probability[i] }
            let probability = min(1, hits)
            let at = problem.instant(f.slot)
            let earliest = _earliestBegin(at: at, previous: lastAt[f.app].filter { $0 < at }.max(), app: app.name)
            lastAt[f.app].append(at)
            let first = problem.instant(max(lo, f.slot))
            let minutes = Int(Double(max(0, hi - max(lo, f.slot))) * r.slotSeconds / 60)
            let start = line.minuteOfDay(first)
            let reason = (floor.contains(f) ? "daily floor; " : "")
                + (app.evidence?.reason(startMinute: start, lengthMinutes: minutes)
                   ?? _probabilityReason(probability, startMinute: start, lengthMinutes: minutes))
            out.append(FetchSchedule.Window(
                app: app.name, at: line.iso(at), atUnix: at, earliestBegin: line.iso(earliest), latestBegin: line.iso(at),
                probability: _round(probability), expectedHits: _round(hits), value: _round(hits * app.pNewData),
                energyCost: _round(app.cost[f.slot]), reason: reason))
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
    func _leftOut(_ state: _PlanState) -> [FetchSchedule.LeftOut] {
        let floor = max(problem.request.rules.minimumValue, 1e-12)
        var out: [FetchSchedule.LeftOut] = []
        for (a, app) in problem.apps.enumerated() where state.appSlots[a].isEmpty {
            if let excluded = app.excluded {
                out.append(.init(app: app.name, constraint: excluded, detail: _detail(excluded)))
                continue
            }
            var slot = -1, value = floor
            for j in 0..<problem.slotCount {
                let v = app.weightSum(j, j + problem.coverSlots)
                if v >= value, slot < 0 || v > value { slot = j; value = v }
            }
            guard slot >= 0 else {
                out.append(.init(app: app.name, constraint: .lowValue, detail: _detail(.lowValue)))
                continue
            }
            let constraint = state.violation(adding: a, slot) ?? .budget
            out.append(.init(app: app.name, constraint: constraint,
                             detail: _detail(constraint) + " (best window worth \(_fixed(value, 3)) expected hits)"))
        }
        return out.sorted { $0.app < $1.app }
    }

    func _detail(_ c: FetchSchedule.Constraint) -> String {
        switch c {
        case .budget: return "the day's energy budget went to windows of higher value per unit"
        case .forceQuit: return "the app was force-quit; the system does not launch it in the background"
        case .backgroundRefreshOff: return "background app refresh is off for the app"
        case .minimumInterval: return "too close to the app's previous fetch"
        case .lowValue: return "no window is worth the minimum value"
        case .dailyCap: return "the app's daily fetch cap is used up"
        case .notYetAllowed: return "the app's earliest begin date is later"
        case .rateLimit: return "the device's hourly fetch limit is reached"
        case .dataBudget: return "the day's data budget is used up"
        }
    }
}

/// Rounds to 6 decimals so that JSON numbers stay short and stable.
func _round(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
