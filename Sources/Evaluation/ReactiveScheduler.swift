import LaunchHistory
import Scheduling
import UsageModel

/// The product policy `reveille` in mode `event`: Scheduling's ``ReactiveScheduler`` (the type
/// `reveille react` runs), fed the day's launches and hour boundaries as they happen.
///
/// At `start(d)` it learns ``ReactiveStatistics`` from the launches before `start(d)` (once per
/// day, shared by every budget), makes a scheduler for the budget, lets it remember the last
/// 24 hours' launches and begins the day. Its windows are the histogram's, or the usage model's
/// daily plan (``ReveillePolicy``, refitted every day as in mode `daily`) when, at a budget
/// that compares them (``ReactiveStatistics/comparesModelWindows(budget:)``), the last 14
/// finished days, replayed out of sample with each day's own plan (``ReactiveValidator/chosenTally(history:localDay:firstLocalDay:tauSeconds:budget:modelWindows:)``),
/// gained hits with them by more than half a standard error. Triggers are on when those days gained
/// hits from them beyond their day-to-day noise (``ReactiveValidation/triggersHelp``). At a launch it returns the
/// scheduler's pending list after ``ReactiveScheduler/observe(_:)``; at a boundary, after
/// ``ReactiveScheduler/tick(at:zoneOffsetSeconds:)``. Probabilities are the usage model's hourly
/// forecast of the day (``SchedulingPolicy/hourlyForecast(_:)``, the day's fit), as in mode `daily`:
/// the model is fitted every day, also at a budget whose windows are the histogram's.
public struct ReactivePolicy: EventDrivenPolicy {
    /// The name in results (`reveille`).
    public let name: String
    /// The day's learnt statistics, as a scheduler every budget's is made from (sharing its scorer).
    private var learnt: (day: Int, tauSeconds: Double, scheduler: ReactiveScheduler)?
    private var scheduler: ReactiveScheduler?
    private var validator = ReactiveValidator()
    private var daily: ReveillePolicy
    /// The daily plan's windows by local day and budget (the days validation replays).
    private var planned: [Int: [Int: [FetchDecision]]] = [:]
    /// The scorer's best candidate after each of the day's launches (by history index), shared
    /// by the day's budgets: their schedulers score the same launches on the same statistics.
    private var launchBest: (dayStart: Double, best: [Int: (app: Int, score: Double)?]) = (-.infinity, [:])

    /// A policy with nothing learned yet.
    public init(name: String = "reveille", options: SchedulingOptions = SchedulingOptions()) throws {
        self.name = name
        daily = try ReveillePolicy(options: options)
        // Each day is forecast once per slot grid (every budget's windows are planned from
        // `start(d)`): nothing to keep for later forecasts of the day (the same forecasts).
        daily.forecaster.keepsForecastMemo = false
    }

    /// The daily plan's windows for the context's day at its budget (cached per day and budget).
    private mutating func _modelWindows(_ context: PolicyContext) throws -> [FetchDecision] {
        if let known = planned[context.localDay]?[context.budget] { return known }
        let windows = try daily.reactiveWindows(context.forecastContext, end: context.dayEnd, budget: context.budget)
        planned = planned.filter { $0.key >= context.localDay - ReactiveStatistics.validationDays }
        planned[context.localDay, default: [:]][context.budget] = windows
        return windows
    }

    /// Learns the day (once per day) and begins it.
    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let template: ReactiveScheduler
        if let learnt, learnt.day == context.localDay, learnt.tauSeconds == context.tauSeconds {
            template = learnt.scheduler
        } else {
            // Through the validator: the day's statistics are what validating the next days replays.
            template = try validator.learnScheduler(
                history: context.history, localDay: context.localDay, dayStart: context.dayStart,
                firstLocalDay: context.firstLocalDay, tauSeconds: context.tauSeconds, facts: context.launchFacts)
            learnt = (context.localDay, context.tauSeconds, template)
        }
        let known = planned
        let budget = context.budget
        let compares = ReactiveStatistics.comparesModelWindows(budget: budget)
        let tally = try validator.chosenTally(history: context.history, localDay: context.localDay,
                                              firstLocalDay: context.firstLocalDay, tauSeconds: context.tauSeconds,
                                              budget: budget, modelWindows: compares ? { day, _, _ in known[day]?[budget] } : nil)
        let windows = compares ? try _modelWindows(context) : []
        // Every budget's scheduler shares the scorer learning built.
        var scheduler = ReactiveScheduler(sharingStatisticsOf: template, budget: budget, triggers: tally.triggersHelp,
                                          modelWindows: tally.modelWindows)
        for launch in context.history.reversed().prefix(while: { $0.instant > context.dayStart - 86_400 }).reversed() {
            scheduler.remember(launch)
        }
        _ = scheduler.beginDay(start: context.dayStart, end: context.dayEnd,
                               windows: tally.modelWindows ? windows : scheduler.histogramWindows(start: context.dayStart,
                                                                                                  end: context.dayEnd))
        self.scheduler = scheduler
        // The usage model's hourly forecast, as in mode `daily` (the day's fit, which the model
        // windows use too).
        let hourly = try daily.hourlyForecast(context.forecastContext).probabilitiesByApp
        return PolicyPlan(fetches: Self._fetches(scheduler.pending), hourlyProbabilities: hourly)
    }

    /// The scheduler's pending list after the launch or boundary.
    public mutating func decide(_ context: EventContext) throws -> [Fetch] {
        // Taken out while it reacts, so that its arrays are not copied on write at every launch.
        guard var scheduler = self.scheduler.take() else { return context.pending }
        guard scheduler.day?.start == context.dayStart else {
            self.scheduler = scheduler
            return context.pending
        }
        switch context.trigger {
        case let .launch(launch, index):
            if launchBest.dayStart != context.dayStart { launchBest = (context.dayStart, [:]) }
            var best = launchBest.best[index]
            _ = scheduler.observe(launch, sharing: &best)
            if let known = best { launchBest.best[index] = known }
        case .hourBoundary: _ = scheduler.tick(at: context.instant)
        }
        self.scheduler = scheduler
        return Self._fetches(scheduler.pending)
    }

    private static func _fetches(_ decisions: [FetchDecision]) -> [Fetch] {
        decisions.map { Fetch(app: $0.app, instant: $0.at) }
    }
}
