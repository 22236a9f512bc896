import ReveilleCore
extension _Problem {
    /// Validates `request` and precomputes weights, costs, allowed slots and day budgets.
    /// Complexity O(apps · slots + spent fetches · slots).
    convenience init(_ request: PlanningRequest) throws {
        try _Validation.check(request)
        let timeline = _LocalTimeline(initialOffset: request.utcOffsetSeconds, changes: request.offsetChanges)
        let interval = (request.rules.minimumIntervalSeconds / request.slotSeconds - 1e-9).rounded(.up)
        let start = request.horizonStart, delta = request.slotSeconds
        let slotLocalDay = (0..<request.slotCount).map { timeline.localDay(start + Double($0) * delta) }
        let days = Array(Set(slotLocalDay)).sorted()
        let dayIndex = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
        let slotDay = slotLocalDay.map { dayIndex[$0] ?? 0 }
        let (dayLimit, daySpent, dayBytesLimit, spentInstants) = _Problem._budgetAndSpent(request, dayIndex: dayIndex,
                                                                                         timeline: timeline)
        let (settings, spentByApp) = (_Problem._settings(request), _Problem._spentByApp(request))
        let multipliers = _Problem._costMultipliers(request, timeline: timeline)
        // Apps of one energy cost share one cost array (most apps cost 1 unit a fetch), so the
        // cheapest fetch and whole energies are read once per distinct cost, not once per app.
        var costs: [(energyCost: Double, cost: [Double])] = []
        var built: [_AppProblem] = []
        built.reserveCapacity(request.apps.count)
        let shared = _SharedRows(slots: request.slotCount, days: days.count)
        for forecast in request.apps {
            let cost: [Double]
            if let known = costs.first(where: { $0.energyCost == forecast.energyCost }) {
                cost = known.cost
            } else {
                cost = multipliers.map { $0 * forecast.energyCost }
                costs.append((forecast.energyCost, cost))
            }
            built.append(_Problem._app(forecast, settings: settings[forecast.app], spent: spentByApp[forecast.app] ?? [],
                                       request: request, slotDay: slotDay, dayIndex: dayIndex, cost: cost, timeline: timeline,
                                       shared: shared))
        }
        var cheapest = [Double](repeating: .infinity, count: days.count)
        for (_, cost) in costs {
            for (j, c) in cost.enumerated() { cheapest[slotDay[j]] = min(cheapest[slotDay[j]], c) }
        }
        self.init(request: request, timeline: timeline, slotCount: request.slotCount,
                  coverSlots: Int((request.tauSeconds / request.slotSeconds).rounded()),
                  intervalSlots: max(1, Int(min(interval, Double(request.slotCount + 1)))),
                  days: days, slotDay: slotDay, dayLimit: dayLimit, daySpent: daySpent, dayBytesLimit: dayBytesLimit,
                  apps: built, cheapestFetch: cheapest,
                  wholeEnergies: costs.allSatisfy { $0.cost.allSatisfy { $0 == $0.rounded() && $0 < 4_294_967_296 } },
                  spentInstants: spentInstants)
    }

    /// `request`'s problem when it differs from `previous`'s request in its budget and spent
    /// fetches alone (the caller has checked that, and validated `request`'s budget and spent
    /// fetches): the slot grid, days and costs are `previous`'s, and each app whose spent fetches
    /// are those it had in `previous` keeps its share (the same object: building it again reads
    /// nothing else that could differ, so it would be equal). The online replay plans each hour
    /// at every budget from one forecast, the budgets having spent different fetches of a few
    /// apps. O(days + spent fetches + apps) and a build of each app whose spent fetches differ.
    convenience init(_ request: PlanningRequest, sharingAppsOf previous: _Problem) {
        let dayIndex = Dictionary(uniqueKeysWithValues: previous.days.enumerated().map { ($1, $0) })
        let (dayLimit, daySpent, dayBytesLimit, spentInstants) = _Problem._budgetAndSpent(request, dayIndex: dayIndex,
                                                                                         timeline: previous.timeline)
        let (settings, spentByApp) = (_Problem._settings(request), _Problem._spentByApp(request))
        let shared = _SharedRows(slots: previous.slotCount, days: previous.days.count)
        let apps = zip(request.apps, previous.apps).map { forecast, kept in
            let spent = spentByApp[forecast.app] ?? []
            if kept.spentInstants == spent { return kept }
            return _Problem._app(forecast, settings: settings[forecast.app], spent: spent, request: request,
                                 slotDay: previous.slotDay, dayIndex: dayIndex, cost: kept.cost, timeline: previous.timeline,
                                 shared: shared)
        }
        self.init(request: request, timeline: previous.timeline, slotCount: previous.slotCount,
                  coverSlots: previous.coverSlots, intervalSlots: previous.intervalSlots, days: previous.days,
                  slotDay: previous.slotDay, dayLimit: dayLimit, daySpent: daySpent, dayBytesLimit: dayBytesLimit,
                  apps: apps, cheapestFetch: previous.cheapestFetch, wholeEnergies: previous.wholeEnergies,
                  spentInstants: spentInstants)
    }

    /// What `request`'s budget and spent fetches make of the days `dayIndex` numbers: each day's
    /// energy limit, the energy its spent fetches used, the data limit, and the spent fetches'
    /// instants ascending.
    static func _budgetAndSpent(_ request: PlanningRequest, dayIndex: [Int: Int], timeline: _LocalTimeline)
        -> (dayLimit: [Double], daySpent: [Double], dayBytesLimit: Double?, spentInstants: [Double]) {
        var spent = [Double](repeating: 0, count: dayIndex.count)
        for s in request.spentFetches {
            if let d = dayIndex[timeline.localDay(s.at)] { spent[d] += s.energyCost }
        }
        return (_dayLimit(request, days: dayIndex.count), spent, request.budget.dataBytesPerDay,
                request.spentFetches.map(\.at).sorted())
    }

    /// Each app's settings in `request`'s device state (the first, for a repeated app).
    static func _settings(_ request: PlanningRequest) -> [String: AppSettings] {
        Dictionary(request.state.apps.map { ($0.app, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The instants of each app's spent fetches, ascending.
    static func _spentByApp(_ request: PlanningRequest) -> [String: [Double]] {
        Dictionary(grouping: request.spentFetches, by: \.app).mapValues { $0.map(\.at).sorted() }
    }

    /// This problem under `budget` instead of its request's: the same as building the request with
    /// that budget, since nothing else depends on it (the caller validates `budget`). O(days).
    func budgeted(_ budget: PlanningBudget) -> _Problem {
        var request = self.request
        request.budget = budget
        return _Problem(request: request, timeline: timeline, slotCount: slotCount, coverSlots: coverSlots,
                        intervalSlots: intervalSlots, days: days, slotDay: slotDay,
                        dayLimit: _Problem._dayLimit(request, days: days.count), daySpent: daySpent,
                        dayBytesLimit: budget.dataBytesPerDay, apps: apps, cheapestFetch: cheapestFetch,
                        wholeEnergies: wholeEnergies, spentInstants: spentInstants)
    }

    /// Each day's energy limit: the budget, Low Power scaled.
    static func _dayLimit(_ request: PlanningRequest, days: Int) -> [Double] {
        var limit = request.budget.energyUnitsPerDay
        if request.state.lowPowerMode { limit = (limit * request.budget.lowPowerScale + 1e-9).rounded(.down) }
        return [Double](repeating: limit, count: days)
    }

    /// Each slot's preferred-window energy multiplier (the smallest window containing it, else 1).
    static func _costMultipliers(_ r: PlanningRequest, timeline: _LocalTimeline) -> [Double] {
        (0..<r.slotCount).map { j in
            let minute = timeline.minuteOfDay(r.horizonStart + Double(j) * r.slotSeconds)
            return r.rules.preferredWindows.filter { $0.contains(minuteOfDay: minute) }.map(\.costMultiplier).min() ?? 1
        }
    }

    /// App `f`'s share of the problem; `cost` is each slot's energy of a fetch of it (its energy
    /// cost × the slot's preferred-window multiplier), `spent` the instants of its spent fetches,
    /// ascending (``_spentByApp(_:)``); `shared` the rows every app with no blocked slot and no
    /// cap holds (one array for all of them), sized for the problem's slots and days.
    static func _app(_ f: AppForecast, settings: AppSettings?, spent: [Double], request r: PlanningRequest, slotDay: [Int],
                     dayIndex: [Int: Int], cost: [Double], timeline: _LocalTimeline, shared: _SharedRows) -> _AppProblem {
        let s = settings ?? AppSettings(app: f.app)
        let pNew = s.fetchResults?.posteriorNewData(alpha: r.rules.newDataPriorAlpha, beta: r.rules.newDataPriorBeta) ?? 1
        var probability = f.slotProbabilities
        // Without spent fetches of the app nothing is served already (every factor is 1).
        for (i, p) in probability.enumerated() where p > 0 && !spent.isEmpty {
            let lo = r.horizonStart + Double(i) * r.slotSeconds, hi = lo + r.slotSeconds
            var served = 0.0
            for at in spent { served = max(served, min(hi, at + r.tauSeconds) - max(lo, at)) }
            probability[i] = p * (1 - min(1, max(0, served) / r.slotSeconds))
        }
        // `p × 1` is `p`, bit for bit: without the posterior the weights are the probabilities.
        let weight = pNew == 1 ? probability : probability.map { $0 * pNew }
        var prefix = [Double](repeating: 0, count: weight.count + 1)
        var sum = 0.0
        for i in 0..<weight.count {
            sum += weight[i]
            prefix[i + 1] = sum
        }
        let settingsCap = s.maxFetchesPerDay ?? r.rules.maxFetchesPerAppPerDay
        let standbyCap = r.rules.standbyBucketQuota ? r.standbyCaps?[f.app] : nil
        let capReason: FetchSchedule.Constraint = standbyCap.map { $0 < (settingsCap ?? Int.max) } == true ? .standbyBucket : .dailyCap
        let cap = capReason == .standbyBucket ? standbyCap : settingsCap
        var capRemaining = cap.map { [Int](repeating: $0, count: dayIndex.count) } ?? shared.uncapped
        if cap != nil {
            for at in spent { if let d = dayIndex[timeline.localDay(at)] { capRemaining[d] -= 1 } }
        }
        let earliest = s.earliestBegin ?? -Double.infinity
        // Every slot starts at or after the horizon's start: with no earliest begin after it, no
        // spent fetch and no day's cap used up, no slot is blocked.
        let open = earliest <= r.horizonStart && spent.isEmpty && capRemaining.allSatisfy { $0 > 0 }
        let blocked = open ? shared.open
            : (0..<r.slotCount).map { j -> FetchSchedule.Constraint? in
                let t = r.horizonStart + Double(j) * r.slotSeconds
                if t < earliest { return .notYetAllowed }
                if capRemaining[slotDay[j]] <= 0 { return capReason }
                return spent.contains { abs($0 - t) < r.rules.minimumIntervalSeconds } ? .minimumInterval : nil
            }
        let idle = r.rules.recentUseDays != nil && r.recentApps.map { !$0.contains(f.app) } == true
        let excluded: FetchSchedule.Constraint? = s.forceQuit ? .forceQuit
            : (!s.backgroundRefresh ? .backgroundRefreshOff : (idle ? .neverUsed : nil))
        return _AppProblem(name: f.app, weight: weight, probability: probability, weightPrefix: prefix,
                           cost: cost, bytesPerFetch: s.bytesPerFetch,
                           blocked: blocked, capRemaining: capRemaining, capReason: capReason, excluded: excluded,
                           pNewData: pNew, evidence: f.evidence, spentInstants: spent)
    }
}

/// The rows most apps of a problem share, built once per problem: no slot blocked, and no daily
/// cap on any day.
struct _SharedRows {
    /// `nil` for every slot.
    let open: [FetchSchedule.Constraint?]
    /// `Int.max` for every day.
    let uncapped: [Int]

    init(slots: Int, days: Int) {
        open = [FetchSchedule.Constraint?](repeating: nil, count: max(0, slots))
        uncapped = [Int](repeating: Int.max, count: max(0, days))
    }
}
