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
        // Each app's cold launches in time order (the order grouping kept), without hashing.
        var byApp = Array(repeating: [_ColdLaunch](), count: max(0, appCount))
        for launch in cold where byApp.indices.contains(launch.app) { byApp[launch.app].append(launch) }
        var scores = Array(repeating: [Double](repeating: 0, count: kernels.count), count: appCount)
        var qualifies = [Bool](repeating: false, count: appCount)
        for a in 0..<appCount {
            let days = _Days(timeOrdered: byApp[a])
            guard days.ranges.count >= 3 else { continue }
            qualifies[a] = true
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
    /// what every bandwidth's score reads, made once per app rather than once per bandwidth. The
    /// launches lie in one array, each day a range of it (no array per day).
    struct _Days {
        /// The launches, day after day (each day's in their order).
        let flat: [_ColdLaunch]
        /// Each day's range of ``flat``, in day order.
        let ranges: [Range<Int>]
        let weights: [Double]
        let total: Double

        /// Each day's launches, in day order.
        var launches: [ArraySlice<_ColdLaunch>] { ranges.map { flat[$0] } }

        /// An app's cold launches in time order: their days ascend (split into runs, no
        /// dictionary) except after a flight west across the date line, which goes through
        /// ``init(_:)`` — the same days, launches and sums either way.
        init(timeOrdered launches: [_ColdLaunch]) {
            guard zip(launches, launches.dropFirst()).allSatisfy({ $0.day <= $1.day }) else {
                self.init(Dictionary(grouping: launches, by: \.day))
                return
            }
            var ranges: [Range<Int>] = [], start = 0
            for k in launches.indices.dropFirst() where launches[k].day != launches[k - 1].day {
                ranges.append(start..<k)
                start = k
            }
            if !launches.isEmpty { ranges.append(start..<launches.count) }
            self.init(flat: launches, ranges: ranges)
        }

        /// The total is summed in day order: a dictionary's order changes with the process's hash
        /// seed, and so would the total's last bits.
        init(_ byDay: [Int: [_ColdLaunch]]) {
            var flat: [_ColdLaunch] = [], ranges: [Range<Int>] = []
            for day in byDay.keys.sorted() {
                let launches = byDay[day] ?? []
                ranges.append(flat.count..<(flat.count + launches.count))
                flat += launches
            }
            self.init(flat: flat, ranges: ranges)
        }

        /// Each day's weight summed in its launches' order, the total over the days in day order.
        private init(flat: [_ColdLaunch], ranges: [Range<Int>]) {
            self.flat = flat
            self.ranges = ranges
            weights = ranges.map { flat[$0].reduce(0) { $0 + $1.weight } }
            total = weights.reduce(0, +)
        }
    }

    static func _score(_ days: _Days, app: Int, smoothed: Matrix, kernel: [Double]) -> Double {
        let n = kernel.count
        let epsilon = 1e-3
        let total = days.total, flat = days.flat
        var score = 0.0
        for (range, dayWeight) in zip(days.ranges, days.weights) {
            let rest = total - dayWeight
            guard rest > 1e-12 * total else { continue }
            for i in range {
                let slot = flat[i].daySlot
                var own = 0.0
                for j in range { own += flat[j].weight * kernel[(slot - flat[j].daySlot + n) % n] }
                let f = max(0, smoothed[slot, app] - own) / rest
                score += flat[i].weight * log((1 - epsilon) * f + epsilon / Double(n))
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
