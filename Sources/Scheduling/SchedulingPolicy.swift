import FetchPlanner
import LaunchHistory
import ReveilleCore
import UsageModel

/// One device's scheduling question: plan fetches from `start` to `end` knowing `history`.
public struct ScheduleRequest: Sendable {
    /// What the forecaster may know, and the day being planned (``ForecastContext/planning(device:history:start:utcOffsetSeconds:tauSeconds:)``
    /// builds it for a plan starting at any instant; the evaluator passes the protocol's day).
    public var context: ForecastContext
    /// The horizon `[start, end)`, Unix seconds; the plan uses whole slots from `start`.
    public var start: Double
    public var end: Double
    /// Offset changes inside the horizon (DST, travel), sorted by instant.
    public var offsetChanges: [OffsetChange]
    /// Energy units per local day (one fetch costs 1).
    public var budgetPerDay: Int
    /// Device state and per-app settings.
    public var state: DeviceState
    /// Fetches already executed today (they count against the day's budget).
    public var spentFetches: [SpentFetch]
    /// Whether windows carry reason evidence ("opened on 18 of the last 20 weekdays …"), the
    /// plan the model's digest (``FetchPlan/modelDigest``) and the apps left out with the
    /// constraint that bound each (``FetchPlan/leftOut``). Costs a scan of the history, a SHA-256
    /// of the model's JSON and a scan of the left-out apps' slots; never changes which fetches are
    /// planned.
    public var explains: Bool

    /// Creates a request; see the properties.
    public init(context: ForecastContext, start: Double, end: Double, offsetChanges: [OffsetChange] = [],
                budgetPerDay: Int, state: DeviceState = DeviceState(), spentFetches: [SpentFetch] = [], explains: Bool = false) {
        self.context = context
        self.start = start
        self.end = end
        self.offsetChanges = offsetChanges
        self.budgetPerDay = budgetPerDay
        self.state = state
        self.spentFetches = spentFetches
        self.explains = explains
    }
}

/// The one path from a history to a fetch plan: forecast → ``SlotForecast`` → ``PlanningRequest``
/// → ``FetchPlan``. `reveille plan`, `reveille evaluate` and library users all call
/// ``plan(_:)``, so what is evaluated is what ships.
///
/// ``ReveillePolicy`` is the product (Reveille's usage model); the evaluator's `bayes` policy is
/// the same pipeline on the simulator's true probabilities.
public struct SchedulingPolicy<Source: Forecaster>: Sendable {
    /// The options every stage reads.
    public let options: SchedulingOptions
    /// Where the probabilities come from.
    public var forecaster: Source
    /// The planner's last problem, reused when the next plan differs only in its budget (the
    /// evaluator plans each day at several budgets from one forecast).
    private var plannerSession = FetchPlanner.Session()

    /// A policy with `options` (validated) and `forecaster`.
    /// - Throws: ``SchedulingError`` for an option out of range.
    public init(options: SchedulingOptions, forecaster: Source) throws(SchedulingError) {
        try options.validate()
        self.options = options
        self.forecaster = forecaster
    }

    /// Plans `request`'s horizon under the day's budget: whole slots of ``SchedulingOptions/planningSlotMinutes``
    /// from `start` that end by `end`; with the daily floor on, every app launched in the
    /// ``SchedulingOptions/floorLookbackDays`` before the day that the forecast knows gets a fetch
    /// per local day first.
    ///
    /// - Complexity: one forecast (a model fit on the first call of a local day) and one
    ///   ``FetchPlanner/plan(_:method:)`` call.
    public mutating func plan(_ request: ScheduleRequest) throws -> FetchPlan {
        let forecast = try self.forecast(request)
        let floorApps = options.rules.dailyFloor ? FloorRule.apps(request.context, knownTo: forecast,
                                                                    lookbackDays: options.floorLookbackDays) : []
        let evidence = request.explains ? ReasonEvidenceBuilder.evidence(request.context, tauSeconds: options.tauSeconds) : [:]
        let planning = PlanningRequest(
            device: request.context.device, forecast: forecast, utcOffsetSeconds: request.context.utcOffsetSeconds,
            offsetChanges: request.offsetChanges, tauSeconds: options.tauSeconds,
            budget: PlanningBudget(energyUnitsPerDay: Double(request.budgetPerDay)), rules: options.rules,
            state: request.state, spentFetches: request.spentFetches, generatedAt: request.start,
            floorApps: floorApps, evidence: { evidence[$0] })
        var rulesInput = planning
        if let days = options.rules.recentUseDays {
            rulesInput.recentApps = FloorRule.apps(request.context, knownTo: forecast, lookbackDays: days)
        }
        if options.rules.standbyBucketQuota {
            rulesInput.standbyCaps = StandbyBuckets.dailyCaps(StandbyBuckets.at(request.start, history: request.context.history))
        }
        var plan = try plannerSession.plan(rulesInput, method: options.method, listsLeftOut: request.explains)
        if request.explains { plan.modelDigest = try forecaster.modelDigest(request.context) }
        return plan
    }

    /// Whether `[start, end)` holds a whole slot of ``SchedulingOptions/planningSlotMinutes``, the
    /// least ``plan(_:)`` can plan: `false` for a horizon shorter than a slot, empty, reversed or
    /// not finite. Protocol `reveille-v1` gives such days to a device whose offset jumps east by
    /// 24 hours or more (across the date line: `start(d+1) ≤ start(d)`); a caller that plans
    /// whatever day it is given (the evaluator) plans nothing for them, where ``plan(_:)`` and
    /// ``forecast(_:)`` refuse the horizon. O(1).
    public func holdsWholeSlot(from start: Double, to end: Double) -> Bool {
        let span = end - start
        return span.isFinite && (span / options.slotSeconds).rounded(.down) >= 1
    }

    /// The forecast ``plan(_:)`` plans from: whole slots of ``SchedulingOptions/planningSlotMinutes``
    /// from `request.start` that end by `request.end` (the push and processing planners read it too).
    public mutating func forecast(_ request: ScheduleRequest) throws -> SlotForecast {
        let slotSeconds = options.slotSeconds
        let span = request.end - request.start
        guard span.isFinite, span >= 0, span <= 400 * LocalClock.secondsPerDay else {
            throw SchedulingError.invalidHorizon(start: request.start, end: request.end)
        }
        let slots = Int((span / slotSeconds).rounded(.down))
        return try forecaster.forecast(request.context, from: request.start, slotCount: slots, slotSeconds: slotSeconds)
    }

    /// The forecaster's slots of any length from `start` (what `reveille predict` prints): the
    /// same probabilities the planner reads, on another grid.
    public mutating func forecast(_ context: ForecastContext, from start: Double, slotCount: Int,
                                  slotSeconds: Double) throws -> SlotForecast {
        try forecaster.forecast(context, from: start, slotCount: slotCount, slotSeconds: slotSeconds)
    }

    /// Per app, P(at least one cold launch) in each local hour 0–23 of the context's day: what
    /// the evaluator scores (log loss, Brier, ROC AUC).
    public mutating func hourlyForecast(_ context: ForecastContext) throws -> SlotForecast {
        try forecaster.forecast(context, from: context.dayStart, slotCount: 24, slotSeconds: 3600)
    }
}

/// Reveille's product policy: ``UsageModelForecaster`` through the scheduling pipeline, with
/// ``SchedulingOptions``' documented defaults.
public typealias ReveillePolicy = SchedulingPolicy<UsageModelForecaster>

extension SchedulingPolicy where Source == UsageModelForecaster {
    /// The product policy, refitting the usage model every local day. The model's `tau` and slot
    /// length are `options`' (one value for every stage).
    public init(options: SchedulingOptions = SchedulingOptions()) throws(SchedulingError) {
        try self.init(options: options, forecaster: UsageModelForecaster(modelOptions: options.modelOptions,
                                                                         empiricalWeight: options.empiricalWeight,
                                                                         scorerRefitDays: options.scorerRefitDays))
    }

    /// The product policy on a model read from a model file (never refitted). The model's own
    /// `tau` wins over `options.tauMinutes`, since its features were fitted with it.
    public init(options: SchedulingOptions = SchedulingOptions(), model: UsageModel) throws(SchedulingError) {
        var resolved = options
        resolved.tauMinutes = model.options.tauMinutes
        try self.init(options: resolved, forecaster: UsageModelForecaster(model: model, empiricalWeight: options.empiricalWeight))
    }

    /// Fits the usage model for the local day after `launches` (the next day a plan would
    /// start), with that day's 28-day hourly frequencies stored in it: what `reveille train`
    /// writes to a model file. `launches` are one device's, in time order, not empty.
    public static func train(device: String, launches: ArraySlice<LaunchEvent>,
                             options: SchedulingOptions = SchedulingOptions()) throws -> UsageModel {
        guard let last = launches.last else { throw UsageModelError(.emptyHistory, expected: "at least one launch to fit") }
        let day = launches.reduce(Int.min) { max($0, $1.localDay) } + 1
        let start = LocalClock.startOfDay(day, utcOffsetSeconds: last.utcOffsetSeconds)
        let context = ForecastContext(device: device, history: launches, dayStart: max(start, last.instant + 1), localDay: day,
                                      firstLocalDay: launches.first?.localDay ?? day, utcOffsetSeconds: last.utcOffsetSeconds,
                                      tauSeconds: options.tauSeconds)
        return try train(context, options: options)
    }

    /// Fits the usage model a plan from `start(d)` for `context`'s day would use, with the 28-day
    /// hourly frequencies and the reactive scheduler's ``ReactiveStatistics`` stored in it: what
    /// `reveille train` writes to a model file.
    ///
    /// The model is the one a plan from `start(d)` fits (``UsageModelForecaster``'s, its scorer
    /// that of the day's anchor when ``SchedulingOptions/scorerRefitDays`` > 1), so a plan from
    /// the file on that day, and `reveille react`'s model windows, are the evaluator's.
    public static func train(_ context: ForecastContext, options: SchedulingOptions = SchedulingOptions()) throws -> UsageModel {
        let before = context.historyBeforeDay
        var forecaster = UsageModelForecaster(modelOptions: options.modelOptions, empiricalWeight: options.empiricalWeight,
                                              scorerRefitDays: options.scorerRefitDays)
        let model = before.isEmpty ? try UsageModel.fit(before, options: options.modelOptions)
            : try forecaster._fit(before, facts: context.launchFacts, day: context.localDay, warmStart: nil)
        // One validator learns the day and the days validation replays (their scorer chains meet).
        var validator = ReactiveValidator()
        let reactive = try validator.learn(
            history: context.historyBeforeDay, localDay: context.localDay, dayStart: context.dayStart,
            firstLocalDay: context.firstLocalDay, tauSeconds: context.tauSeconds
        ).validated(history: context.historyBeforeDay, localDay: context.localDay, firstLocalDay: context.firstLocalDay,
                    tauSeconds: context.tauSeconds, scheduling: try ReveillePolicy(options: options), validator: &validator)
        return model.storing(recentHourlyFrequencies: context.recentColdLaunches.hourlyFrequencies)
            .storing(reactive: reactive)
    }
}
