/// Everything that drives one simulated app's launches, enough to recompute its intensity.
///
/// The *baseline* (immigrant) intensity at local wall-clock time `L` on local day `d`, in launches
/// per second, is
///
///     μ(L) = hourlyRates[row][h] / 3600 × exp(rateDriftPerDay × D(d − firstDay)) × v(d)
///
/// where `h = floor(((L mod 86400) − habitShiftSecondsPerDay × D(d − firstDay)) / 3600) mod 24`
/// (a habit drifts by a fixed number of seconds per day), `D` is ``driftDays(_:)`` (drift that
/// runs for five weeks, then settles), `row` is the weekday of `d` (0 = Monday),
/// or Saturday/Sunday alternately inside the device's vacation, where `v(d) = vacationFactor`
/// (1 elsewhere). `μ = 0` outside `[activeFromDay, activeUntilDay)`.
///
/// On top of it, every launch triggers Poisson(`burstBranchingRatio`) further launches of the same
/// app after exponential delays of mean `burstDecaySeconds` (a Hawkes process with kernel
/// `α/β⁻¹ · exp(−t β)`, α = branching ratio), and with probability `companions[b]` one launch of
/// app `b` right after its own foreground time (a session continuing in another app).
public struct AppParameters: Codable, Sendable, Equatable {
    /// App identifier as written to the CSV.
    public var app: String
    /// Behaviour category the profile came from (`messaging`, `commute`, …); descriptive.
    public var category: String
    /// Baseline launches per hour, `[weekday 0–6][local hour 0–23]`, before drift and vacation.
    public var hourlyRates: [[Double]]
    /// First local day (days since 1970-01-01) with a non-zero intensity; `nil`: from the start.
    public var activeFromDay: Int?
    /// First local day after the app was abandoned; `nil`: never abandoned.
    public var activeUntilDay: Int?
    /// Expected number of launches directly triggered by one launch (Hawkes branching ratio α, < 1).
    public var burstBranchingRatio: Double
    /// Mean delay of a triggered launch after its parent, seconds (Hawkes `1/β`).
    public var burstDecaySeconds: Double
    /// Slow habit drift: the hourly profile moves later by this many seconds per drift day
    /// (``driftDays(_:)``).
    public var habitShiftSecondsPerDay: Double
    /// Slow usage drift: the rate is multiplied by `exp(rateDriftPerDay × driftDays(days))`.
    public var rateDriftPerDay: Double
    /// Rate multiplier during the vacation week.
    public var vacationFactor: Double
    /// Median foreground duration of one launch, seconds (log-normal).
    public var durationMedianSeconds: Double
    /// Log-scale standard deviation of the duration.
    public var durationSigma: Double
    /// Apps that may follow a launch of this one in the same session, with their probabilities
    /// (at most one companion per launch; probabilities sum to < 1).
    public var companions: [String: Double]

    /// Memberwise initialiser; see the properties for units.
    public init(app: String, category: String, hourlyRates: [[Double]], activeFromDay: Int? = nil,
                activeUntilDay: Int? = nil, burstBranchingRatio: Double = 0, burstDecaySeconds: Double = 300,
                habitShiftSecondsPerDay: Double = 0, rateDriftPerDay: Double = 0, vacationFactor: Double = 1,
                durationMedianSeconds: Double = 40, durationSigma: Double = 1, companions: [String: Double] = [:]) {
        self.app = app
        self.category = category
        self.hourlyRates = hourlyRates
        self.activeFromDay = activeFromDay
        self.activeUntilDay = activeUntilDay
        self.burstBranchingRatio = burstBranchingRatio
        self.burstDecaySeconds = burstDecaySeconds
        self.habitShiftSecondsPerDay = habitShiftSecondsPerDay
        self.rateDriftPerDay = rateDriftPerDay
        self.vacationFactor = vacationFactor
        self.durationMedianSeconds = durationMedianSeconds
        self.durationSigma = durationSigma
        self.companions = companions
    }

    /// Days of drift accumulated `days` local days after the first day: `days` itself for the
    /// first ``driftRampDays`` (35) days, then easing off exponentially (time constant
    /// ``driftSettleDays``, 28) towards the plateau `driftRampDays + driftSettleDays` (63):
    ///
    ///     D(t) = t                              for t ≤ 35
    ///     D(t) = 35 + 28 · (1 − exp(−(t − 35) / 28))  for t > 35
    ///
    /// `D` and its slope are continuous. Why: usage drifts for some weeks (a new job, a new
    /// favourite game) and then settles; a drift that ran forever compounded a few percent a week
    /// into ×20 over a year (rates are `exp(rateDriftPerDay · D)` with `|rateDriftPerDay| ≤ 0.02`,
    /// so one app now moves at most `exp(0.02 · 63) ≈ ×3.5` from its first day, and a habit at most
    /// 63 × 90 s ≈ 95 min). Runs of at most 36 days (the bundled 35-day dataset) are unchanged.
    public static func driftDays(_ days: Int) -> Double {
        let t = Double(days)
        guard t > driftRampDays else { return t }
        return driftRampDays + driftSettleDays * (1 - _exp(-(t - driftRampDays) / driftSettleDays))
    }

    /// Days during which drift accumulates at its full daily rate (see ``driftDays(_:)``).
    public static let driftRampDays = 35.0
    /// Time constant, in days, with which drift settles after ``driftRampDays`` (see ``driftDays(_:)``).
    public static let driftSettleDays = 28.0

    /// Whether the app has a non-zero intensity on local day `day`.
    public func isActive(day: Int) -> Bool {
        if let from = activeFromDay, day < from { return false }
        if let until = activeUntilDay, day >= until { return false }
        return true
    }

    /// The companion apps in name order with their probabilities (deterministic iteration).
    var _sortedCompanions: [(app: String, probability: Double)] {
        companions.keys.sorted().map { ($0, companions[$0] ?? 0) }
    }
}
