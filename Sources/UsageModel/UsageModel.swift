import Foundation
import LaunchHistory
import ReveilleCore
import LinearAlgebra

/// A fitted launch model of one device: per-app circular densities with weekday shrinkage and a
/// logistic scorer pooled over the device's apps. Immutable once fitted; `Codable` as versioned JSON
/// (see ``UsageModelFile``).
///
/// ```swift
/// let model = try UsageModel.fit(device.launches)
/// let p = model.launchProbability(app: "com.example.mail", from: now, utcOffsetSeconds: 7200)
/// ```
public struct UsageModel: Sendable, Codable {
    /// Version of the JSON layout; bumped on incompatible changes.
    ///
    /// Version 2 (this build) holds aggregates only — rates as one-byte codes, no recency state,
    /// no instant — and the device's clock (``zone``, ``utcOffsetSeconds``). Version 1 files held
    /// every app's last launch to the minute and are refused with a message to retrain.
    public static let schemaVersion = 2
    /// Version of the fitting code that produced a model.
    public static let engineVersion = "reveille-usage-model 2.0"

    /// Layout version this model was encoded with.
    public internal(set) var schemaVersion: Int = UsageModel.schemaVersion
    /// Fitting-code version.
    public internal(set) var engineVersion: String = UsageModel.engineVersion
    /// The options as requested (never modified by fitting).
    public internal(set) var options: UsageModelOptions
    /// Device identifier of the history.
    public internal(set) var device: String
    /// Apps of the history, sorted.
    public internal(set) var apps: [String]
    /// One profile per app, in ``apps`` order.
    public internal(set) var profiles: [AppProfile]
    /// Logistic-scorer coefficients, in ``Features/names`` order.
    public internal(set) var coefficients: [Double]
    /// The device's IANA time zone (e.g. `America/New_York`) when the trainer was told it
    /// (``storing(zone:)``), else `nil`: plans then use ``utcOffsetSeconds``.
    public internal(set) var zone: String?
    /// The UTC offset of the device's last fitted launch, seconds east: the device's clock when
    /// it has no ``zone``.
    public internal(set) var utcOffsetSeconds: Int
    /// The last local day of the fitted history, `YYYY-MM-DD` (a day, never an instant): a plan
    /// or prediction that starts on or before it starts inside the training period.
    public internal(set) var trainedThroughDay: String
    /// What was fitted: counts and the automatic choices.
    public internal(set) var summary: FitSummary
    /// Explanations of automatic choices (cold-start priors, bandwidths, shrinkage), for stderr.
    public internal(set) var notes: [String]
    /// FNV-1a 64-bit digest of the fitted launches (app, instant, offset), hex.
    public internal(set) var dataDigest: String
    /// Per app, cold launches per day in each local hour over the 28 days before the day after
    /// the history (aggregates only), when the trainer stored them: what a planner blends in when
    /// it has the model file but no history. `nil` in models fitted by ``fit(_:options:)`` alone.
    public internal(set) var recentHourlyFrequencies: HourlyFrequencies?
    /// What the reactive scheduler (`reveille react`) needs: transition counts, hourly cold-launch
    /// counts and its scorer (aggregates only), when the trainer stored them.
    public internal(set) var reactive: ReactiveStatistics?

    /// This model with `statistics` stored as ``reactive``.
    public func storing(reactive statistics: ReactiveStatistics) -> UsageModel {
        var copy = self
        copy.reactive = statistics
        return copy
    }

    /// The recency state of the fitted history (or of the history given by
    /// ``withRecency(from:)``); never encoded.
    var recency: _ModelRecency?

    /// This model with `frequencies` stored as ``recentHourlyFrequencies``.
    public func storing(recentHourlyFrequencies frequencies: HourlyFrequencies) -> UsageModel {
        var copy = self
        copy.recentHourlyFrequencies = frequencies
        return copy
    }

    /// This model with the device's time zone `zone` (an IANA identifier).
    public func storing(zone: String?) -> UsageModel {
        var copy = self
        copy.zone = zone
        return copy
    }

    /// The local day (days since 1970-01-01) ``trainedThroughDay`` names, or `nil` if it names none.
    public var trainedThroughLocalDay: Int? {
        TimestampParser.parseISO(Array((trainedThroughDay + "T00:00:00Z").utf8)[...]).map {
            LocalClock.day(localSeconds: $0.instant)
        }
    }

    /// Counts and choices made while fitting.
    public struct FitSummary: Sendable, Codable, Equatable {
        /// Launches fitted.
        public var launches: Int
        /// Of which cold.
        public var coldLaunches: Int
        /// Local days spanned.
        public var days: Int
        /// Logistic training cells.
        public var trainingRows: Int
        /// Newton iterations.
        public var iterations: Int
        /// Whether the scorer converged (or was left at the population prior for lack of rows).
        public var converged: Bool
        /// The device's pooled bandwidth (minutes), used by apps with launches on < 3 days.
        public var deviceBandwidthMinutes: Double
        /// Which kernel implementation smoothed the week-circle histograms (resolved, never `automatic`).
        public var kernelPath: KernelDensity.Path
    }

    /// The population prior of the scorer's coefficients: `logit P ≈ log(expected cold launches in
    /// the window)`, i.e. 1 on ``Features`` #1 (all-days rate) and 0 elsewhere. L2 pulls toward it.
    public static var populationPriorCoefficients: [Double] {
        var beta = [Double](repeating: 0, count: Features.count)
        beta[1] = 1
        return beta
    }

    /// Fits the model on one device's launches.
    ///
    /// Steps: cold launches (protocol reveille-v1) → recency-weighted slot histograms → wrapped
    /// Gaussian smoothing with per-app leave-one-day-out bandwidths (``KernelDensity``) → weekday
    /// and cold-start shrinkage (``WeekdayShrinkage``) → logistic scorer by IRLS over hourly cells
    /// of the last ``UsageModelOptions/trainingDays`` days (``LogisticRegression``), fewer on a
    /// device with so many apps that their cells pass 500,000 (its most recent days that fit).
    ///
    /// - Parameters:
    ///   - launches: one device's launches (an array, or a ``DeviceHistory``'s `launches`), sorted
    ///     by instant (they are stably re-sorted if not).
    ///   - options: hyperparameters; validated, never modified.
    ///   - warmStart: coefficients to start the scorer's Newton iterations from (e.g. the previous
    ///     day's ``coefficients`` in a daily refit); `nil` starts from the population prior. The
    ///     fitted optimum does not depend on it — it is the same penalised likelihood — only the
    ///     steps taken to reach the tolerance, so coefficients can differ within the tolerance.
    ///     Ignored unless it has ``Features/count`` finite values.
    ///   - scorer: coefficients to keep, as they are, instead of refitting the scorer (e.g. a
    ///     recent day's ``coefficients`` in a daily refit that refits the scorer every few days):
    ///     the densities are fitted, the training cells and Newton iterations skipped
    ///     (``FitSummary`` then counts 0 training rows and 0 iterations). Ignored unless it has
    ///     ``Features/count`` finite values.
    /// - Throws: ``UsageModelError`` (`emptyHistory`, `mixedDevices`, `invalidInstant`,
    ///   `invalidOptions`) — all `InputDataError`s.
    /// - Complexity: about `O(N + G·nnz·n + R·p²)` for `N` launches, `G` bandwidths, `nnz` non-zero
    ///   histogram cells, `n` slots and `R` training cells; ~10–30 ms for 1,500 launches over 80 apps.
    public static func fit(_ launches: some Collection<LaunchEvent>, options: UsageModelOptions = .init(),
                           warmStart: [Double]? = nil, scorer: [Double]? = nil) throws -> UsageModel {
        try options.validate()
        let launches = Array(launches)
        try _validate(launches)
        return try _fit(LaunchEvent.sortedByInstant(launches)[...], options: options, path: .automatic, warmStart: warmStart,
                         scorer: scorer)
    }

    /// ``fit(_:options:warmStart:scorer:)`` of a prefix of a device's launches that `facts`
    /// may describe (``LaunchFacts/describe(_:tauSeconds:)`` under the options' `tau`, with the
    /// slice in time order): the fit then reads each launch's cold flag and app from them
    /// instead of scanning and hashing the launches. The same model either way: a prefix's cold
    /// flags are the array's first flags, while a later part's first launches would be scanned
    /// without the launches before it — such a slice (`startIndex` ≠ 0) takes the scan.
    package static func fit(_ launches: ArraySlice<LaunchEvent>, facts: LaunchFacts?, options: UsageModelOptions = .init(),
                            warmStart: [Double]? = nil, scorer: [Double]? = nil) throws -> UsageModel {
        guard let facts, launches.startIndex == 0, facts.describe(launches, tauSeconds: options.tauSeconds),
              zip(launches, launches.dropFirst()).allSatisfy({ $0.instant <= $1.instant }) else {
            return try fit(launches, options: options, warmStart: warmStart, scorer: scorer)
        }
        try options.validate()
        try _validate(launches)
        return try _fit(launches, options: options, path: .automatic, warmStart: warmStart, scorer: scorer, facts: facts)
    }

    /// The checks ``fit(_:options:warmStart:scorer:)`` makes of its launches.
    static func _validate(_ launches: some Collection<LaunchEvent>) throws {
        guard let first = launches.first else {
            throw UsageModelError(.emptyHistory, expected: "at least one launch to fit")
        }
        guard launches.allSatisfy({ $0.device == first.device }) else {
            throw UsageModelError(.mixedDevices, expected: "launches of one device (got several)")
        }
        guard launches.allSatisfy({ LocalClock.isValidInstant($0.instant) && LocalClock.isValidOffset($0.utcOffsetSeconds) }) else {
            throw UsageModelError(.invalidInstant, expected: "\(LocalClock.validInstantDescription), with an offset within ±18:00")
        }
    }

    /// The fit of `launches` (in time order, valid). `facts`, when given, describe them as the
    /// first launches of the facts' array (the slice starts at index 0).
    static func _fit(_ launches: ArraySlice<LaunchEvent>, options: UsageModelOptions, path: KernelDensity.Path,
                     warmStart: [Double]? = nil, scorer: [Double]? = nil,
                     facts: LaunchFacts? = nil) throws -> UsageModel {
        let data = _FitData(launches, options: options, facts: facts)
        let density = try _DensityFit(data, path: path)
        let tiny = data.dayCount <= 2
        let prior = populationPriorCoefficients
        var fit = LogisticRegression.Fit(coefficients: prior, iterations: 0, converged: true)
        var rowCount = 0, kept = false
        if let scorer, scorer.count == Features.count, scorer.allSatisfy(\.isFinite) {
            fit.coefficients = scorer
            kept = true
        } else {
            let rows = _TrainingRows(data, density)
            rowCount = rows.count
            if rows.count > 0 {
                fit = try LogisticRegression.fit(
                    x: try rows.matrix(), y: rows.y, l2: options.l2 * (tiny ? 20 : 1), prior: prior,
                    start: warmStart, maximumIterations: options.maximumIterations)
            }
        }
        let summary = FitSummary(
            launches: launches.count, coldLaunches: data.cold.count, days: data.dayCount, trainingRows: rowCount,
            iterations: fit.iterations, converged: fit.converged,
            deviceBandwidthMinutes: options.bandwidthGridMinutes[density.deviceBandwidth], kernelPath: density.kernelPath)
        let last = launches[launches.endIndex - 1]
        return UsageModel(
            options: options, device: last.device, apps: data.apps, profiles: density.profiles(data),
            coefficients: kept ? fit.coefficients : fit.coefficients.map(_rounded), zone: nil, utcOffsetSeconds: last.utcOffsetSeconds,
            trainedThroughDay: String(TimestampParser.formatISO(instant: Double(data.lastDay) * LocalClock.secondsPerDay,
                                                                utcOffsetSeconds: 0).prefix(10)),
            summary: summary, notes: _notes(data, density, rows: kept ? 1 : rowCount, tiny: tiny),
            dataDigest: facts.flatMap { launches.startIndex == 0 ? $0.digest(ofPrefix: launches.endIndex) : nil }
                ?? _digest(launches), recentHourlyFrequencies: nil,
            recency: _ModelRecency(end: data.end, recency: data.recency))
    }
}
