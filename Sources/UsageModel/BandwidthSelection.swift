import Foundation
import LinearAlgebra

/// Per-app kernel bandwidth by leave-one-day-out (LODO) likelihood over a small grid.
///
/// For app `a`, bandwidth `g` and each cold launch `i` on day `d`, the LODO density at its slot is
/// `f₋d(sᵢ) = (S_g[sᵢ, a] − Σ_{j on day d} w_j·k_g[sᵢ − s_j]) / (W_a − W_{a,d})`, mixed with a
/// uniform floor `ε = 10⁻³`; the score is `Σᵢ wᵢ·log((1 − ε)·f₋d(sᵢ) + ε/n)`. Apps with launches on
/// fewer than 3 days take the device's pooled choice (the argmax of the summed scores of the other
/// apps; the grid value nearest 60 minutes when no app qualifies).
enum _BandwidthSelection {
    struct Choice: Sendable {
        var perApp: [Int]
        var device: Int
        var qualifyingApps: Int
    }

    static func select(
        cold: [_ColdLaunch], appCount: Int, smoothed: [Matrix], kernels: [[Double]], gridMinutes: [Double]
    ) -> Choice {
        let byApp = Dictionary(grouping: cold, by: \.app)
        var scores = Array(repeating: [Double](repeating: 0, count: kernels.count), count: appCount)
        var qualifies = [Bool](repeating: false, count: appCount)
        for a in 0..<appCount {
            guard let launches = byApp[a] else { continue }
            let byDay = Dictionary(grouping: launches, by: \.day)
            guard byDay.count >= 3 else { continue }
            qualifies[a] = true
            let days = _Days(byDay)
            for g in kernels.indices {
                scores[a][g] = _score(days, app: a, smoothed: smoothed[g], kernel: kernels[g])
            }
        }
        let fallback = gridMinutes.indices.min { abs(gridMinutes[$0] - 60) < abs(gridMinutes[$1] - 60) } ?? 0
        var pooled = [Double](repeating: 0, count: kernels.count)
        for a in 0..<appCount where qualifies[a] {
            for g in kernels.indices { pooled[g] += scores[a][g] }
        }
        let qualifying = qualifies.filter { $0 }.count
        let device = qualifying > 0 ? _argmax(pooled) : fallback
        let perApp = (0..<appCount).map { qualifies[$0] ? _argmax(scores[$0]) : device }
        return Choice(perApp: perApp, device: device, qualifyingApps: qualifying)
    }

    /// One app's cold launches by local day, in day order, with each day's weight and the total:
    /// what every bandwidth's score reads, made once per app rather than once per bandwidth.
    struct _Days {
        let launches: [[_ColdLaunch]]
        let weights: [Double]
        let total: Double

        /// The total is summed in day order: a dictionary's order changes with the process's hash
        /// seed, and so would the total's last bits.
        init(_ byDay: [Int: [_ColdLaunch]]) {
            launches = byDay.keys.sorted().map { byDay[$0] ?? [] }
            weights = launches.map { $0.reduce(0) { $0 + $1.weight } }
            total = launches.reduce(0) { $0 + $1.reduce(0) { $0 + $1.weight } }
        }
    }

    static func _score(_ days: _Days, app: Int, smoothed: Matrix, kernel: [Double]) -> Double {
        let n = kernel.count
        let epsilon = 1e-3
        let total = days.total
        var score = 0.0
        for (same, dayWeight) in zip(days.launches, days.weights) {
            let rest = total - dayWeight
            guard rest > 1e-12 * total else { continue }
            for i in same {
                var own = 0.0
                for j in same { own += j.weight * kernel[(i.daySlot - j.daySlot + n) % n] }
                let f = max(0, smoothed[i.daySlot, app] - own) / rest
                score += i.weight * log((1 - epsilon) * f + epsilon / Double(n))
            }
        }
        return score
    }

    /// Index of the largest value; the first on ties.
    static func _argmax(_ v: [Double]) -> Int {
        var best = 0
        for i in v.indices where v[i] > v[best] { best = i }
        return best
    }
}
