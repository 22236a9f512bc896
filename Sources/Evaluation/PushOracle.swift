/// The exact push `oracle` of one day for one app: knowing the day's cold launches, at most `k`
/// pushes spaced at least `S` apart, none before `notBefore`, covering the most launches.
///
/// A push at `f` covers a cold launch at `t` iff `t − tau ≤ f < t`. As in ``OracleCover``, a push
/// is placed one second before a launch (`t − 1 s`), so with whole-second launch times the cover
/// is exact. Canonical form: moving every push as late as it can go (right to left) never loses a
/// launch, so each push of some optimal plan sits at `t_i − 1 − m·S` for a launch `t_i` and
/// `0 ≤ m < k` (a push pinned by the spacing of the next one). A dynamic programme over these
/// `n·k` candidates, `G[c][j] = max_{j'} G[c−1][j'] + |(max(c_j, c_{j'} + tau), c_j + tau]|` over
/// candidates `c_{j'} ≤ c_j − S` (intervals have equal length, so only the latest earlier push
/// overlaps), finds the best cover; among optimal plans it takes the fewest pushes.
public enum PushOracle {
    /// Push instants (ascending) of an optimal cover of the sorted launch `times`.
    /// - Parameters:
    ///   - times: the day's cold-launch instants of the app, ascending (Unix s).
    ///   - tauSeconds: freshness window, > 0.
    ///   - maxPushes: at most this many pushes (≤ 0 gives none).
    ///   - spacingSeconds: at least this many seconds between pushes (≥ 0).
    ///   - notBefore: earliest allowed push instant (`start(d)`, or the previous push + `S`).
    /// - Complexity: O((n·k)² · k) time, O(n·k²) memory; tiny for one app's day.
    public static func pushInstants(times: [Double], tauSeconds: Double, maxPushes: Int,
                                    spacingSeconds: Double, notBefore: Double) -> [Double] {
        let k = maxPushes, s = max(0, spacingSeconds)
        guard k > 0, !times.isEmpty else { return [] }
        var candidates = Set<Double>()
        for t in times {
            for m in 0..<k where t - 1 - Double(m) * s >= notBefore { candidates.insert(t - 1 - Double(m) * s) }
        }
        let c = candidates.sorted()
        guard !c.isEmpty else { return [] }
        let lo = c.map { f in _firstIndex(times) { $0 > f } }
        let hi = c.map { f in _firstIndex(times) { $0 > f + tauSeconds } }
        let m = c.count
        // g[r][j]: best cover with r+1 pushes, the last at candidate j; from[r][j]: previous candidate.
        var g = Array(repeating: Array(repeating: -1, count: m), count: k)
        var from = Array(repeating: Array(repeating: -1, count: m), count: k)
        for j in 0..<m { g[0][j] = hi[j] - lo[j] }
        for r in stride(from: 1, to: k, by: 1) {
            for j in 0..<m {
                for jp in 0..<j where g[r - 1][jp] >= 0 && c[j] - c[jp] >= s {
                    let value = g[r - 1][jp] + hi[j] - max(lo[j], hi[jp])
                    if value > g[r][j] { g[r][j] = value; from[r][j] = jp }
                }
            }
        }
        var best = (value: 0, r: -1, j: -1)
        for r in 0..<k {
            for j in 0..<m where g[r][j] > best.value { best = (g[r][j], r, j) }
        }
        var result: [Double] = []
        var (r, j) = (best.r, best.j)
        while r >= 0, j >= 0 {
            result.append(c[j])
            j = from[r][j]
            r -= 1
        }
        return result.reversed()
    }

    /// How many of the sorted launch `times` some push covers (`t − tau ≤ f < t`).
    /// O(n · pushes).
    public static func covered(times: [Double], pushes: [Double], tauSeconds: Double) -> Int {
        times.filter { t in pushes.contains { t - tauSeconds <= $0 && $0 < t } }.count
    }

    /// First index whose element satisfies the monotone predicate (binary search).
    static func _firstIndex(_ values: [Double], where predicate: (Double) -> Bool) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(values[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
