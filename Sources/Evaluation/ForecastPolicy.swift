import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

extension PolicyContext {
    /// The scheduling pipeline's view of this context: the history before the window, the
    /// protocol's day and the evaluation's `tau`.
    public var forecastContext: ForecastContext {
        var context = ForecastContext(device: device, history: history, dayStart: dayStart, localDay: localDay,
                                      firstLocalDay: firstLocalDay, utcOffsetSeconds: utcOffsetSeconds, tauSeconds: tauSeconds)
        context.launchFacts = launchFacts
        return context
    }
}

/// Scores a ``SchedulingPolicy`` — the very pipeline `reveille plan` ships — by protocol
/// `reveille-v1`: at each call it plans the rest of the day (`[windowStart, start(d+1))`) under
/// the budget left, and executes the plan's windows that run inside the current window, at their
/// ``FetchPlan/Window/executeAt`` (one second before the slot they serve). This is how `reveille`
/// (the usage model) and `bayes` (the simulator's true intensities) are evaluated.
///
/// In mode `online` an hour's call re-plans only when launches arrived since the day's last plan
/// at its budget; otherwise that plan stands (``SchedulingOptions/quietHourReplans``).
public struct ForecastPolicy<Source: Forecaster>: FetchPolicy {
    public let name: String
    /// The pipeline being scored.
    public var scheduling: SchedulingPolicy<Source>
    /// Per budget, the day's last plan made before the day's end (online mode's hourly calls).
    private var _standing: [Int: _StandingPlan] = [:]

    /// Scores `scheduling` under `name`.
    public init(name: String, scheduling: SchedulingPolicy<Source>) {
        self.name = name
        self.scheduling = scheduling
    }

    /// Whether the forecaster's forecasts depend on each day alone
    /// (``Forecaster/forecastsEachDayAlone``); the rest of a plan always does.
    public var plansEachDayAlone: Bool { scheduling.forecaster.forecastsEachDayAlone }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let forecastContext = context.forecastContext
        var hourly: [String: [Double]]? = nil
        if context.isFirstCallOfDay {
            hourly = try scheduling.hourlyForecast(forecastContext).probabilitiesByApp
        }
        // A day with no whole slot left (one an offset jump across the date line emptied) has no
        // plan, as every baseline's fetches fall at or after its end.
        guard context.remainingBudget > 0, scheduling.holdsWholeSlot(from: context.windowStart, to: context.dayEnd) else {
            return PolicyPlan(fetches: [], hourlyProbabilities: hourly)
        }
        if !scheduling.options.quietHourReplans, let standing = _standing[context.budget], standing.stands(in: context) {
            return PolicyPlan(fetches: standing.fetches(in: context), hourlyProbabilities: hourly)
        }
        let request = ScheduleRequest(
            context: forecastContext, start: context.windowStart, end: context.dayEnd,
            offsetChanges: forecastContext.plannerOffsetChanges(dayEnd: context.dayEnd, from: context.windowStart),
            budgetPerDay: context.budget, spentFetches: context.fetchesToday.map { SpentFetch(app: $0.app, at: $0.instant) })
        let plan = try scheduling.plan(request)
        let planned = _StandingPlan(context, windows: plan.windows.map { Fetch(app: $0.app, instant: $0.executeAt) })
        if context.windowEnd < context.dayEnd { _standing[context.budget] = planned }
        let owesFloor = scheduling.options.rules.dailyFloor && context.isFirstCallOfDay
        return PolicyPlan(fetches: planned.fetches(in: context), hourlyProbabilities: hourly,
                          floorApps: owesFloor ? plan.floorApps : nil)
    }
}

/// A plan of the rest of a day, kept while the device sees no new launch.
struct _StandingPlan: Sendable {
    let device: String
    let localDay: Int
    /// Launches the plan was made with (the history before its call's window).
    let launchesSeen: Int
    /// Its windows as fetches at their execution instants.
    let windows: [Fetch]

    init(_ context: PolicyContext, windows: [Fetch]) {
        device = context.device
        localDay = context.localDay
        launchesSeen = context.history.count
        self.windows = windows
    }

    /// Whether the plan still stands for `context`: a later call of the same device's day that
    /// sees no launch the plan did not see. The fetches executed since are the plan's own, so
    /// the budget left is what the plan left.
    func stands(in context: PolicyContext) -> Bool {
        !context.isFirstCallOfDay && context.device == device && context.localDay == localDay
            && context.history.count == launchesSeen
    }

    /// The windows that execute inside `context`'s window, at most the budget left.
    func fetches(in context: PolicyContext) -> [Fetch] {
        Array(windows.lazy.filter { $0.instant >= context.windowStart && $0.instant < context.windowEnd }
            .prefix(context.remainingBudget))
    }
}

extension PolicyRegistry {
    /// The evaluation's `tau` for a policy planned with the usage model (`reveille`,
    /// `reveille-floor`, `bayes`): a multiple of 5 minutes, as `reveille train` and model files
    /// take it. Its planner's slots divide `tau`, so a `tau` such as 1,439 minutes planned on
    /// 1-minute slots with 1,439-slot covers and took minutes where 1,440 takes a second; the
    /// baselines take any `tau`.
    /// - Throws: ``EvaluationOptionsError/invalidOptions(_:)`` for another `tau`.
    static func modelTauMinutes(_ setup: PolicySetup) throws(EvaluationOptionsError) -> Double {
        let step = UsageModelOptions.trainedTauStepMinutes
        guard setup.tauMinutes >= step, setup.tauMinutes.truncatingRemainder(dividingBy: step) == 0 else {
            throw .invalidOptions("tau (--tau-minutes) must be a multiple of 5 minutes for the model policies "
                                  + "(reveille, reveille-floor, bayes); the baselines take any")
        }
        return setup.tauMinutes
    }

    /// Registers the product policy `reveille` (``ReveillePolicy`` with `options`, the daily
    /// floor as `options.rules` says) and `reveille-floor`, the same with the daily floor on:
    /// every app launched in the last 7 days gets at least one fetch per local day, inside the
    /// budget (its cost is the hit-rate difference). Both plan with the evaluation's `tau`. In
    /// mode `event`, `reveille` is the reactive product (``ReactivePolicy``, the scheduler
    /// `reveille react` runs).
    public mutating func registerReveille(options: SchedulingOptions = SchedulingOptions()) {
        register("reveille") { setup in
            var o = options
            o.tauMinutes = try Self.modelTauMinutes(setup)
            if setup.mode == .event { return try ReactivePolicy(options: o) }
            return ForecastPolicy(name: "reveille", scheduling: try Self._reveille(o, mode: setup.mode))
        }
        register("reveille-floor") { setup in
            var o = options
            o.tauMinutes = try Self.modelTauMinutes(setup)
            o.rules.dailyFloor = true
            return ForecastPolicy(name: "reveille-floor", scheduling: try Self._reveille(o, mode: setup.mode))
        }
    }

    /// The product policy for a replay in `mode`: in mode `daily` each day is forecast once per
    /// slot grid, so its forecaster keeps nothing for later forecasts of the day
    /// (``UsageModelForecaster/keepsForecastMemo``; the same forecasts).
    static func _reveille(_ options: SchedulingOptions, mode: EvaluationMode) throws -> ReveillePolicy {
        var policy = try ReveillePolicy(options: options)
        policy.forecaster.keepsForecastMemo = mode != .daily
        return policy
    }
}
