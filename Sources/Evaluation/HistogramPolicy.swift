/// Baseline `histogram`: hour-of-day counts of cold launches.
///
/// Counts each app's cold launches per local hour over the last 28 days and fetches at the start
/// of the `B` (app, hour) pairs with the highest counts (ties: app name, then hour), i.e. at
/// `start(d) + h × 3600 s`. Pairs with a zero count are never chosen, so fewer than `B` fetches
/// are planned when fewer pairs were seen. Its probability for (app, hour) is the pair's count
/// divided by the number of days in the window, `min(28, d − first)`, at most 1 (a repeated local
/// hour, after a westward trip or a DST fall-back, can hold two cold launches); apps without a cold launch
/// in the window are left out (the evaluator scores them as probability 0). O(window launches + pairs log pairs) per day.
public struct HistogramPolicy: FetchPolicy {
    public let name = "histogram"
    private var state = _BaselineState()

    public init() {}

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        state.plan(context, dayPlan: Self.dayPlan)
    }

    /// Cold-launch counts per app and local hour (24 values per app).
    static func counts(_ recent: _RecentColdLaunches) -> [String: [Int]] { recent.hourlyCounts }

    /// The `budget` best (app, hour) pairs: highest count, then app name, then hour.
    public static func choose(budget: Int, counts: [String: [Int]]) -> [(app: String, hour: Int)] {
        var pairs: [(app: String, hour: Int, count: Int)] = []
        for (app, hours) in counts {
            for (hour, count) in hours.enumerated() where count > 0 { pairs.append((app, hour, count)) }
        }
        pairs.sort { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.app != b.app { return a.app < b.app }
            return a.hour < b.hour
        }
        return pairs.prefix(max(0, budget)).map { ($0.app, $0.hour) }
    }

    /// The whole day's plan with its probabilities.
    static func dayPlan(_ context: PolicyContext, recent: _RecentColdLaunches) -> PolicyPlan {
        let counts = counts(recent)
        var fetches = choose(budget: context.budget, counts: counts).compactMap { pair -> Fetch? in
            let instant = context.dayStart + Double(pair.hour) * 3600
            return instant < context.dayEnd ? Fetch(app: pair.app, instant: instant) : nil
        }
        fetches.sort { ($0.instant, $0.app) < ($1.instant, $1.app) }
        let days = Double(max(1, recent.dayCount))
        // A local hour can repeat (a westward trip, a DST fall-back), so two cold launches of an
        // app can share one: the frequency is capped at 1 (the protocol assumes one per hour).
        let probabilities = counts.mapValues { $0.map { min(1, Double($0) / days) } }
        return PolicyPlan(fetches: fetches, hourlyProbabilities: probabilities)
    }
}
