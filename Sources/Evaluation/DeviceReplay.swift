import Foundation
import LaunchHistory
import ReveilleCore

/// What a policy executed on one day at one budget, and the probabilities of its first call.
typealias _PlannedDay = (fetches: [Fetch], probabilities: [String: [Double]]?, floorApps: [String]?, reasons: [FetchReason])

/// Walk-forward replay of one device: every scored day, every policy, every budget.
struct _DeviceReplay: Sendable {
    let timeline: _DeviceTimeline
    let options: EvaluationOptions
    /// The scored days, ascending.
    let days: [Int]
    let budgets: [Int]
    /// Seconds spent inside `FetchPolicy.plan`.
    private(set) var planningSeconds = 0.0
    /// Every executed fetch, when ``EvaluationOptions/recordsFetches`` is on.
    private(set) var executed: [ExecutedFetch] = []
    /// Counts each finished day (every policy and budget replayed), if given.
    var progress: DeviceDayTally?
    /// Threads that may plan this device's days at once: policies that plan each day alone
    /// (``FetchPolicy/plansEachDayAlone``) have their days split into this many runs of
    /// consecutive days, each planned by a copy of the policy, before the days are scored in
    /// order (the same results as one value planning every day).
    var dayWorkers = 1

    init(timeline: _DeviceTimeline, options: EvaluationOptions, days: [Int]) {
        self.timeline = timeline
        self.options = options
        self.days = days
        self.budgets = options.sortedBudgets
    }

    /// Tallies indexed `[policy][budget]` (budgets ascending).
    mutating func run(policies: inout [any FetchPolicy]) throws -> [[_Tally]] {
        var tallies = Array(repeating: Array(repeating: _Tally(), count: budgets.count), count: policies.count)
        var lastFetch = Array(repeating: Array(repeating: Array(repeating: -Double.infinity, count: timeline.apps.count),
                                               count: budgets.count), count: policies.count)
        var ahead = [[[_PlannedDay]]?](repeating: nil, count: policies.count)
        if dayWorkers > 1, days.count > 1, options.mode != .event {
            for p in policies.indices where policies[p].plansEachDayAlone {
                let (plans, seconds) = try _planConcurrently(policies[p])
                ahead[p] = plans
                planningSeconds += seconds
            }
        }
        // A policy's budgets' probability cells, kept once while every budget has had the same
        // cells every day (see ``_SharedCells``).
        var shared = [_SharedCells](repeating: _SharedCells(), count: policies.count)
        for (i, day) in days.enumerated() {
            var oracle = _oracleDay(day)
            let oracleHits = budgets.map { oracle.covered(budget: $0) }
            let score = _DayScore(timeline: timeline, day: day, dayStart: timeline.start(day).instant)
            for p in policies.indices {
                // The day's probability cells, made again only when a budget's probabilities differ.
                var dayCells: (probabilities: [String: [Double]], cells: _DayCells)?
                // The cells of the budget before, while the day's budgets share theirs.
                var sharedToday: _DayCells??
                let plans: [_PlannedDay]
                if let planned = ahead[p] {
                    plans = planned[i]
                } else {
                    let seconds: Double
                    (plans, seconds) = try _dayPlans(&policies[p], day: day, oracle: oracle)
                    planningSeconds += seconds
                }
                for (b, budget) in budgets.enumerated() {
                    let planned = plans[b]
                    var tally = tallies[p][b]
                    // Left empty until written back, so the score counts are not copied on write.
                    tallies[p][b] = _Tally()
                    var cells: _DayCells?
                    var same = true
                    if let probabilities = planned.probabilities {
                        if dayCells?.probabilities != probabilities {
                            dayCells = (probabilities, score.cells(probabilities))
                            same = b == 0
                        }
                        cells = dayCells?.cells
                    } else {
                        same = b == 0 || sharedToday.map { $0 == nil } == true
                    }
                    if shared[p].isOn {
                        if same {
                            if b == 0 { sharedToday = .some(cells) }
                            cells = nil
                        } else {
                            // Budgets differ from today on: each budget's tally takes the cells so far.
                            for b2 in budgets.indices {
                                var earlier = shared[p].cells
                                if b2 < b, let today = sharedToday ?? nil {
                                    var all = earlier ?? _ProbabilityCells()
                                    all.append(today)
                                    earlier = all
                                }
                                if b2 == b { tally.probabilities = earlier } else { tallies[p][b2].probabilities = earlier }
                            }
                            shared[p] = _SharedCells(isOn: false)
                        }
                    }
                    score.score(planned.fetches, cells: cells, lastFetch: &lastFetch[p][b], into: &tally)
                    if options.recordsFetches {
                        for ((fetch, used), reason) in zip(zip(planned.fetches, score.usedFlags(planned.fetches)), planned.reasons) {
                            executed.append(ExecutedFetch(device: timeline.history.device, policy: policies[p].name, budget: budget,
                                                          localDay: day, instant: fetch.instant, app: fetch.app, used: used,
                                                          reason: reason))
                        }
                    }
                    tally.oracleHits += oracleHits[b]
                    if let owed = planned.floorApps {
                        let served = Set(planned.fetches.map(\.app))
                        tally.floorOwed += owed.count
                        tally.floorServed += owed.filter(served.contains).count
                    }
                    tallies[p][b] = tally
                }
                if shared[p].isOn, let today = sharedToday ?? nil { shared[p].append(today) }
            }
            progress?.finishDays(1)
        }
        for p in policies.indices where shared[p].isOn {
            for b in budgets.indices { tallies[p][b].probabilities = shared[p].cells }
        }
        return tallies
    }

    /// The oracle cover of `day`, for its hits at every budget.
    /// The day's launches grouped as ``OraclePolicy/coverable(_:dayStart:dayEnd:)`` groups them,
    /// by the timeline's app indices (its apps are sorted by name) instead of hashing names.
    func _oracleDay(_ day: Int) -> _OracleDay {
        let dayStart = timeline.start(day).instant, dayEnd = timeline.start(day + 1).instant
        var coverable: [(app: Int, instant: Double)] = []
        for i in timeline.coldLaunches(onDay: day) {
            let t = timeline.events[i].instant
            if t - 1 >= dayStart && t - 1 < dayEnd { coverable.append((timeline.appOfLaunch[i], t)) }
        }
        coverable.sort { $0.app != $1.app ? $0.app < $1.app : $0.instant < $1.instant }
        var groups: [(app: String, times: [Double])] = []
        var last = -1
        for (app, t) in coverable {
            if app != last { groups.append((timeline.apps[app], [])); last = app }
            groups[groups.count - 1].times.append(t)
        }
        return _OracleDay(launchesByApp: groups, tauSeconds: timeline.tauSeconds)
    }

    /// Every scored day's plans at every budget (`[day index][budget index]`) by copies of
    /// `policy`, one per run of consecutive days, run concurrently; and the seconds spent
    /// planning. The first error in day order is thrown.
    private func _planConcurrently(_ policy: any FetchPolicy) throws -> (plans: [[_PlannedDay]], seconds: Double) {
        let runs = min(dayWorkers, days.count)
        let results = ConcurrentResults<(plans: [[_PlannedDay]], seconds: Double)>(count: runs)
        let replay = self
        // Threads of their own (run 0 on this one), so the runs never wait for a free thread of
        // Swift concurrency's pool, which every device task may hold.
        let work = { @Sendable (r: Int) in
            var copy = policy
            var plans: [[_PlannedDay]] = [], seconds = 0.0
            do {
                for i in (r * replay.days.count / runs)..<((r + 1) * replay.days.count / runs) {
                    let (planned, s) = try replay._dayPlans(&copy, day: replay.days[i])
                    plans.append(planned)
                    seconds += s
                }
                results.set(r, .success((plans, seconds)))
            } catch {
                results.set(r, .failure(error))
            }
        }
        let done = DispatchGroup()
        for r in 1..<runs {
            done.enter()
            let thread = Thread { work(r); done.leave() }
            thread.stackSize = 8 << 20
            thread.start()
        }
        work(0)
        done.wait()
        var plans: [[_PlannedDay]] = [], seconds = 0.0
        for r in 0..<runs {
            let run = try (results.get(r) ?? .failure(CancellationError())).get()
            plans += run.plans
            seconds += run.seconds
        }
        return (plans, seconds)
    }

    /// Every budget's plan of `day` (budgets ascending), and the seconds spent planning: in
    /// modes `daily` and `event` one budget's whole day after another; in mode `online` hour by
    /// hour, each hour boundary's calls for every budget in turn (the budgets' requests share the
    /// hour's history and forecast, and differ in their budget alone while they have spent the
    /// same fetches, when the planner reuses its problem). The calls of one budget see what they
    /// would see in any order, so the plans are the same.
    private func _dayPlans(_ policy: inout any FetchPolicy, day: Int, oracle: _OracleDay? = nil) throws -> ([_PlannedDay], Double) {
        var seconds = 0.0
        guard options.mode == .online else {
            let plans = try budgets.map { budget in
                let (planned, s) = try _dayFetches(&policy, day: day, budget: budget, oracle: oracle)
                seconds += s
                return planned
            }
            return (plans, seconds)
        }
        let (dayStart, offset) = timeline.start(day)
        let dayEnd = timeline.start(day + 1).instant
        var plans = budgets.map { _ in _PlannedDay(fetches: [], probabilities: nil, floorApps: nil, reasons: []) }
        let hours = max(1, Int(((dayEnd - dayStart) / 3600).rounded(.up)))
        for h in 0..<hours {
            let start: Double = dayStart + Double(h) * 3600
            let window = (start, h == hours - 1 ? dayEnd : start + 3600)
            let history = timeline.launches(before: window.0)
            for b in budgets.indices {
                seconds += try _planWindow(&policy, window, history: history, day: day, dayStart: dayStart, dayEnd: dayEnd,
                                           offset: offset, budget: budgets[b], first: h == 0, oracle: oracle, into: &plans[b])
            }
        }
        return (plans, seconds)
    }

    /// All of the day's executed fetches at `budget` (mode `daily` or `event`: one call for the
    /// whole day, then the event replay) and the probabilities of its first call; and the
    /// seconds spent planning.
    private func _dayFetches(_ policy: inout any FetchPolicy, day: Int, budget: Int,
                             oracle: _OracleDay?) throws -> (_PlannedDay, Double) {
        let (dayStart, offset) = timeline.start(day)
        let dayEnd = timeline.start(day + 1).instant
        var planned = _PlannedDay(fetches: [], probabilities: nil, floorApps: nil, reasons: [])
        var planningSeconds = try _planWindow(&policy, (dayStart, dayEnd), history: timeline.launches(before: dayStart), day: day,
                                              dayStart: dayStart, dayEnd: dayEnd, offset: offset, budget: budget, first: true,
                                              oracle: oracle, into: &planned)
        if options.mode == .event, var reactive = policy as? any EventDrivenPolicy {
            var eventDay = _EventDay(timeline: timeline, day: day, budget: budget)
            planned.fetches = try eventDay.run(&reactive, pending: planned.fetches)
            planned.reasons = eventDay.reasons
            planningSeconds += eventDay.planningSeconds
            policy = reactive
        }
        return (planned, planningSeconds)
    }

    /// One call of `policy` for `window` of `day` at `budget`, seeing `history` and the fetches
    /// `planned` holds: its kept fetches are added to `planned` (and, on the day's `first` call,
    /// its probabilities and floor apps). Returns the seconds spent inside the call.
    private func _planWindow(_ policy: inout any FetchPolicy, _ window: (Double, Double), history: ArraySlice<LaunchEvent>,
                             day: Int, dayStart: Double, dayEnd: Double, offset: Int, budget: Int, first: Bool,
                             oracle: _OracleDay?, into planned: inout _PlannedDay) throws -> Double {
        var context = PolicyContext(
            device: timeline.history.device, history: history,
            dayStart: dayStart, dayEnd: dayEnd, windowStart: window.0, windowEnd: window.1,
            utcOffsetSeconds: offset, localDay: day, budget: budget, remainingBudget: budget - planned.fetches.count,
            fetchesToday: planned.fetches, tauSeconds: timeline.tauSeconds, firstLocalDay: timeline.firstDay)
        context.launchFacts = timeline.facts
        context.oracleCover = oracle
        let clock = ContinuousClock()
        let started = clock.now
        let plan = try policy.plan(context)
        let elapsed = started.duration(to: clock.now).components
        let kept = try _validated(plan, policy: policy.name, context: context)
        planned.fetches += kept
        planned.reasons += Array(repeating: first ? .plan : .hour, count: kept.count)
        if first {
            planned.probabilities = plan.hourlyProbabilities
            planned.floorApps = plan.floorApps
            try _validate(planned.probabilities, policy: policy.name, context: context)
        }
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// The plan's fetches that execute (those at or after `start(d+1)` are dropped), or a
    /// typed error when the plan breaks the contract.
    private func _validated(_ plan: PolicyPlan, policy: String, context c: PolicyContext) throws(EvaluationError) -> [Fetch] {
        try _FetchWindowCheck(policy: policy, device: c.device, localDay: c.localDay, budget: c.budget,
                              remaining: c.remainingBudget, windowStart: c.windowStart, windowEnd: c.windowEnd,
                              dayEnd: c.dayEnd).kept(plan.fetches)
    }

    private func _validate(_ probabilities: [String: [Double]]?, policy: String, context c: PolicyContext) throws(EvaluationError) {
        for (app, values) in probabilities ?? [:] {
            guard values.count == 24, values.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                throw .invalidProbabilities(policy: policy, device: c.device, localDay: c.localDay, app: app)
            }
        }
    }
}

/// The probability cells of a policy's budgets while each day gave every budget the same cells:
/// kept once and appended to once a day, instead of once per budget, and handed to every
/// budget's tally at the end (one storage, so the pool sees them equal at once). The first day
/// whose budgets' cells differ hands each budget's tally its own copy and turns sharing off:
/// the tallies hold the same values either way.
struct _SharedCells {
    var isOn = true
    private(set) var cells: _ProbabilityCells?

    init(isOn: Bool = true) {
        self.isOn = isOn
    }

    /// Adds one day's cells (in place: the storage is this value's alone until the end).
    mutating func append(_ day: _DayCells) {
        var all = cells.take() ?? _ProbabilityCells()
        all.append(day)
        cells = all
    }
}
