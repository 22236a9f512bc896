/// Baseline `interval` (the fixed `minimumBackgroundFetchInterval` idea).
///
/// The budget `B` is split across apps in proportion to their cold launches `c_a` in the last 28
/// days: each app gets `floor(B c_a / C)` (with `C = Σ c_a`), and the `B − Σ floor` units left go
/// by largest remainder `B c_a mod C`, equal remainders first to the app with more cold launches,
/// then by app name. Apps with no cold launch get nothing. An app's `k` fetches are evenly spaced
/// at `start(d) + (i + 0.5) × 24 h / k`, `i = 0 ..< k` (a fetch at or after `start(d+1)` on a
/// shortened day is dropped). O(window launches + apps log apps) per day.
public struct IntervalPolicy: FetchPolicy {
    public let name = "interval"
    private var state = _BaselineState()

    public init() {}

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        state.plan(context, dayPlan: Self.dayPlan)
    }

    /// Fetches per app for budget `budget` given cold-launch counts (largest-remainder split).
    public static func split(budget: Int, coldLaunches counts: [String: Int]) -> [String: Int] {
        let positive = counts.filter { $0.value > 0 }
        let total = positive.values.reduce(0, +)
        guard total > 0, budget > 0 else { return [:] }
        var quota = positive.mapValues { budget * $0 / total }
        let left = budget - quota.values.reduce(0, +)
        let order = positive.keys.sorted { a, b in
            let ra = budget * (positive[a] ?? 0) % total, rb = budget * (positive[b] ?? 0) % total
            if ra != rb { return ra > rb }
            if positive[a] != positive[b] { return (positive[a] ?? 0) > (positive[b] ?? 0) }
            return a < b
        }
        for app in order.prefix(left) { quota[app, default: 0] += 1 }
        return quota.filter { $0.value > 0 }
    }

    /// The whole day's plan.
    static func dayPlan(_ context: PolicyContext, recent: _RecentColdLaunches) -> PolicyPlan {
        let counts = recent.countsByApp
        var fetches: [Fetch] = []
        for (app, k) in split(budget: context.budget, coldLaunches: counts) {
            for i in 0..<k {
                let instant = context.dayStart + (Double(i) + 0.5) * 86_400 / Double(k)
                if instant < context.dayEnd { fetches.append(Fetch(app: app, instant: instant)) }
            }
        }
        fetches.sort { ($0.instant, $0.app) < ($1.instant, $1.app) }
        return PolicyPlan(fetches: fetches)
    }
}
