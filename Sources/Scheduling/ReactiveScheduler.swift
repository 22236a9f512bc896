import LaunchHistory
import ReveilleCore
import UsageModel

/// One decision of the ``ReactiveScheduler``: a fetch added to the day's pending list, or a
/// pending fetch withdrawn to make room for a better one.
public struct FetchDecision: Sendable, Hashable, Codable {
    /// What the decision does.
    public enum Action: String, Sendable, Codable {
        /// Run a background fetch of ``FetchDecision/app`` at ``FetchDecision/at``.
        case fetch
        /// Withdraw the pending fetch of ``FetchDecision/app`` at ``FetchDecision/at``.
        case cancel
    }
    /// Why the fetch exists.
    public enum Reason: String, Sendable, Codable {
        /// A time-of-day window planned at the start of the day.
        case window
        /// A launch just seen makes a cold launch of this app likely within tau.
        case trigger
    }
    /// Fetch or cancel.
    public var action: Action
    /// App identifier.
    public var app: String
    /// Unix seconds at which the fetch runs.
    public var at: Double
    /// Window or trigger.
    public var reason: Reason
    /// What the fetch is worth, the value a trigger must beat to take over a pending window: for
    /// a trigger, the scorer's chance of a cold launch of ``app`` in `(at, at + tau]`; for a
    /// histogram window, its local hour's cold launches per counted day (a rate, not bounded by
    /// 1); for a usage-model window, the plan's `FetchPlan.Window.probability` (the chance of
    /// a cold launch in the slots it newly serves). A window moved past tau after a launch keeps
    /// its value; a window taken over by a trigger gets the larger of the two.
    public var probability: Double

    /// A decision.
    public init(action: Action, app: String, at: Double, reason: Reason, probability: Double) {
        self.action = action
        self.app = app
        self.at = at
        self.reason = reason
        self.probability = probability
    }
}

/// The day's budget as the scheduler sees it.
public struct BudgetState: Sendable, Hashable, Codable {
    /// `B`.
    public var budget: Int
    /// Fetches already executed today.
    public var executed: Int
    /// Fetches pending for the rest of today.
    public var pending: Int

    /// A state.
    public init(budget: Int, executed: Int, pending: Int) {
        self.budget = budget
        self.executed = executed
        self.pending = pending
    }
}

/// The product policy in mode `event`: time-of-day windows at the start of the day, and trigger
/// fetches decided at each launch as it happens (what `reveille evaluate --mode event` scores as
/// `reveille`, and what `reveille react` runs).
///
/// At the start of local day `d` it plans the day's windows: the `B` best (app, local hour)
/// windows of ``ReactiveStatistics/hourlyColdLaunches`` (the `histogram` order), each valued at
/// its count per day; or, at a budget ``ReactiveStatistics/comparesModelWindows(budget:)`` names
/// (4, 8, 16, 32) where the last 14 finished days replayed out of sample gained hits with them by more than half the standard error of the daily gain
/// (``ReactiveValidation/modelWindows``), the usage model's daily plan (``ReveillePolicy``, the
/// plan `reveille plan` ships; ``SchedulingPolicy/reactiveWindows(_:end:budget:)``). After a launch of `a` at `T` it scores every other app with a cold launch in the
/// counted days (see ``ReactiveStatistics``: the transition `a → b`, b's time-of-day rate, how
/// recently and how often `b` was used, the burstiness of the last 30 minutes) and takes the best
/// `b` when its score `p` reaches the budget's threshold `θ` (``thresholdScale(budget:)`` — a half,
/// or 0.7 from B = 16 on — times the `(B × days)`-th largest of the last 14 days' best scores) and `b` has no fetch today in `(T + 1 s − tau, T + 1 s]` (one
/// that already covers the moments after the launch). A pending window of `b` due before
/// `T + 1 s + tau` covers none of the moments between the launch and itself, where the trigger's
/// chance lies: it moves to `T + 1 s` instead, at no cost to the budget (on Wellbeing, B = 16:
/// 44 hits instead of the 38 that skipping the trigger for it gave). Otherwise, with the budget
/// full, a pending window worth less than `p` is cancelled. The trigger fetch runs at `T + 1 s`. The budget is never exceeded. Triggers are used only at a
/// budget where, on the last 14 finished days replayed out of sample, they gained hits over the
/// windows alone by more than half the day-to-day spread of that gain
/// (``ReactiveStatistics/validation``, ``ReactiveValidation/triggersHelp``): so a device whose
/// launches carry no within-session signal keeps the time-of-day plan.
///
/// A pending window of `b` at `f` that a launch of `b` at `t > f − tau + 1 s` made partly useless
/// (b's launches before `t + tau` are warm) moves to `t + tau − 1 s` (at the day's start, for b's
/// last launch before it): the moved fetch covers every cold launch the window covered and more,
/// so the windows alone never score below `histogram` on any day.
///
/// All state is incremental: a launch costs O(apps) (the scores) plus O(B); there is no refit.
/// Pending fetches are executed (final) when ``observe(_:)`` sees a launch at or after them or
/// ``tick(at:)`` passes them.
///
/// ```swift
/// var scheduler = ReactiveScheduler(statistics: model.reactive!, budget: 8)
/// for decision in scheduler.observe(launch) { print(decision.action, decision.app, decision.at) }
/// ```
public struct ReactiveScheduler: Sendable {
    /// `B`, the most fetches per local day.
    public let budget: Int
    /// Freshness window tau in seconds.
    public let tauSeconds: Double
    /// Fraction of the `(B × days)`-th best recent score a trigger must reach below
    /// ``strictThresholdBudget`` (0.5).
    public static let thresholdScale = 0.5
    /// Fraction of the `(B × days)`-th best recent score a trigger must reach from
    /// ``strictThresholdBudget`` on (0.7).
    public static let strictThresholdScale = 0.7
    /// The smallest budget whose threshold is ``strictThresholdScale`` of its score (16). There a
    /// day's later windows are worth little and nearly any trigger above half the score
    /// displaced one: with 0.7, `reveille evaluate --mode event` (reveille hits at B = 16 / 32)
    /// went on Wellbeing from 45/65 to 46/65, StudentLife 789/1253 (unchanged), the bundled set
    /// 3520/6592 → 3553/6620, simulated 20 devices × 45 days, seeds 3/11/29: 4727/8887 →
    /// 4807/8918, 4832/9009 → 4863/9054, 4959/9221 → 4979/9227. From B = 12 or 10 on it was mixed
    /// (B = 12: Wellbeing 40 → 39, bundled 2665 → 2678; B = 10: StudentLife 581 → 580, seed 3
    /// 3011 → 3045). A scale of 0.6 at every budget lost Wellbeing's B = 8 (36 → 33); choosing
    /// 0.5 or 0.7 per budget by the 14-day validation replay lost to both (Wellbeing B = 16: 44;
    /// bundled 3549/6616) — its choice is noisier than the difference.
    public static let strictThresholdBudget = 16

    /// The scale of `budget`'s threshold: ``thresholdScale`` below ``strictThresholdBudget``,
    /// ``strictThresholdScale`` from it on.
    public static func thresholdScale(budget: Int) -> Double {
        budget >= strictThresholdBudget ? strictThresholdScale : thresholdScale
    }
    private let scorer: _ReactiveScorer
    private var recency: _ReactiveRecency
    private let threshold: Double
    /// Whether launches may trigger fetches.
    public let triggers: Bool
    /// Whether ``beginDay(start:end:)`` plans the day with the usage model's windows (from
    /// ``windowPlanner``) rather than the histogram's.
    public let modelWindows: Bool
    /// Where a day's model windows come from when the scheduler runs on its own (`reveille
    /// react`); `nil`: the histogram's windows (the evaluator passes each day's windows to
    /// ``beginDay(start:end:windows:)`` itself).
    public var windowPlanner: ReactiveWindowPlanner?
    /// The UTC offset of the last launch or tick seen (the local clock; 0 before any).
    public private(set) var utcOffsetSeconds = 0
    /// The current day's `[start, end)`, once a day has begun. The `end` of a day the scheduler
    /// began itself follows the offset of the last launch or tick (see ``observe(_:)``).
    public private(set) var day: (start: Double, end: Double)?
    /// The local day of ``day`` when the scheduler began it itself; `nil` for a day begun with
    /// ``beginDay(start:end:windows:)`` (its bounds are the caller's) or before any day.
    private var localDay: Int?
    /// The day's executed fetches, in execution order.
    public private(set) var executed: [FetchDecision] = []
    /// The day's pending fetches.
    public private(set) var pending: [FetchDecision] = []

    /// A scheduler that has seen no launch and begun no day.
    /// - Parameters:
    ///   - statistics: what was learnt (``ReactiveStatistics/learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)``
    ///     or a model file's `reactive` section).
    ///   - budget: `B` (negative counts as 0).
    ///   - tauSeconds: tau (3600 unless the evaluation says otherwise).
    ///   - triggers: whether launches may trigger fetches (default: as the statistics' validation
    ///     says for this budget, ``ReactiveStatistics/usesTriggers(budget:)``); without, the
    ///     scheduler keeps the day's windows.
    ///   - modelWindows: whether the day's windows are the usage model's (default: as the
    ///     statistics' validation says, ``ReactiveStatistics/usesModelWindows(budget:)``).
    public init(statistics: ReactiveStatistics, budget: Int, tauSeconds: Double = 3600, triggers: Bool? = nil,
                modelWindows: Bool? = nil) {
        self.init(scorer: _ReactiveScorer(statistics, tauSeconds: tauSeconds), budget: budget, tauSeconds: tauSeconds,
                  triggers: triggers ?? statistics.usesTriggers(budget: budget),
                  modelWindows: modelWindows ?? statistics.usesModelWindows(budget: budget))
    }

    /// A scheduler at `budget` on the statistics and tau `other` was made with: what
    /// ``init(statistics:budget:tauSeconds:triggers:modelWindows:)`` makes from them, without
    /// building the scorer's tables again (the evaluator's budgets of one day share them).
    /// Nothing else of `other` is carried over: no day, launch or ``windowPlanner``.
    public init(sharingStatisticsOf other: ReactiveScheduler, budget: Int, triggers: Bool? = nil,
                modelWindows: Bool? = nil) {
        let statistics = other.scorer.statistics
        self.init(scorer: other.scorer, budget: budget, tauSeconds: other.tauSeconds,
                  triggers: triggers ?? statistics.usesTriggers(budget: budget),
                  modelWindows: modelWindows ?? statistics.usesModelWindows(budget: budget))
    }

    /// A scheduler on an already built scorer (a replayed day's, shared by every budget; built
    /// with `tauSeconds`), its windows given to ``beginDay(start:end:windows:)``.
    init(scorer: _ReactiveScorer, budget: Int, tauSeconds: Double, triggers: Bool, modelWindows: Bool = false) {
        self.budget = max(0, budget)
        self.triggers = triggers
        self.modelWindows = modelWindows
        self.tauSeconds = tauSeconds
        self.scorer = scorer
        recency = _ReactiveRecency(appCount: scorer.statistics.apps.count)
        threshold = Self._threshold(scorer.statistics, budget: max(0, budget))
    }

    /// The day's budget use.
    public var budgetState: BudgetState { BudgetState(budget: budget, executed: executed.count, pending: pending.count) }

    /// Records a launch from before the day (recency only; no decision, nothing executed).
    public mutating func remember(_ launch: LaunchEvent) {
        _remember(launch, app: scorer.index[launch.app] ?? -1)
    }

    /// ``remember(_:)`` with the launch's app index in the statistics known (`-1`: unknown).
    mutating func _remember(_ launch: LaunchEvent, app a: Int) {
        recency.record(app: a, at: launch.instant)
        windowPlanner?.record(launch)
    }

    /// Begins the day `[start, end)`: the budget is fresh and the day's windows are planned —
    /// the ``windowPlanner``'s when ``modelWindows`` is on and it has a plan, else
    /// ``histogramWindows(start:end:)``. Returns the windows (a fetch decision each).
    /// O(apps × 24 × log), or one plan.
    public mutating func beginDay(start: Double, end: Double) -> [FetchDecision] {
        if modelWindows, let planned = windowPlanner?.windows(start: start, end: end, utcOffsetSeconds: utcOffsetSeconds,
                                                              budget: budget, tauSeconds: tauSeconds) {
            return beginDay(start: start, end: end, windows: planned)
        }
        return beginDay(start: start, end: end, windows: histogramWindows(start: start, end: end))
    }

    /// The `B` best (app, local hour) windows of ``ReactiveStatistics/hourlyColdLaunches`` for
    /// the day `[start, end)` (the `histogram` order), each at its hour's start and valued at its
    /// count per day. O(apps × 24 × log).
    public func histogramWindows(start: Double, end: Double) -> [FetchDecision] {
        Self._histogramWindows(Self._histogramOrder(scorer.statistics), statistics: scorer.statistics, budget: budget,
                               start: start, end: end)
    }

    /// Every (app, local hour) with a cold launch in ``ReactiveStatistics/hourlyColdLaunches``,
    /// best first: by count, then app, then hour. O(apps × 24 × log).
    static func _histogramOrder(_ statistics: ReactiveStatistics) -> [(count: Int, app: Int, hour: Int)] {
        var windows: [(count: Int, app: Int, hour: Int)] = []
        for (a, counts) in statistics.hourlyColdLaunches.enumerated() {
            for (hour, count) in counts.enumerated() where count > 0 { windows.append((count, a, hour)) }
        }
        windows.sort { x, y in x.count != y.count ? x.count > y.count : x.app != y.app ? x.app < y.app : x.hour < y.hour }
        return windows
    }

    /// ``histogramWindows(start:end:)`` from the statistics' ``_histogramOrder(_:)`` (a replayed
    /// day's, sorted once for every budget). O(B).
    static func _histogramWindows(_ order: [(count: Int, app: Int, hour: Int)], statistics: ReactiveStatistics,
                                  budget: Int, start: Double, end: Double) -> [FetchDecision] {
        let perDay = Double(max(1, statistics.days))
        return order.prefix(max(0, budget)).compactMap { window in
            let at = start + Double(window.hour) * 3600
            guard at < end else { return nil }
            return FetchDecision(action: .fetch, app: statistics.apps[window.app], at: at, reason: .window,
                                 probability: Double(window.count) / perDay)
        }
    }

    /// Begins the day `[start, end)` with `windows` as its time-of-day plan (the first `B` in
    /// `[start, end)`, each moved past tau after its app's last launch). Returns the windows.
    public mutating func beginDay(start: Double, end: Double, windows: [FetchDecision]) -> [FetchDecision] {
        day = (start, end)
        localDay = nil
        executed = []
        pending = []
        for var window in windows where window.at >= start && window.at < end {
            guard pending.count < budget else { break }
            if let a = scorer.index[window.app] {
                window.at = _shifted(window.at, lastLaunch: recency.lastLaunch[a], end: end)
            }
            window.action = .fetch
            window.reason = .window
            pending.append(window)
        }
        return pending
    }

    /// Executes the pending fetches before `instant` (an hour boundary or a clock tick). With
    /// `zoneOffsetSeconds`, the local day holding `instant` under that offset begins when it is
    /// later than the current day (its windows are returned; see ``observe(_:)`` for the rule);
    /// without, the clock only passes `instant`.
    public mutating func tick(at instant: Double, zoneOffsetSeconds: Int? = nil) -> [FetchDecision] {
        var decisions: [FetchDecision] = []
        if let offset = zoneOffsetSeconds {
            utcOffsetSeconds = offset
            decisions = _rollOver(to: instant, offset: offset)
        }
        _execute { $0.at < instant }
        return decisions
    }

    /// Reacts to a launch as it happens: executes the pending fetches at or before it, begins
    /// its local day if it lies past the current one, records it, and returns the decisions
    /// made (windows of a new day, a cancelled window, a trigger fetch at `T + 1 s`). O(apps + B).
    ///
    /// The day is the local day under the offset in effect at each launch or tick (across a DST
    /// change as well): one whose local day is the current day's (or earlier) never begins it
    /// again, so at most `B` fetches fall on a local day, and the day's end moves to its next
    /// local midnight under that offset (pending fetches at or after the new end are cancelled);
    /// one on a later local day ends the day (fetches due before it execute, later ones are
    /// cancelled) and begins its own. A day begun with ``beginDay(start:end:windows:)`` keeps the
    /// caller's bounds instead and ends at the first launch or tick at or after its `end`.
    public mutating func observe(_ launch: LaunchEvent) -> [FetchDecision] {
        var best: (app: Int, score: Double)?? = nil
        return observe(launch, sharing: &best)
    }

    /// ``observe(_:)`` with the scorer's best candidate after `launch` already known (`best`
    /// non-`nil`: what ``_ReactiveScorer/best(after:instant:localSeconds:recency:)`` returns at
    /// this launch; the replay of a day computes it once for every budget).
    mutating func _observe(_ launch: LaunchEvent, app a: Int, best known: (app: Int, score: Double)??) -> [FetchDecision] {
        var best = known
        return _observe(launch, app: a, sharing: &best)
    }

    /// ``observe(_:)`` for schedulers of several budgets fed the same launches on one day's
    /// statistics (``init(sharingStatisticsOf:budget:triggers:modelWindows:)``): the scorer's best
    /// candidate after a launch depends on neither the budget nor the pending list, so the first
    /// scheduler to score the launch leaves it in `best` (`.some`) and the others read it.
    package mutating func observe(_ launch: LaunchEvent, sharing best: inout (app: Int, score: Double)??) -> [FetchDecision] {
        _observe(launch, app: scorer.index[launch.app] ?? -1, sharing: &best)
    }

    /// ``observe(_:sharing:)`` with the launch's app index in the statistics known (`-1`: unknown).
    private mutating func _observe(_ launch: LaunchEvent, app a: Int,
                                   sharing best: inout (app: Int, score: Double)??) -> [FetchDecision] {
        utcOffsetSeconds = launch.utcOffsetSeconds
        var decisions = _rollOver(to: launch.instant, offset: launch.utcOffsetSeconds)
        let instant = launch.instant
        _execute { $0.at <= instant }
        recency.record(app: a, at: instant)
        windowPlanner?.record(launch)
        if let day { decisions += _shiftWindows(of: launch.app, launchedAt: instant, end: day.end) }
        guard triggers, let day, instant + 1 < day.end, instant + 1 >= day.start else { return decisions }
        let at = instant + 1
        let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
            instant: at, utcOffsetSeconds: launch.utcOffsetSeconds))
        let scored = best ?? scorer.best(after: a, instant: instant, localSeconds: local, recency: recency)
        best = .some(scored)
        guard let best = scored, best.score >= threshold else { return decisions }
        let app = scorer.statistics.apps[best.app]
        let since = at - tauSeconds
        let covers = { (fetch: FetchDecision) in fetch.app == app && fetch.at > since && fetch.at <= at }
        let covered = executed.contains(where: covers) || pending.contains(where: covers)
        guard !covered else { return decisions }
        if let soon = pending.indices.filter({ pending[$0].app == app && pending[$0].reason == .window && pending[$0].at < at + tauSeconds })
            .min(by: { pending[$0].at < pending[$1].at }) {
            // A window of `b` due within tau covers none of `(at, window)`, where the trigger's
            // chance lies: it moves to `at` (at no cost to the budget) and becomes the trigger.
            var cancelled = pending[soon]
            cancelled.action = .cancel
            pending[soon] = FetchDecision(action: .fetch, app: app, at: at, reason: .trigger,
                                          probability: max(best.score, cancelled.probability))
            decisions += [cancelled, pending[soon]]
            return decisions
        }
        if executed.count + pending.count >= budget {
            var lowest: Int?
            for (i, fetch) in pending.enumerated() where fetch.reason == .window {
                if lowest.map({ fetch.probability < pending[$0].probability }) ?? true { lowest = i }
            }
            guard let lowest, pending[lowest].probability < best.score else { return decisions }
            var cancelled = pending.remove(at: lowest)
            cancelled.action = .cancel
            decisions.append(cancelled)
        }
        let fetch = FetchDecision(action: .fetch, app: app, at: at, reason: .trigger, probability: best.score)
        pending.append(fetch)
        decisions.append(fetch)
        return decisions
    }

    /// `at`, or `lastLaunch + tau − 1 s` when that is later and before `end`: a launch of the
    /// app at `lastLaunch` makes its launches before `lastLaunch + tau` warm, so a fetch there
    /// covers every cold launch the window at `at` covers, and more.
    private func _shifted(_ at: Double, lastLaunch: Double, end: Double) -> Double {
        let later = lastLaunch + tauSeconds - 1
        return at < later && later < end ? later : at
    }

    /// Moves the pending windows of `app` that a launch at `instant` made partly useless to
    /// `instant + tau − 1 s` (a cancel and a fetch decision each). O(B).
    private mutating func _shiftWindows(of app: String, launchedAt instant: Double, end: Double) -> [FetchDecision] {
        var decisions: [FetchDecision] = []
        for i in pending.indices where pending[i].app == app && pending[i].reason == .window {
            let at = _shifted(pending[i].at, lastLaunch: instant, end: end)
            guard at != pending[i].at else { continue }
            var cancelled = pending[i]
            cancelled.action = .cancel
            pending[i].at = at
            decisions += [cancelled, pending[i]]
        }
        return decisions
    }

    /// Ends the current day and begins the local day holding `instant` under `offset` when it
    /// lies past the current one (the rule in ``observe(_:)``); the scheduler's own day first
    /// takes its end under `offset`, withdrawing the pending fetches at or after
    /// `max(end, instant)` (cancel decisions).
    private mutating func _rollOver(to instant: Double, offset: Int) -> [FetchDecision] {
        let eventDay = LocalClock.day(localSeconds: LocalClock.localSeconds(instant: instant, utcOffsetSeconds: offset))
        var decisions: [FetchDecision] = []
        if let day {
            if let current = localDay {
                let end = LocalClock.startOfDay(current + 1, utcOffsetSeconds: offset)
                decisions = _withdraw(from: max(end, instant))
                self.day = (day.start, end)
                if eventDay <= current { return decisions }
            } else if instant < day.end {
                return []
            }
        }
        _execute { _ in true }
        let start = LocalClock.startOfDay(eventDay, utcOffsetSeconds: offset)
        decisions += beginDay(start: start, end: LocalClock.startOfDay(eventDay + 1, utcOffsetSeconds: offset))
        localDay = eventDay
        return decisions
    }

    /// Cancels the pending fetches at or after `instant` (a cancel decision each). O(B).
    private mutating func _withdraw(from instant: Double) -> [FetchDecision] {
        guard pending.contains(where: { $0.at >= instant }) else { return [] }
        var cancelled: [FetchDecision] = []
        pending.removeAll { fetch in
            guard fetch.at >= instant else { return false }
            var cancel = fetch
            cancel.action = .cancel
            cancelled.append(cancel)
            return true
        }
        return cancelled
    }

    private mutating func _execute(_ isDue: (FetchDecision) -> Bool) {
        guard pending.contains(where: isDue) else { return }
        var kept: [FetchDecision] = []
        for fetch in pending {
            if isDue(fetch) { executed.append(fetch) } else { kept.append(fetch) }
        }
        pending = kept
    }

    /// `θ`: ``thresholdScale(budget:)`` × the `(B × scoreDays)`-th largest score, or the
    /// smallest when there are fewer; above every score (no trigger) without scores.
    private static func _threshold(_ statistics: ReactiveStatistics, budget: Int) -> Double {
        guard let score = statistics.budgetScore(budget: budget) else { return .infinity }
        return thresholdScale(budget: budget) * score
    }
}
