import LaunchHistory

/// What prompted an event-mode decision (protocol `reveille-v1`, mode `event`).
public enum EventTrigger: Sendable, Hashable {
    /// The hour boundary `start(d) + hour × 3600 s`, `hour ≥ 1` (hour 0 is the day's
    /// ``FetchPolicy/plan(_:)`` call). A day lengthened by an offset change has more than 24.
    case hourBoundary(hour: Int)
    /// A launch of the day, seen as it happens; `index` is its position in the device's history.
    case launch(LaunchEvent, index: Int)
}

/// What an ``EventDrivenPolicy`` sees at one decision point of day `d` in mode `event`.
///
/// At a boundary `T` the history holds the launches with instant `< T`; at a launch it holds
/// that launch and every launch before it in launch order (not a later launch at the same
/// instant). The returned pending list must lie in `[earliestFetch, dayEnd)` (fetches at or after
/// `dayEnd` are dropped) and `executed.count + pending.count ≤ budget`.
public struct EventContext: Sendable {
    /// Device identifier.
    public var device: String
    /// The boundary or launch that prompted this decision.
    public var trigger: EventTrigger
    /// The decision's instant `T` (Unix seconds).
    public var instant: Double
    /// The earliest instant a pending fetch may have: `T` at a boundary, `T + 1 s` at a launch.
    public var earliestFetch: Double
    /// Every launch the policy may see, in launch order.
    public var history: ArraySlice<LaunchEvent>
    /// `start(d)`.
    public var dayStart: Double
    /// `start(d + 1)`.
    public var dayEnd: Double
    /// Local day number `d`.
    public var localDay: Int
    /// The day's budget `B`.
    public var budget: Int
    /// The day's fetches already executed (final, in execution order).
    public var executed: [Fetch]
    /// The pending list the previous decision returned, minus the fetches just executed.
    public var pending: [Fetch]
    /// Freshness window tau in seconds.
    public var tauSeconds: Double
    /// Local day of the device's first launch.
    public var firstLocalDay: Int

    /// A context with every field given (the evaluator builds these; tests and tools may too).
    public init(device: String, trigger: EventTrigger, instant: Double, earliestFetch: Double,
                history: ArraySlice<LaunchEvent>, dayStart: Double, dayEnd: Double, localDay: Int, budget: Int,
                executed: [Fetch], pending: [Fetch], tauSeconds: Double, firstLocalDay: Int) {
        self.device = device
        self.trigger = trigger
        self.instant = instant
        self.earliestFetch = earliestFetch
        self.history = history
        self.dayStart = dayStart
        self.dayEnd = dayEnd
        self.localDay = localDay
        self.budget = budget
        self.executed = executed
        self.pending = pending
        self.tauSeconds = tauSeconds
        self.firstLocalDay = firstLocalDay
    }

    /// `B − executed.count`: the most fetches the pending list may hold.
    public var remainingBudget: Int { budget - executed.count }

    /// The launch that prompted this decision, or `nil` at a boundary.
    public var launch: LaunchEvent? {
        if case let .launch(event, _) = trigger { return event }
        return nil
    }
}

/// A policy that reacts to the day as it unfolds (mode `event`).
///
/// The evaluator calls ``FetchPolicy/plan(_:)`` at `start(d)` with the whole-day context exactly
/// as in mode `daily` (its fetches become the pending list and its probabilities are scored), then
/// ``decide(_:)`` at every later decision point: hour boundaries `h ≥ 1` and every launch of the
/// day, a boundary first at equal instants. Before a boundary decision at `T` the pending fetches
/// with `f < T` execute, before a launch decision those with `f ≤ T`, and at the end of the day
/// all that remain. Policies that are not event-driven keep their `start(d)` plan, so their event
/// results equal their daily ones. In modes `daily` and `online` ``decide(_:)`` is never called.
public protocol EventDrivenPolicy: FetchPolicy {
    /// The whole new pending list for the rest of the day; it replaces `context.pending`.
    /// Throwing aborts the evaluation.
    mutating func decide(_ context: EventContext) throws -> [Fetch]
}
