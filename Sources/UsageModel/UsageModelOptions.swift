/// Hyperparameters of ``UsageModel``, with documented defaults and ranges.
///
/// Fitting never mutates the options; the fitted model keeps a copy in ``UsageModel/options`` and
/// the values it chose automatically (bandwidths, shrinkage) separately.
public struct UsageModelOptions: Sendable, Codable, Equatable {
    /// Freshness window `tau` in minutes (protocol reveille-v1: 60). A launch is cold when the same
    /// app had no launch in the previous `tau`; the model predicts P(cold launch in `(t, t + tau]`).
    /// Range: 5…1440; in a model file, a multiple of 5 (what `reveille train` accepts: the planning
    /// slot is then at least 5 minutes).
    public var tauMinutes: Double = 60
    /// What a trained model's `tau` is a whole multiple of, in minutes (`reveille train` accepts
    /// these only, and a model file must hold one).
    public static let trainedTauStepMinutes = 5.0
    /// Width of one histogram slot in minutes (15 → 96 slots a day, 672 a week). Must divide 1440.
    /// Default 15: finer than the smallest bandwidth (20 min), and what keeps a model file under
    /// 100 KB per device (one byte per slot and app); predictions for windows that do not start on
    /// a slot boundary interpolate between slots.
    public var slotMinutes: Int = 15
    /// Half-life of the exponential recency weight of past launches, in days. A launch `a` days
    /// before the end of the history weighs `0.5^(a / halfLifeDays)`.
    ///
    /// Default 14 days, chosen by validation: a walk-forward replay (protocol reveille-v1, daily mode,
    /// hourly cells) over {7, 14, 21, 28, 56, ∞} days gave log loss .0422/.0421/.0422/.0422/.0423/.0424
    /// and ROC AUC .934/.933/.932/.931/.930/.929 on StudentLife, and log loss .0702/.0701/.0701/
    /// .0701/.0701/.0702 (AUC .784/.784/.783/.783/.781/.780) on Android Wellbeing: 14 days has the
    /// best log loss on both and loses .001 AUC to 7 days.
    public var halfLifeDays: Double = 14
    /// Candidate kernel bandwidths (wrapped-Gaussian standard deviation, minutes). Each app takes
    /// the one maximising its leave-one-day-out likelihood; apps with launches on fewer than 3 days
    /// take the device's pooled choice.
    public var bandwidthGridMinutes: [Double] = [20, 40, 60, 100, 160]
    /// Launch evidence (recency-weighted cold launches) below which an app leans on the device
    /// profile: its time-of-day rates are `(n·own + m·pooled) / (n + m)` with `m` = this value.
    public var minimumAppLaunches: Double = 5
    /// Prior strength, in days, when shrinking a weekday profile toward its weekday/weekend group
    /// and the group toward the all-days profile: `(S_k + m·R_group) / (D_k + m)`. Default 12 days
    /// (about three weeks of one weekday): weaker shrinkage (3 days) lost hourly-cell ROC AUC on
    /// StudentLife (weekday-profile AUC .912 vs .922).
    public var weekdayShrinkageDays: Double = 12
    /// How many of the most recent days become logistic-scorer training rows (every local hour × app);
    /// fewer when a device's apps make those cells more than 500,000 (its most recent days that fit).
    public var trainingDays: Int = 28
    /// L2 penalty `λ` of the logistic scorer, pulling coefficients toward the population prior
    /// (``UsageModel/populationPriorCoefficients``); multiplied by 20 for devices with ≤ 2 days.
    public var l2: Double = 30
    /// Newton (IRLS) iteration cap.
    public var maximumIterations: Int = 50

    /// Defaults as documented on each property.
    public init() {}

    /// Slots per day (`1440 / slotMinutes`).
    public var slotsPerDay: Int { 1440 / max(1, slotMinutes) }
    /// Slot width in seconds.
    public var slotSeconds: Double { Double(slotMinutes) * 60 }
    /// `tau` in seconds.
    public var tauSeconds: Double { tauMinutes * 60 }

    /// Checks ranges and combinations.
    /// - Throws: ``UsageModelError`` with code `invalidOptions` naming the first offending option.
    public func validate() throws(UsageModelError) {
        func fail(_ what: String) -> UsageModelError { UsageModelError(.invalidOptions, expected: what) }
        guard slotMinutes >= 1, 1440 % slotMinutes == 0 else { throw fail("slotMinutes dividing 1440") }
        guard tauMinutes >= 5, tauMinutes <= 1440 else { throw fail("tauMinutes in 5…1440") }
        guard halfLifeDays > 0 else { throw fail("halfLifeDays > 0 (use .infinity for no decay)") }
        guard !bandwidthGridMinutes.isEmpty, bandwidthGridMinutes.allSatisfy({ $0 > 0 && $0 <= 720 }) else {
            throw fail("bandwidthGridMinutes non-empty, each in (0, 720]")
        }
        guard minimumAppLaunches >= 0, weekdayShrinkageDays >= 0 else { throw fail("non-negative shrinkage strengths") }
        guard trainingDays >= 1, l2 > 0, maximumIterations >= 1 else {
            throw fail("trainingDays ≥ 1, l2 > 0, maximumIterations ≥ 1")
        }
    }
}
