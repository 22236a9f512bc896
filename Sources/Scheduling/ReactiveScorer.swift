import Foundation
import LaunchHistory
import UsageModel

/// Scores trigger candidates: the chance that app `b` has a cold launch in `(T + 1 s, T + 1 s +
/// tau]` just after a launch of `a` at `T`, by a logistic combiner of nine features (in this
/// order): the transition `log v_ab` with `v_ab = (k_ab + α r_b) / (n_a + α)` (α = 10; `r_b`, the
/// share of launches followed by a cold `b`), `log(h_b + 0.01)` with `h_b` b's cold launches per
/// day in the local hour of `T + 1 s` (linearly blended with the next hour), whether `b` was
/// launched less than tau, tau–3 h or 3–24 h ago, `log(1 + b's launches in the last 24 h)`,
/// `log(1 + launches of the last 30 min)`, `log(r_b + 10⁻⁴)` and a constant.
/// Candidates are the apps with a cold launch in the counted days, other than `a`.
/// O(apps) per launch.
struct _ReactiveScorer: Sendable {
    static let shrinkage = 10.0
    let statistics: ReactiveStatistics
    let tauSeconds: Double
    let index: [String: Int]
    /// `k_ab` per `a`, by `b`.
    private let rows: [[Int: Int]]
    /// `r_b`.
    let baseRate: [Double]
    /// Whether each app is a candidate (a cold launch in the counted days).
    let candidate: [Bool]

    init(_ statistics: ReactiveStatistics, tauSeconds: Double) {
        self.statistics = statistics
        self.tauSeconds = tauSeconds
        var index: [String: Int] = [:]
        for (i, app) in statistics.apps.enumerated() { index[app] = i }
        self.index = index
        let n = statistics.apps.count
        var rows = Array(repeating: [Int: Int](), count: n)
        var followed = Array(repeating: 0, count: n)
        for t in statistics.transitions where t.from < n && t.to < n && t.from >= 0 && t.to >= 0 {
            rows[t.from][t.to, default: 0] += t.count
            followed[t.to] += t.count
        }
        self.rows = rows
        let total = Double(max(1, statistics.launches.reduce(0, +)))
        baseRate = followed.map { Double($0) / total }
        candidate = statistics.hourlyColdLaunches.map { $0.contains { $0 > 0 } }
    }

    /// The features of candidate `b` after a launch of app index `a` (`-1`: unknown) at
    /// `instant`, whose `T + 1 s` falls at `localSeconds` (seconds into the local day).
    func features(b: Int, after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency,
                  into x: inout [Double]) {
        let alpha = Self.shrinkage
        let k = a >= 0 ? Double(rows[a][b] ?? 0) : 0
        let n = a >= 0 ? Double(statistics.launches[a]) : 0
        let v = min(1, max(1e-4, (k + alpha * baseRate[b]) / (n + alpha)))
        let hours = localSeconds / 3600
        let h0 = min(23, max(0, Int(hours.rounded(.down))))
        let phi = hours - Double(h0)
        let counts = statistics.hourlyColdLaunches[b]
        let days = Double(max(1, statistics.days))
        let h = ((1 - phi) * Double(counts[h0]) + phi * Double(counts[(h0 + 1) % 24])) / days
        let since = instant - recency.lastLaunch[b]
        x[0] = log(v)
        x[1] = log(h + 0.01)
        x[2] = since < tauSeconds ? 1 : 0
        x[3] = since >= tauSeconds && since < 10_800 ? 1 : 0
        x[4] = since >= 10_800 && since < 86_400 ? 1 : 0
        x[5] = log1p(Double(recency.dayCount[b]))
        x[6] = log1p(Double(recency.burst))
        x[7] = log(baseRate[b] + 1e-4)
        x[8] = 1
    }

    /// The best candidate after a launch of `a` at `instant` (largest score, ties by app name),
    /// or `nil` without coefficients or candidates.
    func best(after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency) -> (app: Int, score: Double)? {
        var best: (app: Int, score: Double)?
        _each(after: a, instant: instant, localSeconds: localSeconds, recency: recency) { b, p in
            if best.map({ p > $0.score }) ?? true { best = (b, p) }
        }
        return best
    }

    /// Every candidate's score, largest first (ties by app name).
    func all(after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency) -> [(app: Int, score: Double)] {
        var result: [(app: Int, score: Double)] = []
        _each(after: a, instant: instant, localSeconds: localSeconds, recency: recency) { result.append(($0, $1)) }
        return result.sorted { $0.score != $1.score ? $0.score > $1.score : $0.app < $1.app }
    }

    private func _each(after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency,
                       _ body: (Int, Double) -> Void) {
        let beta = statistics.coefficients
        guard beta.count == ReactiveStatistics.featureCount else { return }
        var x = Array(repeating: 0.0, count: ReactiveStatistics.featureCount)
        for b in candidate.indices where candidate[b] && b != a {
            features(b: b, after: a, instant: instant, localSeconds: localSeconds, recency: recency, into: &x)
            var eta = 0.0
            for j in x.indices { eta += beta[j] * x[j] }
            body(b, LogisticRegression.sigmoid(eta))
        }
    }
}
