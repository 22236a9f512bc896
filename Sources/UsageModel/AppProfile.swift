import Foundation

/// What the model learned about one app: its bandwidth, evidence and rates per slot —
/// aggregates only, never a launch time.
///
/// Rates are expected cold launches per day within one slot; summing ``dayRates`` over a day gives
/// ``dailyRate`` (up to the device-profile shrinkage). They are stored in a model file as one byte
/// per slot (``_RateCodes``: a log scale of 50 steps per decade below ``rateScale``, ±2.3 %), and a
/// fitted model holds exactly the decoded values, so a model read back predicts what it predicted
/// when it was fitted. The recency state (when the app was last launched) is not part of a profile:
/// it comes from the history given at plan time (``UsageModel/withRecency(from:)``).
public struct AppProfile: Sendable, Equatable {
    /// App identifier.
    public var app: String
    /// Chosen kernel bandwidth (wrapped-Gaussian σ, minutes).
    public var bandwidthMinutes: Double
    /// Recency-weighted cold launches (the evidence `n` of the shrinkage).
    public var launchEvidence: Double
    /// Recency-weighted cold launches per day.
    public var dailyRate: Double
    /// The largest rate of ``dayRates`` and ``weekdayRates``: the top of the one-byte log scale.
    public var rateScale: Double
    /// All-days rates on the day circle, `slotsPerDay` values, after shrinkage toward the device profile.
    public var dayRates: [Double]
    /// Weekday rates on the week circle (Monday 00:00 first), `7·slotsPerDay` values, after
    /// shrinkage toward weekday/weekend and all-days rates.
    public var weekdayRates: [Double]
}

/// Sum of `count` consecutive values of a circular array starting at `start`, added in order
/// from `start` (a window that does not wrap is summed without the wrap test: the same
/// additions in the same order).
@inline(__always)
func _circularWindowSum(_ values: [Double], start: Int, count: Int) -> Double {
    let n = values.count
    guard n > 0 else { return 0 }
    let v = values.span
    var s = 0.0
    var i = ((start % n) + n) % n
    let m = min(max(0, count), n)
    if i + m <= n {
        for j in i..<(i + m) { s += v[j] }
        return s
    }
    for _ in 0..<m {
        s += v[i]
        i += 1
        if i == n { i = 0 }
    }
    return s
}

/// The window sum of a circular array for a window starting `fraction` (in `[0, 1)`) of a slot
/// after slot `start`: `(1 − fraction)` of the first slot, the next `count − 1` slots, and
/// `fraction` of slot `start + count` — linear interpolation between the slot-aligned sums, so a
/// planner slot shorter than the model's slot still sees its own window. `fraction = 0` gives
/// ``_circularWindowSum(_:start:count:)`` exactly.
@inline(__always)
func _circularWindowSum(_ values: [Double], start: Int, count: Int, fraction: Double) -> Double {
    let aligned = _circularWindowSum(values, start: start, count: count)
    guard fraction > 0, !values.isEmpty else { return aligned }
    let n = values.count
    let first = values[((start % n) + n) % n]
    let after = values[(((start + count) % n) + n) % n]
    return aligned + fraction * (after - first)
}

/// Rounds to 6 significant decimals, so encoded models are short and decode to the same values;
/// magnitudes below 10⁻¹² (far below any meaningful rate) become 0.
func _rounded(_ x: Double) -> Double {
    let a = abs(x)
    guard x.isFinite, a >= 1e-12 else { return 0 }
    var d = Int((Double(a.exponent) * 0.301_029_995_663_981_2).rounded(.down)) // ≈ floor(log10 a)
    while d > -13, _powersOfTen[d + 13] > a { d -= 1 }
    while d < 30, _powersOfTen[d + 14] <= a { d += 1 }
    let e = 5 - d
    let scale = e >= 0 ? _powersOfTen[min(e, 30) + 13] : 1 / _powersOfTen[min(-e, 30) + 13]
    return (x * scale).rounded() / scale
}

/// `10^i` for `i` in `-13…31`, index `i + 13`.
let _powersOfTen: [Double] = (-13...31).map { pow(10, Double($0)) }

extension _DensityFit {
    /// Stored per-app profiles: shrunk rates per slot, quantized as a model file stores them.
    func profiles(_ data: _FitData) -> [AppProfile] {
        let n = slotsPerDay
        let o = data.options
        let dAll = data.dayWeights.reduce(0, +)
        let dWeekday = data.weekdayWeights
        return data.apps.indices.map { a in
            var dayRates = [Double](repeating: 0, count: n)
            var weekdayRates = [Double](repeating: 0, count: 7 * n)
            let appDay = day[a], appWeek = week[a]
            // The all-days rates do not depend on the weekday: computed once, not per weekday.
            let all = WeekdayShrinkage.Evidence(launches: evidence[a], days: dAll, weekdayDays: 0, groupDays: 0)
            if dAll > 0 {
                for s in 0..<n {
                    dayRates[s] = WeekdayShrinkage.allDaysRate(all: appDay[s], deviceShape: deviceShape[s], evidence: all,
                                                               minimumLaunches: o.minimumAppLaunches)
                }
            }
            // Each weekday group's sums, once per group and slot, not once per weekday (the same
            // sums, added in the same order).
            var groupSums: [[Double]] = [[], []]
            for k in [0, 5] where dAll > 0 {
                var sums = [Double](repeating: 0, count: n)
                for s in 0..<n {
                    var group = 0.0
                    for k2 in WeekdayShrinkage.group(ofWeekday: k) { group += appWeek[k2 * n + s] }
                    sums[s] = group
                }
                groupSums[k == 0 ? 0 : 1] = sums
            }
            for k in 0..<7 where dAll > 0 {
                let g = WeekdayShrinkage.group(ofWeekday: k)
                let e = WeekdayShrinkage.Evidence(
                    launches: evidence[a], days: dAll, weekdayDays: dWeekday[k],
                    groupDays: g.reduce(0) { $0 + dWeekday[$1] })
                let group = groupSums[k >= 5 ? 1 : 0]
                for s in 0..<n {
                    weekdayRates[k * n + s] = WeekdayShrinkage.weekdayRate(
                        all: dayRates[s], weekday: appWeek[k * n + s], group: group[s], evidence: e,
                        shrinkageDays: o.weekdayShrinkageDays)
                }
            }
            let scale = _rounded(max(dayRates.max() ?? 0, weekdayRates.max() ?? 0))
            return AppProfile(
                app: data.apps[a], bandwidthMinutes: o.bandwidthGridMinutes[bandwidth[a]],
                launchEvidence: _rounded(evidence[a]), dailyRate: _rounded(dAll > 0 ? evidence[a] / dAll : 0),
                rateScale: scale, dayRates: _RateCodes.quantized(dayRates, scale: scale),
                weekdayRates: _RateCodes.quantized(weekdayRates, scale: scale))
        }
    }
}
