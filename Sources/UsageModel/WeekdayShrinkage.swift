/// Shrinkage of sparse profiles toward pooled ones, in proportion to the evidence.
///
/// Rates are expected cold launches per day in a slot (or window). With recency-weighted smoothed
/// counts `S` and recency-weighted day counts `D`:
/// - all days: `R_all = (n·S_all/D_all + m₀·r·f_dev) / (n + m₀)` — an app with little evidence
///   `n` (weighted cold launches; `m₀` = ``UsageModelOptions/minimumAppLaunches``) keeps its own
///   daily rate `r = ΣS_all/D_all` but takes the device's time-of-day shape `f_dev`;
/// - weekday/weekend group `G ∋ k`: `R_G = (S_G + m·R_all) / (D_G + m)`;
/// - weekday `k`: `R_k = (S_k + m·R_G) / (D_k + m)`, `m` = ``UsageModelOptions/weekdayShrinkageDays``.
///
/// Each step is linear in the `S` terms, so window sums of rates equal rates of window sums, and
/// leaving a day out is subtracting its contribution.
public enum WeekdayShrinkage {
    /// Weekday groups: Monday–Friday (0–4) and Saturday–Sunday (5–6).
    @inlinable
    public static func group(ofWeekday k: Int) -> ClosedRange<Int> { k >= 5 ? 5...6 : 0...4 }

    /// Evidence-weighted inputs for one app at one slot or window.
    struct Sums: Sendable, Equatable {
        /// Smoothed weighted cold launches on the day circle.
        var all: Double
        /// Smoothed weighted cold launches on the week circle at this weekday's time.
        var weekday: Double
        /// Sum of `weekday` over the weekday's group at the same time of day.
        var group: Double
        /// The device's time-of-day shape mass here (sums to 1 over a day).
        var deviceShape: Double
    }

    /// Recency-weighted evidence of one app: launch mass and day masses.
    struct Evidence: Sendable, Equatable {
        /// Weighted cold launches of the app (`n`).
        var launches: Double
        /// Weighted days observed (`D_all`).
        var days: Double
        /// Weighted days of the weekday (`D_k`).
        var weekdayDays: Double
        /// Weighted days of the weekday's group (`D_G`).
        var groupDays: Double
    }

    /// The shrunk all-days and weekday rates (expected cold launches per day) from `sums`.
    /// Returns zeros when `evidence.days ≤ 0`.
    static func rates(
        _ s: Sums, evidence e: Evidence, minimumLaunches m0: Double, shrinkageDays m: Double
    ) -> (day: Double, weekday: Double) {
        guard e.days > 0 else { return (0, 0) }
        let all = allDaysRate(all: s.all, deviceShape: s.deviceShape, evidence: e, minimumLaunches: m0)
        return (all, weekdayRate(all: all, weekday: s.weekday, group: s.group, evidence: e, shrinkageDays: m))
    }

    /// The all-days rate of ``rates(_:evidence:minimumLaunches:shrinkageDays:)`` (`evidence.days > 0`),
    /// which does not depend on the weekday.
    @inline(__always)
    static func allDaysRate(all: Double, deviceShape: Double, evidence e: Evidence, minimumLaunches m0: Double) -> Double {
        let own = all / e.days
        let dailyRate = e.launches / e.days
        let n = max(0, e.launches)
        return n + m0 > 0 ? (n * own + m0 * dailyRate * deviceShape) / (n + m0) : own
    }

    /// The weekday rate of ``rates(_:evidence:minimumLaunches:shrinkageDays:)`` from its all-days rate.
    @inline(__always)
    static func weekdayRate(all: Double, weekday: Double, group groupSum: Double, evidence e: Evidence,
                            shrinkageDays m: Double) -> Double {
        let groupDenominator = max(0, e.groupDays) + m
        let group = groupDenominator > 0 ? (groupSum + m * all) / groupDenominator : all
        let weekdayDenominator = max(0, e.weekdayDays) + m
        return weekdayDenominator > 0 ? (weekday + m * group) / weekdayDenominator : group
    }
}
