import LaunchHistory

/// What `reveille-event` learns at `start(d)` from the last 28 days: the time-of-day windows and
/// the app-to-app trigger values. O(window launches × launches per τ) per day.
struct _ReactiveDayModel: Sendable {
    let localDay: Int
    let options: ReactiveOptions
    /// Every (app, local hour) with a cold launch in the window, best first (count, then app name,
    /// then hour: the `histogram` order), with `value = count / days`.
    let windows: [(app: String, hour: Int, value: Double)]
    /// The histogram probabilities (count / days) per app and local hour.
    let hourlyProbabilities: [String: [Double]]
    private let counts: _TransitionCounts
    /// `Σ_a k[a][b] / N` per app `b`: the chance that a launch is followed by a cold `b`.
    private let baseRate: [Double]

    init(_ context: PolicyContext, options: ReactiveOptions) {
        localDay = context.localDay
        self.options = options
        let recent = _RecentColdLaunches(context)
        let days = Double(max(1, recent.dayCount))
        let histogram = HistogramPolicy.counts(recent)
        windows = HistogramPolicy.choose(budget: Int.max, counts: histogram).map { pair in
            (pair.app, pair.hour, Double(histogram[pair.app]?[pair.hour] ?? 0) / days)
        }
        hourlyProbabilities = histogram.mapValues { $0.map { Double($0) / days } }
        let counts = _TransitionCounts(context)
        var followed = Array(repeating: 0, count: counts.names.count)
        for row in counts.k { for (b, k) in row { followed[b] += k } }
        let launches = Double(max(1, counts.windowApps.count))
        let baseRate = followed.map { Double($0) / launches }
        self.counts = counts
        self.baseRate = baseRate
    }

    /// The best `candidatesPerLaunch` triggers after a launch of `app`, apps in `excluded` left
    /// out: value `scale × (k_ab + α r_b) / (n_a + α)`, largest first (ties: app name). An app
    /// unseen in the window has `n_a = 0`, so its values are the scaled base rates.
    /// O(apps × candidatesPerLaunch).
    func triggers(after app: String, excluding excluded: Set<String>) -> [(app: String, value: Double)] {
        let a = counts.ids[app] ?? -1
        return Self._top(counts: counts, baseRate: baseRate, options: options, after: a, excluding: excluded)
            .map { (counts.names[$0.app], $0.value) }
    }

    /// The top triggers after app id `a` (`-1`: unseen) as (app id, value).
    private static func _top(counts: _TransitionCounts, baseRate: [Double], options: ReactiveOptions, after a: Int,
                             excluding excluded: Set<String> = []) -> [(app: Int, value: Double)] {
        let row = a >= 0 ? counts.k[a] : [:]
        let n = a >= 0 ? Double(counts.n[a]) : 0
        let alpha = options.shrinkageLaunches
        var top: [(app: Int, value: Double)] = []
        for b in baseRate.indices where b != a && baseRate[b] > 0 && !excluded.contains(counts.names[b]) {
            let value = options.triggerValueScale * (Double(row[b] ?? 0) + alpha * baseRate[b]) / (n + alpha)
            top.append((b, value))
            top.sort { x, y in x.value != y.value ? x.value > y.value : counts.names[x.app] < counts.names[y.app] }
            if top.count > options.candidatesPerLaunch { top.removeLast() }
        }
        return top
    }
}
