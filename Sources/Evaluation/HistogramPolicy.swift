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
    private var state = _BaselineState<DayModel>()

    public init() {}

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        state.plan(context, makeModel: DayModel.init, dayPlan: Self.dayPlan)
    }

    /// One day's ranking and probabilities, shared by every budget.
    struct DayModel: Sendable {
        /// App names by id.
        let names: [String]
        /// Every (app id, hour) pair with a cold launch, best first.
        let ranked: [(app: Int, hour: Int)]
        /// Per app with a cold launch in the window: its 24 hourly frequencies.
        let probabilities: [String: [Double]]

        init(_ window: _BaselineWindow) {
            names = window.names
            ranked = HistogramPolicy.rank(window)
            let days = Double(max(1, window.dayCount))
            var probabilities: [String: [Double]] = [:]
            for a in window.names.indices where window.byApp[a] > 0 {
                // A local hour can repeat (a westward trip, a DST fall-back), so two cold launches of an
                // app can share one: the frequency is capped at 1 (the protocol assumes one per hour).
                probabilities[window.names[a]] = (0..<24).map { min(1, Double(window.byHour[a * 24 + $0]) / days) }
            }
            self.probabilities = probabilities
        }
    }

    /// Every (app id, hour) pair with a positive count: highest count, then app name, then hour.
    static func rank(_ window: _BaselineWindow) -> [(app: Int, hour: Int)] {
        var pairs: [(app: Int, hour: Int, count: Int, rank: Int)] = []
        for (rank, a) in window.idsByName.enumerated() where window.byApp[a] > 0 {
            for hour in 0..<24 where window.byHour[a * 24 + hour] > 0 {
                pairs.append((a, hour, window.byHour[a * 24 + hour], rank))
            }
        }
        pairs.sort { x, y in
            if x.count != y.count { return x.count > y.count }
            if x.rank != y.rank { return x.rank < y.rank }
            return x.hour < y.hour
        }
        return pairs.map { ($0.app, $0.hour) }
    }

    /// The `budget` best (app, hour) pairs: highest count, then app name, then hour.
    public static func choose(budget: Int, counts: [String: [Int]]) -> [(app: String, hour: Int)] {
        let names = counts.keys.sorted()
        var window = _BaselineWindow(names: names, idsByName: Array(names.indices), dayCount: 0)
        for (a, app) in window.names.enumerated() {
            for (hour, count) in (counts[app] ?? []).prefix(24).enumerated() where count > 0 {
                window.byApp[a] += count
                window.byHour[a * 24 + hour] = count
            }
        }
        return rank(window).prefix(max(0, budget)).map { (window.names[$0.app], $0.hour) }
    }

    /// The whole day's plan with its probabilities.
    static func dayPlan(_ context: PolicyContext, model: DayModel) -> PolicyPlan {
        var fetches = model.ranked.prefix(max(0, context.budget)).compactMap { pair -> Fetch? in
            let instant = context.dayStart + Double(pair.hour) * 3600
            return instant < context.dayEnd ? Fetch(app: model.names[pair.app], instant: instant) : nil
        }
        fetches.sort { ($0.instant, $0.app) < ($1.instant, $1.app) }
        return PolicyPlan(fetches: fetches, hourlyProbabilities: model.probabilities)
    }
}
