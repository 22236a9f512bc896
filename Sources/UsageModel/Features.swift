import Foundation
import ReveilleCore

/// The logistic scorer's features for one (app, time) cell.
///
/// For the window `(t, t + tau]` of app `a`, with only launches before the knowledge cutoff
/// `c ≤ t` visible (`c` = start of the planning day in daily mode, `t` itself online):
///
/// | # | feature |
/// |---|---|
/// | 0 | 1 (intercept) |
/// | 1 | `log(R_all + 10⁻³)`: all-days expected cold launches in the window (smoothed density × rate) |
/// | 2 | `log(R_weekday + 10⁻³)`: the same from the shrunk weekday profile |
/// | 3 | `log(r + 10⁻³)`: the app's cold launches per day |
/// | 4 | `log(h + 0.1)`: hours from the last visible launch to `t` (capped at 720; 720 when none) |
/// | 5 | `log(1 + cold launches in the 24 h before c)` |
/// | 6 | `log(1 + cold launches in the 7 days before c)` |
/// | 7 | cold launch in the same window yesterday (0/1, visible part) |
/// | 8 | cold launch in the same window a week earlier (0/1) |
/// | 9–12 | `sin, cos(2πu), sin, cos(4πu)` of the local time of day `u ∈ [0, 1)` |
/// | 13 | online: `1` when `t − c < 1 h` |
/// | 14 | online × feature 4 |
/// | 15 | `log(1 + (t − c)/1 h)`: planning lead |
/// | 16–20 | hours since the last visible launch in `[0, 1)`, `[1, 3)`, `[3, 8)`, `[8, 24)`, `[24, 72)` (0/1) |
public enum Features {
    /// Feature names, in column order.
    public static let names: [String] = [
        "intercept", "logDayRate", "logWeekdayRate", "logDailyRate", "logHoursSinceLast",
        "logCold24h", "logCold7d", "yesterdaySameWindow", "lastWeekSameWindow",
        "sinDay", "cosDay", "sin2Day", "cos2Day", "online", "onlineLogHoursSinceLast", "logLeadHours",
        "sinceLastUnder1h", "sinceLast1to3h", "sinceLast3to8h", "sinceLast8to24h", "sinceLast1to3d",
    ]

    /// Number of features.
    public static var count: Int { names.count }

    /// Cap on hours since the last launch (30 days).
    static let hoursCap = 720.0

    /// Builds one feature row; see the table above.
    static func _row(
        dayRate: Double, weekdayRate: Double, dailyRate: Double, recency: _AppRecency,
        t: Double, cutoff: Double, secondOfDay: Double, tau: Double
    ) -> [Double] {
        var row: [Double] = []
        row.reserveCapacity(names.count)
        _append(dayRate: dayRate, weekdayRate: weekdayRate, dailyRate: dailyRate, recency: recency,
                t: t, cutoff: cutoff, secondOfDay: secondOfDay, tau: tau, to: &row)
        return row
    }

    /// Appends one feature row to `x` (no intermediate array).
    static func _append(
        dayRate: Double, weekdayRate: Double, dailyRate: Double, recency: _AppRecency,
        t: Double, cutoff: Double, secondOfDay: Double, tau: Double, to x: inout [Double]
    ) {
        _append(dayRate: dayRate, weekdayRate: weekdayRate, dailyRate: dailyRate, recency: recency,
                t: t, cutoff: cutoff, timeOfDay: _TimeOfDayTerms(secondOfDay: secondOfDay), tau: tau, to: &x)
    }

    /// ``_append(dayRate:weekdayRate:dailyRate:recency:t:cutoff:secondOfDay:tau:to:)`` with the
    /// time-of-day terms computed once per instant (they are the same for every app).
    static func _append(
        dayRate: Double, weekdayRate: Double, dailyRate: Double, recency: _AppRecency,
        t: Double, cutoff: Double, timeOfDay: _TimeOfDayTerms, tau: Double, to x: inout [Double]
    ) {
        let visible = _VisibleRecency(recency, visible: min(cutoff, t))
        _append(logDayRate: _logRate(dayRate), logWeekdayRate: _logRate(weekdayRate), logDailyRate: _logRate(dailyRate),
                recency: recency,
                visible: visible, t: t, timeOfDay: timeOfDay, lead: _LeadTerms(t: t, visible: visible.instant), tau: tau, to: &x)
    }

    /// Appends one feature row from the terms that are the same for many cells: what is visible
    /// of the app's recency at the cutoff (the same for every slot of a forecast), the log of its
    /// daily rate (one per app), the logs of its window rates (features 1–2, the same for every
    /// forecast of a slot) and the planning lead (one per slot). The same values, in the
    /// same order, as computing each cell on its own.
    static func _append(
        logDayRate: Double, logWeekdayRate: Double, logDailyRate: Double, recency: _AppRecency, visible: _VisibleRecency,
        t: Double, timeOfDay: _TimeOfDayTerms, lead: _LeadTerms, tau: Double, to x: inout [Double]
    ) {
        let hours = _hours(t: t, visible: visible)
        let cutoff = visible.instant - 1e-9
        let yesterday = _anyCold(recency.cold, after: t - 86_400, through: min(t - 86_400 + tau, cutoff))
        let lastWeek = _anyCold(recency.cold, after: t - 7 * 86_400, through: min(t - 7 * 86_400 + tau, cutoff))
        let logHours = _logHours(hours)
        x.append(1); x.append(logDayRate); x.append(logWeekdayRate); x.append(logDailyRate)
        x.append(logHours); x.append(visible.logCold24); x.append(visible.logCold7d)
        x.append(yesterday ? 1 : 0); x.append(lastWeek ? 1 : 0)
        x.append(timeOfDay.sin1); x.append(timeOfDay.cos1); x.append(timeOfDay.sin2); x.append(timeOfDay.cos2)
        _appendLeadTerms(hours: hours, logHours: logHours, lead: lead, to: &x)
    }

    /// The columns before ``_appendLeadTerms(hours:logHours:lead:to:)``'s: features 0–12.
    static let _leadFree = 13

    /// Features 13–20 of a cell: the planning lead's terms and the since-last-launch buckets
    /// (`hours` from ``_hours(t:visible:)``, `logHours` its feature 4).
    @inline(__always)
    static func _appendLeadTerms(hours: Double, logHours: Double, lead: _LeadTerms, to x: inout [Double]) {
        _leadTerms(hours: hours, logHours: logHours, lead: lead) { x.append($0) }
    }

    /// Features 13–20 of a cell, in column order, each handed to `use` (appended to a row, or
    /// multiplied into a sum without writing a row: the same values either way).
    @inline(__always)
    static func _leadTerms(hours: Double, logHours: Double, lead: _LeadTerms, _ use: (Double) -> Void) {
        use(lead.online); use(lead.online * logHours); use(lead.logLead)
        use(hours < 1 ? 1 : 0); use((1..<3).contains(hours) ? 1 : 0); use((3..<8).contains(hours) ? 1 : 0)
        use((8..<24).contains(hours) ? 1 : 0); use((24..<72).contains(hours) ? 1 : 0)
    }

    /// How many features ``_leadTerms(hours:logHours:lead:_:)`` gives (8).
    static let _leadTermCount = 8

    /// Hours from the last visible launch to `t`, capped at ``hoursCap`` (the cap when none).
    @inline(__always)
    static func _hours(t: Double, visible: _VisibleRecency) -> Double {
        visible.lastLaunch.map { min(hoursCap, (t - $0) / 3600) } ?? hoursCap
    }

    /// Features 1–3 of a rate: `log(rate + 10⁻³)`; a zero rate takes ``_logRateOfZero``
    /// (the same value) without calling `log`.
    @inline(__always)
    static func _logRate(_ rate: Double) -> Double { rate == 0 ? _logRateOfZero : log(rate + 1e-3) }

    /// `log(0 + 10⁻³)`, computed once by the same `log` as ``_logRate(_:)``.
    static let _logRateOfZero = log(_opaque(0) + 1e-3)

    /// Feature 4 of `hours` (from ``_hours(t:visible:)``): `log(hours + 0.1)`; an app not launched
    /// in ``hoursCap`` hours (most of a device's rarely used apps) takes ``_logHoursAtCap``
    /// without calling `log`.
    @inline(__always)
    static func _logHours(_ hours: Double) -> Double { hours == hoursCap ? _logHoursAtCap : log(hours + 0.1) }

    /// `log(hoursCap + 0.1)`, computed once by the same `log` as ``_logHours(_:)``.
    static let _logHoursAtCap = log(_opaque(hoursCap) + 0.1)

    /// `x`, through a call the optimiser does not see into, so the constants above are computed
    /// by the run-time `log`, not folded at compile time.
    @inline(never)
    static func _opaque(_ x: Double) -> Double { x }

    /// Whether a sorted array holds a value in `(after, through]`.
    static func _anyCold(_ sorted: [Double], after: Double, through: Double) -> Bool {
        guard through > after else { return false }
        let i = _upperBound(sorted, after)
        return i < sorted.count && sorted[i] <= through
    }
}

/// Features 9–12 of one instant: `sin, cos(2πu), sin, cos(4πu)` of its local time of day
/// `u = secondOfDay / 86 400`. The same for every app, so forecasts and training rows compute
/// them once per slot or hour rather than once per cell.
struct _TimeOfDayTerms: Sendable, Equatable {
    let sin1: Double
    let cos1: Double
    let sin2: Double
    let cos2: Double

    init(secondOfDay: Double) {
        let u = 2 * Double.pi * secondOfDay / 86_400
        sin1 = sin(u)
        cos1 = cos(u)
        sin2 = sin(2 * u)
        cos2 = cos(2 * u)
    }
}

/// What the features read of an app's recency at a knowledge cutoff `visible` (launches before
/// it): its last launch and features 5–6. The same for every slot of a forecast from `visible`.
struct _VisibleRecency: Sendable {
    let instant: Double
    let lastLaunch: Double?
    let logCold24: Double
    let logCold7d: Double

    init(_ recency: _AppRecency, visible: Double) {
        instant = visible
        let lastIndex = _lowerBound(recency.launches, visible)
        lastLaunch = lastIndex > 0 ? recency.launches[lastIndex - 1] : nil
        let coldVisible = _lowerBound(recency.cold, visible)
        logCold24 = _VisibleRecency.logOnePlus(count: coldVisible - _lowerBound(recency.cold, visible - 86_400))
        logCold7d = _VisibleRecency.logOnePlus(count: coldVisible - _lowerBound(recency.cold, visible - 7 * 86_400))
    }

    /// `log1p(k)` of a count: from ``logOnePlusOfCounts`` below its size, else `log1p` itself.
    @inline(__always)
    static func logOnePlus(count k: Int) -> Double {
        k >= 0 && k < logOnePlusOfCounts.count ? logOnePlusOfCounts[k] : log1p(Double(k))
    }

    /// `log1p(k)` for `k` in `0..<1024`, computed once by the same `log1p` (features 5–6 of
    /// every cell are logs of such counts).
    static let logOnePlusOfCounts: [Double] = (0..<1024).map { log1p(Features._opaque(Double($0))) }
}

/// Features 13 and 15 of a window starting at `t` known up to `visible` (the same for every app).
struct _LeadTerms: Sendable {
    let online: Double
    let logLead: Double

    init(t: Double, visible: Double) {
        let lead = max(0, t - visible) / 3600
        online = lead < 1 ? 1.0 : 0.0
        logLead = log1p(lead)
    }
}

/// What the model knows of one app's recent launches (instants, sorted).
struct _AppRecency: Sendable, Equatable {
    /// All launches.
    var launches: [Double] = []
    /// Cold launches.
    var cold: [Double] = []
}

/// First index with `sorted[i] >= x`.
func _lowerBound(_ sorted: [Double], _ x: Double) -> Int {
    sorted.lowerBoundIndex(of: x)
}

/// First index with `sorted[i] > x`.
func _upperBound(_ sorted: [Double], _ x: Double) -> Int {
    var lo = 0, hi = sorted.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if sorted[mid] <= x { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
