import LaunchHistory

/// Next-app prediction for one device: after each launch, the apps seen so far ranked by the
/// chance that each is the next one opened (`reveille evaluate --task next-app`).
///
/// The chance is a mixture of four distributions over the apps seen so far, all counted from the
/// launches up to the current one (app `a`, the app before it `a′`, local hour `h`):
/// - transition: `P₁(b) = (k_ab + α p_b) / (n_a + α)`, `k_ab` the times `b` came right after `a`,
///   `n_a` the launches of `a` with a successor, `p_b` b's share of all launches (its base rate);
/// - second-order transition: `P₂(b) = (k_a′ab + α P₁(b)) / (n_a′a + α)`, the same after the pair;
/// - recency: `q_r`, `r` b's most-recently-used rank (0 = `a` itself, 1 = the app used before it,
///   …); ranks above `K` share `q_{K+1}` evenly;
/// - time of day: `P₄(b) = (c_bh + β p_b) / (C_h + β)`, `c_bh` b's launches in local hour `h`.
///
/// `score(b) = Σ π_k P_k(b)`. The weights `π` and the rank shares `q` are learnt by
/// ``learn(dayStart:localDay:)`` from the launches whose successor came before `dayStart` (the last
/// ``Options/windowDays`` local days): `q_r` = (targets at rank r + ½) / (targets + (K + 2)/2), `π`
/// the maximum-likelihood mixture weights (EM from uniform). Before the first learn, `π` and `q`
/// are uniform. Strictly causal: a ranking uses nothing after the launch it follows.
///
/// Cost: ``observe(_:)`` and ``ranking(limit:)`` O(apps log apps), a learn O(window launches).
public struct NextAppRanker: Sendable {
    /// Hyperparameters, with the defaults chosen on even days of the three reference sets.
    public struct Options: Sendable, Equatable {
        /// `α`: pseudo-launches pulling a transition row toward the base rate (≥ 0).
        public var transitionPrior: Double
        /// `β`: pseudo-launches pulling an hour's shares toward the base rate (≥ 0).
        public var hourPrior: Double
        /// `K`: recency ranks with their own share; ranks above share one.
        public var maxRank: Int
        /// Local days of launches the weights are learnt from.
        public var windowDays: Int

        /// Options with the given values (defaults α = 1, β = 4, K = 10, 28 days).
        public init(transitionPrior: Double = 1, hourPrior: Double = 4, maxRank: Int = 10, windowDays: Int = 28) {
            self.transitionPrior = max(0, transitionPrior)
            self.hourPrior = max(0, hourPrior)
            self.maxRank = max(1, maxRank)
            self.windowDays = max(1, windowDays)
        }
    }

    /// The options this ranker was made with.
    public let options: Options
    /// `π`: the weights of transition, second-order transition, recency and time of day.
    public private(set) var weights = Array(repeating: 0.25, count: 4)
    /// `q`: the share of next launches at recency rank 0 … K, then all ranks above K together.
    public private(set) var rankShares: [Double]

    private var counts = _NextAppCounts()
    private var rows: [_NextAppRow] = []

    /// An empty ranker.
    public init(options: Options = Options()) {
        self.options = options
        rankShares = Array(repeating: 1 / Double(options.maxRank + 2), count: options.maxRank + 2)
    }

    /// Records `launch` (launches in time order): the previous launch gains a training row whose
    /// outcome is `launch`'s app, then the counts move on. O(apps log apps) (the recency ranks).
    public mutating func observe(_ launch: LaunchEvent) {
        if let b = counts.index[launch.app], counts.current != nil {
            let ranks = counts.recencyRanks()
            let parts = counts.parts(of: b, prior: options)
            rows.append(_NextAppRow(targetInstant: launch.instant, localDay: counts.currentLocalDay,
                                    transition: parts.transition, pair: parts.pair, hour: parts.hour,
                                    rank: ranks[b], candidates: counts.apps.count))
        }
        counts.record(launch)
    }

    /// The apps seen so far by falling score, at most `limit`, ties by name; empty before the
    /// first launch. Call after ``observe(_:)`` of the launch to follow. O(apps log apps).
    public func ranking(limit: Int = 5) -> [String] {
        scores().sorted { $0.score != $1.score ? $0.score > $1.score : $0.app < $1.app }
            .prefix(max(0, limit)).map(\.app)
    }

    /// Every app seen so far with its mixture score `Σ π_k P_k(b)`, in first-seen order.
    public func scores() -> [(app: String, score: Double)] {
        guard counts.current != nil else { return [] }
        let ranks = counts.recencyRanks()
        return counts.apps.indices.map { b in
            let parts = counts.parts(of: b, prior: options)
            let recency = _recency(rank: ranks[b], candidates: counts.apps.count)
            let score = weights[0] * parts.transition + weights[1] * parts.pair + weights[2] * recency
                + weights[3] * parts.hour
            return (counts.apps[b], score)
        }
    }

    /// Learns `π` and `q` for local day `localDay` from the rows whose outcome came before
    /// `dayStart` and whose launch lies on the last ``Options/windowDays`` days; rows older than
    /// the window are dropped. O(rows × EM iterations), at most 200 iterations.
    public mutating func learn(dayStart: Double, localDay: Int) {
        let oldest = localDay - options.windowDays
        rows.removeAll { $0.localDay < oldest }
        let known = rows.filter { $0.targetInstant < dayStart }
        var tally = Array(repeating: 0.5, count: options.maxRank + 2)
        for row in known { tally[min(row.rank, options.maxRank + 1)] += 1 }
        let sum = tally.reduce(0, +)
        rankShares = tally.map { $0 / sum }
        guard !known.isEmpty else { return }
        let likelihoods = known.map { row in
            [row.transition, row.pair, _recency(rank: row.rank, candidates: row.candidates), row.hour]
        }
        weights = NextAppRanker.mixtureWeights(likelihoods)
    }

    /// Maximum-likelihood weights of a mixture whose components give row `i` the likelihoods
    /// `likelihoods[i]` (EM from uniform weights; stops when no weight moves by 10⁻⁷, or after
    /// 200 iterations). Rows with no positive likelihood are skipped; uniform if none is left.
    public static func mixtureWeights(_ likelihoods: [[Double]]) -> [Double] {
        let count = likelihoods.first?.count ?? 0
        guard count > 0 else { return [] }
        var weights = Array(repeating: 1 / Double(count), count: count)
        for _ in 0..<200 {
            var next = Array(repeating: 0.0, count: count)
            var used = 0
            for row in likelihoods where row.count == count {
                var total = 0.0
                for k in 0..<count { total += weights[k] * row[k] }
                guard total > 0, total.isFinite else { continue }
                for k in 0..<count { next[k] += weights[k] * row[k] / total }
                used += 1
            }
            guard used > 0 else { return weights }
            next = next.map { $0 / Double(used) }
            let moved = zip(next, weights).map { abs($0 - $1) }.max() ?? 0
            weights = next
            if moved < 1e-7 { break }
        }
        return weights
    }

    /// `q_r`, or `q_{K+1}` split evenly over the ranks above `K` among `candidates` apps.
    private func _recency(rank: Int, candidates: Int) -> Double {
        let k = options.maxRank
        if rank <= k { return rankShares[rank] }
        return rankShares[k + 1] / Double(max(1, candidates - 1 - k))
    }
}

/// One training row: a launch, its successor's instant, and the successor's likelihoods.
struct _NextAppRow: Sendable {
    var targetInstant: Double
    var localDay: Int
    var transition: Double, pair: Double, hour: Double
    var rank: Int
    var candidates: Int
}
