import LaunchHistory

/// What `reveille-event` learns at `start(d)` from the last 28 days: the time-of-day windows,
/// the app-to-app trigger values and how the day's budget splits between them.
struct _ReactiveDayModel: Sendable {
    let localDay: Int
    let options: ReactiveOptions
    /// Every (app, local hour) with a cold launch in the window, best first (count, then app name,
    /// then hour: the `histogram` order), with `value = count / days`.
    let windows: [(app: String, hour: Int, value: Double)]
    /// The histogram probabilities (count / days) per app and local hour.
    let hourlyProbabilities: [String: [Double]]
    /// Per window launch, the values of its app's best triggers, largest first.
    let launchValues: [Double]
    /// Share of the window's launches in each local hour (24 values summing to 1, or all 0).
    let hourShare: [Double]
    /// Local days in the window.
    let dayCount: Int
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
        var hours = Array(repeating: 0.0, count: 24)
        for hour in counts.windowHours where hour >= 0 && hour < 24 { hours[hour] += 1 }
        let hourTotal = Double(counts.windowHours.count)
        hourShare = hours.map { hourTotal > 0 ? $0 / hourTotal : 0 }
        let best = counts.names.indices.map { a in
            Self._top(counts: counts, baseRate: baseRate, options: options, after: a).map(\.value)
        }
        launchValues = counts.windowApps.flatMap { best[$0] }.sorted(by: >)
        dayCount = counts.dayCount
        self.counts = counts
        self.baseRate = baseRate
    }

    /// The best `candidatesPerLaunch` triggers after a launch of `app`, apps in `excluded` left
    /// out: value `scale × (k_ab + α r_b) / (n_a + α)`, largest first (ties: app name). An app
    /// unseen in the window has `n_a = 0`, so its values are the scaled base rates. O(apps).
    func triggers(after app: String, excluding excluded: Set<String>) -> [(app: String, value: Double)] {
        let a = counts.ids[app] ?? -1
        return Self._top(counts: counts, baseRate: baseRate, options: options, after: a, excluding: excluded)
            .map { (counts.names[$0.app], $0.value) }
    }

    /// The day's split of budget `B`: walking the windows (weight 1 each) and the per-launch
    /// trigger values (weight `1 / days` each, the expected count per day) from the largest value
    /// down while the weights fit in `B`. `threshold` is the last value taken (`+∞` when none),
    /// `windowCount` the windows taken, `triggersPerDay` the expected triggers at or above it.
    func split(budget: Int) -> (threshold: Double, windowCount: Int, triggersPerDay: Double) {
        let budget = Double(max(0, budget))
        let launchWeight = 1 / Double(max(1, dayCount))
        var used = 0.0, threshold = Double.infinity
        var w = 0, l = 0
        while w < windows.count || l < launchValues.count {
            let windowValue = w < windows.count ? windows[w].value : -1
            let launchValue = l < launchValues.count ? launchValues[l] : -1
            let takeWindow = windowValue >= launchValue
            let weight = takeWindow ? 1 : launchWeight
            guard used + weight <= budget else { break }
            used += weight
            threshold = takeWindow ? windowValue : launchValue
            if takeWindow { w += 1 } else { l += 1 }
        }
        let expected = Double(launchValues.prefix { $0 >= threshold }.count) * launchWeight
        return (threshold, w, expected)
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
