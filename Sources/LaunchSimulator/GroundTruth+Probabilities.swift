import LaunchHistory
import ReveilleCore

extension GroundTruth {
    /// The true probability that each app of `device` has at least one **cold** launch (no launch
    /// of the same app in the previous `tauSeconds`, as in the `reveille-v1` protocol) in each of
    /// `slots` consecutive slots of `slotSeconds` starting at the instant `start`, given the
    /// device's launches before `start` in `history` (events of other devices or at/after `start`
    /// are ignored). Keys: every app of the device (apps not yet installed get zeros); unknown
    /// device or non-positive sizes: `[:]`.
    ///
    /// Model: app `a` starts launch clusters with conditional intensity `λ(u) = μ̄(u) + h(u)`,
    /// where `μ̄` is the baseline plus the companion in-flow `Σ_b μ_b (1 − G_b(1 − p_ba))` (a burst
    /// of `b` triggers at least one companion launch of `a` with probability `1 − G_b(1 − p_ba)`,
    /// `G_b` the probability generating function of `b`'s cluster size) and `h(u) = Σ_{e < start}
    /// (α/β⁻¹) e^{−(u − e)β}` the excitation left by the history's launches. The density of a
    /// cold launch at `t` is
    ///
    ///     c(t) = λ(t) · 1[no history launch in (t − τ, start)] · exp(−∫_{max(start, t−τ)}^{t} λ − L(t))
    ///
    /// with `L(t) = μ̄(t − τ) · α β⁻¹ / (1 − α)` when `t − τ > start` (the expected number of burst
    /// launches reaching into the window from clusters begun before it) and 0 otherwise. This is
    /// exact for non-bursty apps and for the first launch after `start`; for bursty apps later in
    /// the horizon it treats a cold launch as a cluster start (children follow within τ with
    /// probability `1 − e^{−τβ}` > 0.99 for the simulated decays). Companion launches triggered by
    /// history launches in the last minute before `start` are ignored.
    /// When `slotSeconds ≤ τ` at most one cold launch fits in a slot, so `P = ∫_slot c` (capped at 1);
    /// longer slots use `1 − exp(−∫_slot c)`. Integrals use exact cell averages of `μ̄` and the
    /// midpoint rule for the rest, on a grid of `τ / ⌈τ / 60 s⌉` (one minute for τ = 60 min). Launches exist only inside the simulated period;
    /// outside it the probabilities are 0. Complexity: O(apps × (horizon / step + history)).
    public func slotProbabilities(device: String, from start: Double, slots: Int, slotSeconds: Double,
                                  history: ArraySlice<LaunchEvent>, tauSeconds: Double) -> [String: [Double]] {
        guard let truth = self.device(device), slots > 0, slotSeconds > 0, tauSeconds > 0,
              start.isFinite, slotSeconds.isFinite, tauSeconds.isFinite else { return [:] }
        return truth._slotProbabilities(from: start, slots: slots, slotSeconds: slotSeconds,
                                        history: history, tauSeconds: tauSeconds)
    }

    /// ``slotProbabilities(device:from:slots:slotSeconds:history:tauSeconds:)`` for the 24 local
    /// hours of a day: slot `h` is `[dayStart + h × 3600, dayStart + (h + 1) × 3600)`, the
    /// protocol's "hour h" (on a DST day the clock hours and these slots differ by the shift).
    public func hourlyProbabilities(device: String, dayStart: Double, history: ArraySlice<LaunchEvent>,
                                    tauSeconds: Double = 3600) -> [String: [Double]] {
        slotProbabilities(device: device, from: dayStart, slots: 24, slotSeconds: 3600,
                          history: history, tauSeconds: tauSeconds)
    }
}

extension DeviceTruth {
    func _slotProbabilities(from start: Double, slots: Int, slotSeconds: Double,
                            history: ArraySlice<LaunchEvent>, tauSeconds: Double) -> [String: [Double]] {
        let perWindow = max(1, Int((tauSeconds / 60).rounded(.up)))
        let step = tauSeconds / Double(perWindow)
        let horizon = Double(slots) * slotSeconds
        let steps = min(10_000_000, Int((horizon / step).rounded(.up)))
        let inflow = _meanRates(from: start, step: step, steps: steps)
        let past = _historySummary(history, before: start, tauSeconds: tauSeconds)
        var result: [String: [Double]] = [:]
        for (index, app) in apps.enumerated() {
            let expected = _coldExpectation(app, mean: inflow[index], history: past[app.app], start: start,
                                            step: step, perWindow: perWindow, slots: slots, slotSeconds: slotSeconds)
            result[app.app] = expected.map { slotSeconds <= tauSeconds ? min(1, $0) : 1 - _exp(-$0) }
        }
        return result
    }

    /// `μ̄` of every app averaged over each grid cell `[start + k step, start + (k + 1) step)`
    /// (exact cell averages of the piecewise-constant baseline), zero outside the period.
    func _meanRates(from start: Double, step: Double, steps: Int) -> [[Double]] {
        let lower = max(start, startInstant), upper = min(start + Double(steps) * step, endInstant)
        let base = apps.map { app in
            var cells = [Double](repeating: 0, count: steps)
            guard lower < upper else { return cells }
            _forEachBaselinePiece(app, from: lower, to: upper) { s, e, rate in
                guard rate > 0 else { return }
                var cell = max(0, Int((s - start) / step))
                while cell < steps {
                    let cellStart = start + Double(cell) * step
                    let overlap = min(e, cellStart + step) - max(s, cellStart)
                    if overlap > 0 { cells[cell] += rate * overlap / step }
                    if cellStart + step >= e { break }
                    cell += 1
                }
            }
            return cells
        }
        var mean = base
        for (source, app) in apps.enumerated() {
            for (name, p) in app._sortedCompanions {
                guard let target = apps.firstIndex(where: { $0.app == name }) else { continue }
                let q = 1 - Self._clusterGeneratingFunction(1 - p, branchingRatio: app.burstBranchingRatio)
                for k in 0..<steps { mean[target][k] += q * base[source][k] }
            }
        }
        return mean
    }

    /// `E[s^S]` for the size `S` of a burst cluster (a Galton–Watson tree with Poisson(α)
    /// offspring): the fixed point of `G = s · exp(α (G − 1))`. A cluster of the source app
    /// triggers at least one companion launch of the target with probability `1 − G(1 − p)`.
    static func _clusterGeneratingFunction(_ s: Double, branchingRatio: Double) -> Double {
        let alpha = min(0.95, max(0, branchingRatio))
        var g = s
        for _ in 0..<200 { g = s * _exp(alpha * (g - 1)) }
        return g
    }

    /// Per app: its launch instants in the `max(2 days, τ)` before `start` (older ones neither
    /// excite measurably nor fall in a cold-launch window).
    func _historySummary(_ history: ArraySlice<LaunchEvent>, before start: Double, tauSeconds: Double) -> [String: [Double]] {
        var byApp: [String: [Double]] = [:]
        let horizon = start - max(172_800, tauSeconds)
        for e in history where e.device == device && e.instant < start && e.instant > horizon {
            byApp[e.app, default: []].append(e.instant)
        }
        return byApp
    }

    /// Expected cold launches of `app` per slot (see `GroundTruth.slotProbabilities`).
    func _coldExpectation(_ app: AppParameters, mean: [Double], history: [Double]?, start: Double, step: Double,
                          perWindow: Int, slots: Int, slotSeconds: Double) -> [Double] {
        let alpha = min(0.95, max(0, app.burstBranchingRatio))
        let decay = max(1, app.burstDecaySeconds)
        let lastLaunch = history?.max() ?? -Double.infinity
        let excitation0 = (history ?? []).reduce(0.0) { $0 + alpha / decay * _exp(-(start - $1) / decay) }
        let leakPerRate = alpha * decay / (1 - alpha)
        let tau = step * Double(perWindow)
        var expected = [Double](repeating: 0, count: slots)
        var midCumulative = [Double](repeating: 0, count: mean.count)
        var cumulative = 0.0
        for k in 0..<mean.count {
            let u = start + (Double(k) + 0.5) * step
            let lambda = mean[k] + excitation0 * _exp(-(u - start) / decay)
            midCumulative[k] = cumulative + lambda * step / 2
            cumulative += lambda * step
            guard lambda > 0, u - tau >= lastLaunch else { continue }
            let window = k >= perWindow ? midCumulative[k] - midCumulative[k - perWindow] : midCumulative[k]
            let leak = k >= perWindow ? mean[k - perWindow] * leakPerRate : 0
            let slot = Int((u - start) / slotSeconds)
            if slot < slots { expected[slot] += lambda * _exp(-(window + leak)) * step }
        }
        return expected
    }
}
