import LaunchHistory

/// One day of mode `event` for one event-driven policy and one budget (protocol `reveille-v1`).
///
/// Decision points are the hour boundaries `start(d) + h × 3600 s`, `h ≥ 1`, before `start(d+1)`
/// and every launch with `start(d) ≤ t < start(d+1)` in launch order, a boundary first at equal
/// instants (the boundary `h = 0` is the day's ``FetchPolicy/plan(_:)`` call, made by the caller).
/// Before a boundary decision at `T` the pending fetches with `f < T` execute; before a launch
/// decision, those with `f ≤ T`; at the end of the day all that remain. Each decision's list
/// replaces the pending one and must lie in `[T, start(d+1))` at a boundary, `[T + 1 s,
/// start(d+1))` at a launch, with executed plus pending at most `B`.
/// O((hours + launches of the day) × (B + log n)) plus the policy's own work.
struct _EventDay {
    let timeline: _DeviceTimeline
    let day: Int
    let budget: Int
    let dayStart: Double
    let dayEnd: Double
    /// Seconds spent inside ``EventDrivenPolicy/decide(_:)``.
    private(set) var planningSeconds = 0.0
    /// The reason of each fetch ``run(_:pending:)`` returned, in the same order.
    private(set) var reasons: [FetchReason] = []

    init(timeline: _DeviceTimeline, day: Int, budget: Int) {
        self.timeline = timeline
        self.day = day
        self.budget = budget
        dayStart = timeline.start(day).instant
        dayEnd = timeline.start(day + 1).instant
    }

    /// The day's decision points after `start(d)`, in the order they are taken.
    func triggers() -> [EventTrigger] {
        let first = timeline.history.launches(before: dayStart).count
        let end = timeline.history.launches(before: dayEnd).count
        var result: [EventTrigger] = []
        var hour = 1
        for index in first..<max(first, end) {
            while _boundary(hour) <= timeline.events[index].instant {
                result.append(.hourBoundary(hour: hour))
                hour += 1
            }
            result.append(.launch(timeline.events[index], index: index))
        }
        while _boundary(hour) < dayEnd {
            result.append(.hourBoundary(hour: hour))
            hour += 1
        }
        return result
    }

    /// Replays the day from the `start(d)` plan `pending`; returns every executed fetch.
    mutating func run(_ policy: inout any EventDrivenPolicy, pending initial: [Fetch]) throws -> [Fetch] {
        var executed: [Fetch] = []
        var pending = initial
        var origins = _FetchOrigins(initial, reason: .plan)
        let clock = ContinuousClock()
        for trigger in triggers() {
            let (context, isDue) = _context(trigger, executed: &executed, pending: pending)
            origins.execute(where: isDue)
            let started = clock.now
            let returned = try policy.decide(context)
            planningSeconds += _seconds(clock.now - started)
            pending = try _FetchWindowCheck(
                policy: policy.name, device: timeline.history.device, localDay: day, budget: budget,
                remaining: context.remainingBudget, windowStart: context.earliestFetch, windowEnd: dayEnd,
                dayEnd: dayEnd).kept(returned)
            origins.replacePending(with: pending, newReason: trigger._reason)
        }
        reasons = origins.executed + origins.pending.map(\.reason)
        return executed + pending
    }

    /// Executes the pending fetches due before `trigger` and builds its context; also returns
    /// which fetches were due.
    private func _context(_ trigger: EventTrigger, executed: inout [Fetch],
                          pending: [Fetch]) -> (EventContext, isDue: (Fetch) -> Bool) {
        let instant: Double, earliest: Double, history: ArraySlice<LaunchEvent>
        let isDue: (Fetch) -> Bool
        switch trigger {
        case let .hourBoundary(hour):
            instant = _boundary(hour)
            earliest = instant
            history = timeline.launches(before: instant)
            isDue = { $0.instant < instant }
        case let .launch(event, index):
            instant = event.instant
            earliest = instant + 1
            history = timeline.events[0...index]
            isDue = { $0.instant <= instant }
        }
        var kept: [Fetch] = []
        for fetch in pending {
            if isDue(fetch) { executed.append(fetch) } else { kept.append(fetch) }
        }
        let context = EventContext(device: timeline.history.device, trigger: trigger, instant: instant,
                                   earliestFetch: earliest, history: history, dayStart: dayStart, dayEnd: dayEnd,
                                   localDay: day, budget: budget, executed: executed, pending: kept,
                                   tauSeconds: timeline.tauSeconds, firstLocalDay: timeline.firstDay)
        return (context, isDue)
    }

    private func _boundary(_ hour: Int) -> Double { dayStart + Double(hour) * 3600 }
}
