import LaunchHistory

/// Settings of `reveille-event` (``ReactivePolicy``), with the defaults it is evaluated with.
public struct ReactiveOptions: Sendable {
    /// Pseudo-launches `α` shrinking each transition `k_ab / n_a` toward app `b`'s base rate
    /// (default 10; ≥ 0).
    public var shrinkageLaunches: Double = 10
    /// Triggers considered after each launch (default 2).
    public var candidatesPerLaunch: Int = 2
    /// Factor on trigger values before they compete with time-of-day windows for the budget
    /// (default 0.5: in-sample transition values overstate their hit rate about twofold on the
    /// Wellbeing and StudentLife sets).
    public var triggerValueScale: Double = 0.5
    /// An app launched within this many seconds before a launch gets no trigger (its next launch
    /// would likely be warm; default 3000).
    public var recentLaunchSeconds: Double = 3000

    public init() {}
}

/// The product policy in mode `event` (`reveille-event`): a time-of-day plan plus fetches
/// triggered by the launches of the day.
///
/// At `start(d)` it learns, over the last 28 days, the `histogram` windows (app, local hour) with
/// value `count / days` and the trigger values `v_ab = s (k_ab + α r_b) / (n_a + α)` (transition
/// counts of ``MarkovPolicy``'s window, shrunk toward `r_b`, the share of launches followed by a
/// cold `b` within τ). The budget `B` is split by value: windows cost 1, each window launch's best
/// triggers `1 / days` (their expected count per day); the plan is the first `k*` windows and the
/// last value taken is the day's threshold `θ`.
///
/// - After a launch of `a` at `T`: each of the best triggers `b` (not launched in the last
///   `recentLaunchSeconds`) with `v_ab ≥ θ` gets a fetch at `T + 1 s`, unless `b` has a fetch in
///   `(T + 1 s − τ, T + 1 s + τ/2)`; with the budget full it replaces the pending window of
///   lowest value when that value is lower.
/// - At each hour boundary `h`: while `B` − executed − pending exceeds the expected triggers of the
///   rest of the day (by the window's launch hours) by 1 or more, the next best windows of hours
///   `≥ h` are added, so the day's budget is spent.
public struct ReactivePolicy: EventDrivenPolicy {
    public let name: String
    public var options: ReactiveOptions
    private var model: _ReactiveDayModel?
    private var threshold = Double.infinity
    private var triggersPerDay = 0.0
    /// Value of each planned time-of-day window of the current (day, budget).
    private var windowValues: [Fetch: Double] = [:]

    public init(name: String = "reveille-event", options: ReactiveOptions = ReactiveOptions()) {
        self.name = name
        self.options = options
    }

    /// Learns the day (once per day), splits the budget and plans the first `k*` windows.
    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        if model?.localDay != context.localDay { model = _ReactiveDayModel(context, options: options) }
        guard let model else { return PolicyPlan(fetches: []) }
        let split = model.split(budget: context.budget)
        threshold = split.threshold
        triggersPerDay = split.triggersPerDay
        windowValues = [:]
        var fetches: [Fetch] = []
        for window in model.windows.prefix(split.windowCount) {
            let fetch = Fetch(app: window.app, instant: context.dayStart + Double(window.hour) * 3600)
            guard fetch.instant < context.dayEnd else { continue }
            fetches.append(fetch)
            windowValues[fetch] = window.value
        }
        return PolicyPlan(fetches: fetches, hourlyProbabilities: model.hourlyProbabilities)
    }

    public mutating func decide(_ context: EventContext) throws -> [Fetch] {
        guard let model, model.localDay == context.localDay else { return context.pending }
        switch context.trigger {
        case let .hourBoundary(hour):
            return _topUp(context, model: model, hour: hour)
        case let .launch(event, _):
            return _react(context, model: model, launch: event)
        }
    }

    /// Adds the next best windows of hours `≥ hour` while the budget left exceeds the expected
    /// triggers of the rest of the day by at least one.
    private mutating func _topUp(_ context: EventContext, model: _ReactiveDayModel, hour: Int) -> [Fetch] {
        var pending = context.pending
        let restShare = hour < 24 ? model.hourShare[hour...].reduce(0, +) : 0
        var spare = Double(context.remainingBudget - pending.count) - triggersPerDay * restShare
        guard spare >= 1 else { return pending }
        let planned = Set(context.executed + pending)
        for window in model.windows where window.hour >= hour {
            let fetch = Fetch(app: window.app, instant: context.dayStart + Double(window.hour) * 3600)
            guard fetch.instant < context.dayEnd, !planned.contains(fetch) else { continue }
            pending.append(fetch)
            windowValues[fetch] = window.value
            spare -= 1
            if spare < 1 { break }
        }
        return pending
    }

    /// Adds the launch's triggers that reach the threshold, replacing lower-valued windows when
    /// the budget is full.
    private func _react(_ context: EventContext, model: _ReactiveDayModel, launch: LaunchEvent) -> [Fetch] {
        var pending = context.pending
        let instant = launch.instant + 1
        guard instant < context.dayEnd else { return pending }
        var recent = Set<String>()
        for earlier in context.history.reversed() {
            guard earlier.instant > instant - options.recentLaunchSeconds else { break }
            recent.insert(earlier.app)
        }
        let tau = context.tauSeconds
        for trigger in model.triggers(after: launch.app, excluding: recent) where trigger.value >= threshold {
            let near = (context.executed + pending).contains {
                $0.app == trigger.app && $0.instant > instant - tau && $0.instant < instant + tau / 2
            }
            guard !near else { continue }
            if context.executed.count + pending.count >= context.budget {
                let windows = pending.indices.compactMap { i in windowValues[pending[i]].map { (i, $0) } }
                guard let lowest = windows.min(by: { $0.1 < $1.1 }), lowest.1 < trigger.value else { continue }
                pending.remove(at: lowest.0)
            }
            pending.append(Fetch(app: trigger.app, instant: instant))
        }
        return pending
    }
}

extension PolicyRegistry {
    /// Registers `reveille-event` (``ReactivePolicy``), usable in mode `event` only.
    public mutating func registerReactive(options: ReactiveOptions = ReactiveOptions()) {
        register("reveille-event", modes: [.event]) { _ in ReactivePolicy(options: options) }
    }
}
