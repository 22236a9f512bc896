import LaunchHistory

/// Baseline `markov` (mode `event` only): the classic next-app predictor.
///
/// At `start(d)` it learns, over the launches `j` of the last 28 days whose cover window
/// `(t_j + 1 s, t_j + 1 s + τ]` ends before `start(d)`: `n_a` (launches of `a`, warm or cold),
/// `k_ab` (launches of `a` with a cold launch of `b ≠ a` in their cover window, counted once per
/// launch), `p_ab = k_ab / (n_a + 1)` and `next(a)`, the `b` with the highest `p_ab` among
/// `k_ab > 0` (ties: app name). The threshold `θ` is the `m`-th largest per-launch value
/// `p_{a_j, next(a_j)}` (with repetition), `m = B × days in the window`, or the smallest value
/// when there are fewer; no value means no fetch that day.
///
/// After each launch of `a` at `T` it adds a fetch of `b = next(a)` at `T + 1 s` when
/// `p_ab ≥ θ`, fewer than `B` fetches are executed or pending, `b` has no fetch of the day at an
/// instant `> T + 1 s − τ`, and `T + 1 s < start(d+1)`. It never cancels a pending fetch and
/// gives no probabilities. Learning is O(window launches × launches per τ) once per day;
/// a decision is O(B).
public struct MarkovPolicy: EventDrivenPolicy {
    /// Always `markov`.
    public let name = "markov"
    private var model: _MarkovModel?

    /// A policy with nothing learned yet (it learns at each day's `start(d)`).
    public init() {}

    /// Learns the day's transitions (once per day, shared by every budget); plans no fetch.
    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        if model?.localDay != context.localDay { model = _MarkovModel(context) }
        return PolicyPlan(fetches: [])
    }

    /// The pending list, plus a fetch of `next(a)` at `T + 1 s` after a launch of `a` that
    /// passes the rule.
    public mutating func decide(_ context: EventContext) throws -> [Fetch] {
        guard let launch = context.launch, let model, model.localDay == context.localDay,
              let next = model.next[launch.app], let theta = model.threshold(budget: context.budget),
              next.probability >= theta,
              context.executed.count + context.pending.count < context.budget else { return context.pending }
        let instant = launch.instant + 1
        let spacedFrom = instant - context.tauSeconds
        let tooClose = (context.executed + context.pending).contains { $0.app == next.app && $0.instant > spacedFrom }
        guard instant < context.dayEnd, !tooClose else { return context.pending }
        return context.pending + [Fetch(app: next.app, instant: instant)]
    }
}

/// One day's `markov` transitions and per-launch values.
struct _MarkovModel: Sendable {
    let localDay: Int
    /// `next(a)` and `p_{a, next(a)}` per app with a next app.
    let next: [String: (app: String, probability: Double)]
    /// The per-launch values `p_{a_j, next(a_j)}`, largest first.
    let values: [Double]
    /// Local days in the window, `min(28, d − first)`.
    let dayCount: Int

    /// Learns from `context.history` (launches before `start(d)`).
    init(_ context: PolicyContext) {
        localDay = context.localDay
        let counts = _TransitionCounts(context)
        dayCount = counts.dayCount
        let names = counts.names
        var probability: [Double?] = Array(repeating: nil, count: names.count)
        var next: [String: (app: String, probability: Double)] = [:]
        for a in names.indices {
            let row = counts.k[a]
            guard let b = row.keys.min(by: { x, y in
                let kx = row[x] ?? 0, ky = row[y] ?? 0
                return kx != ky ? kx > ky : names[x] < names[y]
            }) else { continue }
            let p = Double(row[b] ?? 0) / (Double(counts.n[a]) + 1)
            probability[a] = p
            next[names[a]] = (names[b], p)
        }
        self.next = next
        values = counts.windowApps.compactMap { probability[$0] }.sorted(by: >)
    }

    /// `θ` for budget `B`: the `m`-th largest value, `m = B × dayCount`, or the smallest when
    /// there are fewer; `nil` when there is no value or `m = 0`.
    func threshold(budget: Int) -> Double? {
        let (product, overflow) = max(0, budget).multipliedReportingOverflow(by: dayCount)
        let m = overflow ? Int.max : product
        guard m > 0, let smallest = values.last else { return nil }
        return m <= values.count ? values[m - 1] : smallest
    }
}
