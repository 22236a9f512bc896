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
    private var state = _BaselineState<_BaselineWindow>()

    public init() {}

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        state.plan(context, makeModel: { $0 }, dayPlan: Self.dayPlan)
    }

    /// Fetches per app for budget `budget` given cold-launch counts (largest-remainder split).
    public static func split(budget: Int, coldLaunches counts: [String: Int]) -> [String: Int] {
        let names = counts.keys.sorted()
        let quota = split(budget: budget, counts: names.map { counts[$0] ?? 0 }, idsByName: Array(names.indices))
        var result: [String: Int] = [:]
        for (a, k) in quota.enumerated() where k > 0 { result[names[a]] = k }
        return result
    }

    /// Fetches per app id for budget `budget` given cold-launch counts per app id; `idsByName`
    /// lists the ids in app-name order (the last tie-break).
    static func split(budget: Int, counts: [Int], idsByName: [Int]) -> [Int] {
        var quota = Array(repeating: 0, count: counts.count)
        let total = counts.reduce(0) { $0 + max(0, $1) }
        guard total > 0, budget > 0 else { return quota }
        var order: [(app: Int, remainder: Int, count: Int, rank: Int)] = []
        for (rank, a) in idsByName.enumerated() where counts[a] > 0 {
            quota[a] = budget * counts[a] / total
            order.append((a, budget * counts[a] % total, counts[a], rank))
        }
        let left = budget - quota.reduce(0, +)
        order.sort { x, y in
            if x.remainder != y.remainder { return x.remainder > y.remainder }
            if x.count != y.count { return x.count > y.count }
            return x.rank < y.rank
        }
        for entry in order.prefix(max(0, left)) { quota[entry.app] += 1 }
        return quota
    }

    /// The whole day's plan.
    static func dayPlan(_ context: PolicyContext, window: _BaselineWindow) -> PolicyPlan {
        var fetches: [Fetch] = []
        let quota = split(budget: context.budget, counts: window.byApp, idsByName: window.idsByName)
        for (a, k) in quota.enumerated() where k > 0 {
            for i in 0..<k {
                let instant = context.dayStart + (Double(i) + 0.5) * 86_400 / Double(k)
                if instant < context.dayEnd { fetches.append(Fetch(app: window.names[a], instant: instant)) }
            }
        }
        fetches.sort { ($0.instant, $0.app) < ($1.instant, $1.app) }
        return PolicyPlan(fetches: fetches)
    }
}
