import LaunchHistory
import Scheduling
import UsageModel

/// The product policy `reveille` in mode `event`: Scheduling's ``ReactiveScheduler`` (the type
/// `reveille react` runs), fed the day's launches and hour boundaries as they happen.
///
/// At `start(d)` it learns ``ReactiveStatistics`` from the launches before `start(d)` (once per
/// day, shared by every budget), makes a scheduler for the budget, lets it remember the last
/// 24 hours' launches and begins the day: its windows are the plan. Triggers are on when the
/// last 14 finished days, replayed out of sample (``ReactiveValidator``), gained hits from them
/// beyond their day-to-day noise (``ReactiveValidation/triggersHelp``). At a launch it returns the
/// scheduler's pending list after ``ReactiveScheduler/observe(_:)``; at a boundary, after
/// ``ReactiveScheduler/tick(at:zoneOffsetSeconds:)``. Probabilities are the hourly cold-launch
/// frequencies (the `histogram`'s).
public struct ReactivePolicy: EventDrivenPolicy {
    /// The name in results (`reveille`).
    public let name: String
    private var statistics: (day: Int, value: ReactiveStatistics)?
    private var scheduler: ReactiveScheduler?
    private var validator = ReactiveValidator()

    /// A policy with nothing learned yet.
    public init(name: String = "reveille") {
        self.name = name
    }

    /// Learns the day (once per day) and begins it.
    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        if statistics?.day != context.localDay {
            let value = try ReactiveStatistics.learn(
                history: context.history, localDay: context.localDay, dayStart: context.dayStart,
                firstLocalDay: context.firstLocalDay, tauSeconds: context.tauSeconds)
            statistics = (context.localDay, value)
        }
        guard let learnt = statistics?.value else { return PolicyPlan(fetches: []) }
        let tally = try validator.tally(history: context.history, localDay: context.localDay,
                                        firstLocalDay: context.firstLocalDay, tauSeconds: context.tauSeconds,
                                        budget: context.budget)
        var scheduler = ReactiveScheduler(statistics: learnt, budget: context.budget, tauSeconds: context.tauSeconds,
                                          triggers: tally.triggersHelp)
        for launch in context.history.reversed().prefix(while: { $0.instant > context.dayStart - 86_400 }).reversed() {
            scheduler.remember(launch)
        }
        _ = scheduler.beginDay(start: context.dayStart, end: context.dayEnd)
        self.scheduler = scheduler
        let perDay = Double(max(1, learnt.days))
        var hourly: [String: [Double]] = [:]
        for (app, counts) in zip(learnt.apps, learnt.hourlyColdLaunches) where counts.contains(where: { $0 > 0 }) {
            hourly[app] = counts.map { Double($0) / perDay }
        }
        return PolicyPlan(fetches: Self._fetches(scheduler.pending), hourlyProbabilities: hourly)
    }

    /// The scheduler's pending list after the launch or boundary.
    public mutating func decide(_ context: EventContext) throws -> [Fetch] {
        guard var scheduler, scheduler.day?.start == context.dayStart else { return context.pending }
        switch context.trigger {
        case let .launch(launch, _): _ = scheduler.observe(launch)
        case .hourBoundary: _ = scheduler.tick(at: context.instant)
        }
        self.scheduler = scheduler
        return Self._fetches(scheduler.pending)
    }

    private static func _fetches(_ decisions: [FetchDecision]) -> [Fetch] {
        decisions.map { Fetch(app: $0.app, instant: $0.at) }
    }
}
