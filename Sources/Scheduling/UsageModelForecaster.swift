import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import UsageModel

/// Reveille's forecaster: the ``UsageModel`` blended with the last 28 days' hourly frequencies.
///
/// The model is refitted once per local day on every launch before the day starts (or taken as
/// given, from a model file), the scorer's iterations starting from the previous fit's
/// coefficients; later calls the same day pass the day's launches so far to the model
/// as recent launches, which update the recency features without refitting. Each slot's
/// probability is `(1 − w)·p_model + w·(1 − (1 − min(0.999, f_h))^(slot/1 h))`, with `f_h` the
/// app's cold launches per day in the slot's local hour over the protocol's last-28-days window
/// and `w` = ``empiricalWeight``: the frequency sharpens the top of the ranking where the smooth
/// model spreads mass over neighbouring hours.
public struct UsageModelForecaster: Forecaster {
    /// Options of the daily fit (its `tauMinutes` should equal the context's tau; ``ReveillePolicy``
    /// keeps them equal).
    public var modelOptions: UsageModelOptions
    /// Weight `w` of the empirical hourly frequency, in [0, 1].
    public var empiricalWeight: Double
    /// Days between refits of the scorer (the logistic part), 1 = every day. The densities are
    /// refitted every local day; the scorer of day `d` is the one fitted on the launches of the
    /// local days before `d − (d mod k)` (days since 1970), so it depends on the day alone, not on
    /// which days were planned before: `reveille plan` on day `d` computes the same scorer the
    /// evaluator kept from that anchor day. See ``SchedulingOptions/scorerRefitDays``.
    public var scorerRefitDays: Int
    /// A fixed model (from a model file) used instead of daily refits.
    private let fixedModel: UsageModel?
    private var fitted: (day: Int, model: UsageModel?, hourly: HourlyFrequencies)?
    /// The scorer kept for the anchor day `day` (`nil` coefficients: no launch before it).
    private var scorer: (day: Int, coefficients: [Double]?)?
    /// The day's forecasts so far, by what determines them besides the day's fit (see
    /// ``_ForecastKey``): the evaluator asks for the same day once per budget, and identical
    /// inputs give identical forecasts.
    private var forecasts: [_ForecastKey: SlotForecast] = [:]
    /// What the day's forecasts share (each slot's window rates), emptied with each fit.
    private var memo = UsageModel.ForecastMemo()
    /// The day's empirical terms for one slot length (``_EmpiricalRows``), emptied with each fit.
    private var empirical: _EmpiricalRows?
    /// Whether the day's forecasts keep what later forecasts of the day can reuse (``memo``):
    /// `true` (the default) for re-planning during the day; a caller that forecasts each day
    /// once per slot grid (the daily replay) sets `false` and spares the memo's tables. The
    /// forecasts are the same either way.
    package var keepsForecastMemo = true

    /// Refits every local day with `modelOptions` (the scorer every `scorerRefitDays`, at least 1).
    public init(modelOptions: UsageModelOptions = UsageModelOptions(), empiricalWeight: Double = 0.5,
                scorerRefitDays: Int = 1) {
        self.modelOptions = modelOptions
        self.empiricalWeight = empiricalWeight
        self.scorerRefitDays = max(1, scorerRefitDays)
        self.fixedModel = nil
    }

    /// Forecasts with `model` as fitted (never refits). The recency features read the context's
    /// history before the day (``UsageModel/withRecency(from:)``) when it has one — a model file
    /// holds no recency state — else whatever state `model` has. The hourly frequencies come from
    /// the context's history when it has launches in the window, else from the model's stored
    /// ``UsageModel/recentHourlyFrequencies``.
    public init(model: UsageModel, empiricalWeight: Double = 0.5) {
        self.modelOptions = model.options
        self.empiricalWeight = empiricalWeight
        self.scorerRefitDays = 1
        self.fixedModel = model
    }

    /// `true` for a model file's model and for daily refits whose scorer is refitted every
    /// ``scorerRefitDays`` > 1 (each fit then starts cold and depends on the day's history
    /// alone); `false` for the plain daily refit, whose Newton iterations start from the last
    /// fit's coefficients.
    public var forecastsEachDayAlone: Bool { fixedModel != nil || scorerRefitDays > 1 }

    /// The forecast of `slotCount` slots from `start`. Repeated calls with the same inputs on the
    /// same local day return the forecast computed the first time (a cache cleared every day).
    public mutating func forecast(_ context: ForecastContext, from start: Double, slotCount: Int,
                                  slotSeconds: Double) throws -> SlotForecast {
        let state = try _fittedDay(context)
        let key = _ForecastKey(context, start: start, slotCount: slotCount, slotSeconds: slotSeconds)
        if let cached = forecasts[key] { return cached }
        let forecast = _forecast(context, state: state, start: start, slotCount: slotCount, slotSeconds: slotSeconds)
        forecasts[key] = forecast
        return forecast
    }

    private mutating func _forecast(_ context: ForecastContext, state: (day: Int, model: UsageModel?, hourly: HourlyFrequencies),
                                    start: Double, slotCount: Int, slotSeconds: Double) -> SlotForecast {
        guard let model = state.model else {
            return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slotCount, rows: [])
        }
        let offsets = Self._slotOffsets(context, start: start, slotCount: slotCount, slotSeconds: slotSeconds)
        let rows = model.slotProbabilityRows(from: start, utcOffsetSeconds: context.utcOffsetSeconds, slots: slotCount,
                                             slotSeconds: slotSeconds, recentLaunches: Array(context.launchesToday),
                                             slotOffsets: offsets, memo: &memo)
        let w = min(1, max(0, empiricalWeight.isFinite ? empiricalWeight : 0))
        guard w > 0 else {
            return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slotCount,
                                rows: Array(zip(model.apps, rows)).map { (app: $0, probabilities: $1) })
        }
        let hours = (0..<max(0, slotCount)).map { i in
            LocalClock.hour(localSeconds: start + Double(i) * slotSeconds + Double(offsets?[i] ?? context.utcOffsetSeconds))
        }
        let empirical = _empiricalRows(model: model, hourly: state.hourly, exponent: slotSeconds / 3600)
        let blended = empirical.apps.indices.map { a -> (app: String, probabilities: [Double]) in
            let modelSlots = empirical.modelRow[a].map { rows[$0] }
            let hourly = empirical.rows[a]
            let values = hours.enumerated().map { i, hour in
                (1 - w) * (modelSlots?[i] ?? 0) + w * hourly[hour]
            }
            return (empirical.apps[a], values)
        }
        return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slotCount, rows: blended)
    }

    /// Each slot's offset when one of the context's ``ForecastContext/offsetChanges`` gives a slot
    /// another offset than ``ForecastContext/utcOffsetSeconds``; `nil` otherwise (every slot
    /// under the context's offset, the path of every replay).
    static func _slotOffsets(_ context: ForecastContext, start: Double, slotCount: Int, slotSeconds: Double) -> [Int]? {
        guard !context.offsetChanges.isEmpty, slotCount > 0 else { return nil }
        let offsets = (0..<slotCount).map { context.utcOffsetSeconds(at: start + Double($0) * slotSeconds) }
        return offsets.allSatisfy { $0 == context.utcOffsetSeconds } ? nil : offsets
    }

    /// The blend's apps (the model's and the hourly frequencies', sorted) with each one's row
    /// in `model` and its 24 empirical terms `1 − (1 − min(0.999, f_h))^exponent`: the same for
    /// every forecast of the day on one slot grid (online replans forecast the day many times).
    private mutating func _empiricalRows(model: UsageModel, hourly: HourlyFrequencies, exponent: Double) -> _EmpiricalRows {
        if let empirical, empirical.exponent == exponent { return empirical }
        let zeros = [Double](repeating: 0, count: 24)
        let apps = Set(model.apps).union(hourly.apps).sorted()
        let modelIndex = Dictionary(uniqueKeysWithValues: model.apps.enumerated().map { ($1, $0) })
        let rows = apps.map { app in
            // One power per local hour, not per slot (the same values).
            (hourly.row(of: app) ?? zeros).map { UsageModel.atLeastOnce(min(0.999, $0), exponent: exponent) }
        }
        let built = _EmpiricalRows(exponent: exponent, apps: apps, modelRow: apps.map { modelIndex[$0] }, rows: rows)
        empirical = built
        return built
    }

    /// `sha256:` + the SHA-256 of the day's model as deterministic JSON (sorted keys, as
    /// `reveille train` writes each model): the model file's model, or the one fitted on the
    /// fly, whose JSON holds its options and the digest of the launches it was fitted on. `nil`
    /// when the history before the day is empty (no model).
    public mutating func modelDigest(_ context: ForecastContext) throws -> String? {
        guard let model = try _fittedDay(context).model else { return nil }
        // Non-finite options (`halfLifeDays` = inf) as the model file writes them.
        return ModelDigest.label(try DeterministicJSON.textWritingNonFiniteAsStrings(model))
    }

    /// The day's model and hourly frequencies, fitted on the first call of a local day.
    mutating func _fittedDay(_ context: ForecastContext) throws -> (day: Int, model: UsageModel?, hourly: HourlyFrequencies) {
        if let fitted, fitted.day == context.localDay { return fitted }
        let window = context.recentColdLaunches
        let state: (day: Int, model: UsageModel?, hourly: HourlyFrequencies)
        if let fixedModel {
            let stored = fixedModel.recentHourlyFrequencies ?? .empty
            let before = context.historyBeforeDay
            let model = before.isEmpty ? fixedModel : fixedModel.withRecency(from: before)
            state = (context.localDay, model, window.launches.isEmpty ? stored : window.hourlyFrequencies)
        } else {
            let training = context.historyBeforeDay
            // The scorer's Newton iterations start from the last fit's coefficients (the same
            // optimum, reached in fewer steps: the training window moves by one day).
            let warmStart = fitted?.model?.coefficients
            let model = training.isEmpty ? nil : try _fit(training, facts: context.launchFacts, day: context.localDay,
                                                          warmStart: warmStart)
            state = (context.localDay, model, window.hourlyFrequencies)
        }
        fitted = state
        forecasts = [:]
        empirical = nil
        memo = keepsForecastMemo ? UsageModel.ForecastMemo() : .off
        return state
    }
}

extension UsageModelForecaster {
    /// Day `day`'s model fitted on `training` (not empty): with ``scorerRefitDays`` > 1, the
    /// scorer is the anchor day's (fitted once, on the launches of the days before the anchor,
    /// from the population prior, and kept), the rest fitted on all of `training`: the model is
    /// a function of the day's history alone. The scorer's fit is most of a refit's cost, and
    /// its 28-day training window moves by a day at a time. With ``scorerRefitDays`` = 1 every
    /// fit starts from `warmStart`. `facts`, when they describe `training`'s array, spare the
    /// fit its cold-launch scan and app hashing (``UsageModel/fit(_:facts:options:warmStart:scorer:)``).
    mutating func _fit(_ training: ArraySlice<LaunchEvent>, facts: LaunchFacts?, day: Int, warmStart: [Double]?) throws -> UsageModel {
        let k = scorerRefitDays
        guard k > 1 else { return try UsageModel.fit(training, facts: facts, options: modelOptions, warmStart: warmStart) }
        let anchor = _anchorDay(of: day, every: k)
        if let scorer, scorer.day == anchor {
            return try UsageModel.fit(training, facts: facts, options: modelOptions, scorer: scorer.coefficients)
        }
        let anchored = training.filter { $0.localDay < anchor }
        if anchored.count == training.count {
            // The usual anchor day itself: one fit gives both.
            let model = try UsageModel.fit(training, facts: facts, options: modelOptions)
            scorer = (anchor, model.coefficients)
            return model
        }
        let coefficients = anchored.isEmpty ? nil : try UsageModel.fit(anchored, options: modelOptions).coefficients
        scorer = (anchor, coefficients)
        return try UsageModel.fit(training, facts: facts, options: modelOptions, scorer: coefficients)
    }
}

/// The empirical half of a day's blend on one slot grid (``UsageModelForecaster``).
struct _EmpiricalRows: Sendable {
    /// Slot length in hours.
    let exponent: Double
    /// The blend's apps, sorted.
    let apps: [String]
    /// Per app, its row in the day's model, if the model has it.
    let modelRow: [Int?]
    /// Per app, the 24 empirical terms by local hour.
    let rows: [[Double]]
}

/// What a ``UsageModelForecaster`` forecast depends on besides the day's fit (which the
/// forecaster keys by local day): the launches of the day so far, the clock and the slot grid.
struct _ForecastKey: Hashable {
    let launchesToday: [LaunchEvent]
    let utcOffsetSeconds: Int
    let start: Double
    let slotCount: Int
    let slotSeconds: Double
    /// Each slot's offset when a change gives some slot another (``UsageModelForecaster/_slotOffsets(_:start:slotCount:slotSeconds:)``).
    let slotOffsets: [Int]?

    init(_ context: ForecastContext, start: Double, slotCount: Int, slotSeconds: Double) {
        launchesToday = Array(context.launchesToday)
        utcOffsetSeconds = context.utcOffsetSeconds
        slotOffsets = UsageModelForecaster._slotOffsets(context, start: start, slotCount: slotCount, slotSeconds: slotSeconds)
        self.start = start
        self.slotCount = slotCount
        self.slotSeconds = slotSeconds
    }
}
