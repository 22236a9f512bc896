import LaunchHistory

/// Settings of `reveille-event` (``ReactivePolicy``), with the defaults it is evaluated with.
public struct ReactiveOptions: Sendable {
    /// Pseudo-launches `α` shrinking each transition `k_ab / n_a` toward app `b`'s base rate
    /// (default 10; ≥ 0).
    public var shrinkageLaunches: Double = 10
    /// Triggers considered after each launch (default 2).
    public var candidatesPerLaunch: Int = 2
    /// Factor on trigger values before they compete with time-of-day windows for the budget
    /// (default 0.5: of 0.3, 0.5, 0.6, 0.7 and 1 the largest that stays at or above `histogram` at
    /// every budget on the Wellbeing and StudentLife sets).
    public var triggerValueScale: Double = 0.5
    /// An app launched within this many seconds before a launch gets no trigger (its next launch
    /// would likely be warm; default 3000).
    public var recentLaunchSeconds: Double = 3000

    /// The defaults above.
    public init() {}
}

/// The product policy in mode `event` (`reveille-event`): the time-of-day plan, and fetches
/// triggered by the launches of the day that take over its weakest windows.
///
/// At `start(d)` it plans what `histogram` plans: the `B` best (app, local hour) windows of the
/// last 28 days, each with value `count / days` (the chance of a cold launch in that hour), so
/// the whole budget is spent. It also learns the trigger values `v_ab = s (k_ab + α r_b) / (n_a +
/// α)`: ``MarkovPolicy``'s transition counts shrunk toward `r_b`, the share of launches followed
/// by a cold `b` within τ, and scaled by `s` (``ReactiveOptions/triggerValueScale``).
///
/// After a launch of `a` at `T`, each of the `candidatesPerLaunch` best `b` (not launched in the
/// last `recentLaunchSeconds`) with `v_ab` at least the weakest planned window's value (0 when
/// fewer than `B` windows were seen) gets a
/// fetch at `T + 1 s`, unless `b` has a fetch in `(T + 1 s − τ, T + 1 s + τ/2)`. With the budget
/// full, the trigger replaces the pending window of lowest value when that value is lower;
/// otherwise it is dropped. Hour boundaries change nothing. Probabilities are the histogram's.
public struct ReactivePolicy: EventDrivenPolicy {
    /// The name in results (default `reveille-event`).
    public let name: String
    /// The policy's settings.
    public var options: ReactiveOptions
    private var model: _ReactiveDayModel?
    /// A trigger's bar for the current (day, budget): the weakest planned window's value, or 0
    /// when the windows leave budget over.
    private var threshold = 0.0
    /// Value of each planned time-of-day window of the current (day, budget).
    private var windowValues: [Fetch: Double] = [:]

    /// A policy with nothing learned yet (it learns at each day's `start(d)`).
    public init(name: String = "reveille-event", options: ReactiveOptions = ReactiveOptions()) {
        self.name = name
        self.options = options
    }

    /// Learns the day (once per day, shared by every budget) and plans the `B` best windows.
    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        if model?.localDay != context.localDay { model = _ReactiveDayModel(context, options: options) }
        guard let model else { return PolicyPlan(fetches: []) }
        let chosen = model.windows.prefix(max(0, context.budget))
        threshold = chosen.count == context.budget ? chosen.last?.value ?? 0 : 0
        windowValues = [:]
        var fetches: [Fetch] = []
        for window in chosen {
            let fetch = Fetch(app: window.app, instant: context.dayStart + Double(window.hour) * 3600)
            guard fetch.instant < context.dayEnd else { continue }
            fetches.append(fetch)
            windowValues[fetch] = window.value
        }
        return PolicyPlan(fetches: fetches, hourlyProbabilities: model.hourlyProbabilities)
    }

    /// At a launch, the pending list with the launch's triggers; at a boundary, unchanged.
    public mutating func decide(_ context: EventContext) throws -> [Fetch] {
        guard let model, model.localDay == context.localDay, let launch = context.launch else { return context.pending }
        var pending = context.pending
        let instant = launch.instant + 1
        guard instant < context.dayEnd else { return pending }
        let tau = context.tauSeconds
        for trigger in model.triggers(after: launch.app, excluding: _recentApps(context, since: instant))
        where trigger.value >= threshold {
            let near = (context.executed + pending).contains {
                $0.app == trigger.app && $0.instant > instant - tau && $0.instant < instant + tau / 2
            }
            guard !near else { continue }
            if context.executed.count + pending.count >= context.budget {
                let windows = pending.indices.compactMap { i in windowValues[pending[i]].map { (index: i, value: $0) } }
                guard let lowest = windows.min(by: { $0.value < $1.value }), lowest.value < trigger.value else { continue }
                pending.remove(at: lowest.index)
            }
            pending.append(Fetch(app: trigger.app, instant: instant))
        }
        return pending
    }

    /// Apps launched in `(instant − recentLaunchSeconds, instant)`, from the end of the history.
    private func _recentApps(_ context: EventContext, since instant: Double) -> Set<String> {
        var recent = Set<String>()
        for earlier in context.history.reversed() {
            guard earlier.instant > instant - options.recentLaunchSeconds else { break }
            recent.insert(earlier.app)
        }
        return recent
    }
}

extension PolicyRegistry {
    /// Registers `reveille-event` (``ReactivePolicy``), usable in mode `event` only.
    public mutating func registerReactive(options: ReactiveOptions = ReactiveOptions()) {
        register("reveille-event", modes: [.event]) { _ in ReactivePolicy(options: options) }
    }
}
