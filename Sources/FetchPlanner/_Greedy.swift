import ReveilleCore
/// Greedy by marginal value per energy unit.
///
/// Expected coverage `F(S) = Σ_a Σ_{i ∈ ∪_{j ∈ S_a} [j, j+K)} w_{a,i}` is monotone submodular, so with
/// uniform costs and only the daily budget binding, greedy reaches at least `(1 − 1/e) ≈ 0.632` of
/// the optimum (Nemhauser, Wolsey & Fisher 1978). With unequal costs, cost-benefit greedy alone can
/// be arbitrarily bad; the better of it and the best single fetch (each completed greedily) reaches
/// at least `(1 − 1/e) / 2 ≈ 0.316` (Khuller, Moss & Naor 1999; Leskovec et al. 2007). The minimum
/// interval, caps and rate limit are enforced as feasibility filters (they void the formal bound).
///
/// Complexity: O(picks · apps · slots) with per-app gains recomputed only for the app that changed
/// (O(slots · fetches of that app)).
enum _Greedy {
    static func plan(_ problem: _Problem) -> _PlanState {
        let plain = fill(_PlanState(problem))
        guard _unequalCosts(problem), let single = _bestSingle(problem) else { return plain }
        var seeded = _PlanState(problem)
        seeded.add(single.app, single.slot)
        let other = fill(seeded)
        return problem.objective(other.fetches).value > problem.objective(plain.fetches).value ? other : plain
    }

    /// Adds fetches by best marginal value per energy unit until none is feasible and worth
    /// ``PlatformRules/minimumValue``. Ties (within a relative 1e-12) go to the earlier app in the request, then to the later slot
    /// (closest before the expected use).
    static func fill(_ start: _PlanState) -> _PlanState {
        var state = start
        let problem = state.problem
        let floor = max(problem.request.rules.minimumValue, 1e-12)
        // When no fetch fits any day's energy, every candidate breaks a rule: nothing to add
        // (the usual end of the Lagrangian's completion, which has spent the budget).
        guard !_noEnergyLeft(state) else { return state }
        var gains = (0..<problem.apps.count).map { _gains(state, $0) }
        while true {
            guard !_noEnergyLeft(state) else { return state }
            var best: _Fetch?
            var bestRatio = 0.0
            for a in 0..<problem.apps.count where problem.apps[a].excluded == nil {
                let cost = problem.apps[a].cost
                for j in 0..<problem.slotCount where gains[a][j] >= floor {
                    let ratio = gains[a][j] / cost[j]
                    let better = best?.app == a ? _atLeast(ratio, bestRatio) : ratio > bestRatio * (1 + 1e-12)
                    guard better, state.violation(adding: a, j) == nil else { continue }
                    bestRatio = ratio
                    best = _Fetch(app: a, slot: j)
                }
            }
            guard let pick = best else { return state }
            state.add(pick.app, pick.slot)
            gains[pick.app] = _gains(state, pick.app)
        }
    }

    /// Whether even the cheapest fetch of each day would exceed that day's energy, so that
    /// ``_PlanState/violation(adding:_:)`` is not `nil` for any fetch (`false` when unsure).
    static func _noEnergyLeft(_ state: _PlanState) -> Bool {
        let problem = state.problem
        for d in problem.days.indices where !(state.dayCost[d] + problem.cheapestFetch[d] > problem.dayRemaining(d) + 1e-9) {
            return false
        }
        return true
    }

    /// Marginal value of a fetch of `a` at every slot (0 where not allowed).
    static func _gains(_ state: _PlanState, _ a: Int) -> [Double] {
        let app = state.problem.apps[a]
        return (0..<state.problem.slotCount).map { j in app.allowed(j) ? state.marginalValue(a, j) : 0 }
    }

    static func _unequalCosts(_ problem: _Problem) -> Bool {
        guard let first = problem.apps.first?.cost.first else { return false }
        return problem.apps.contains { $0.cost.contains { $0 != first } }
    }

    /// The feasible single fetch of greatest value.
    static func _bestSingle(_ problem: _Problem) -> _Fetch? {
        let empty = _PlanState(problem)
        var best: _Fetch?
        var bestValue = max(problem.request.rules.minimumValue, 1e-12)
        for a in 0..<problem.apps.count {
            for j in 0..<problem.slotCount {
                let v = empty.marginalValue(a, j)
                guard v > bestValue, empty.violation(adding: a, j) == nil else { continue }
                bestValue = v
                best = _Fetch(app: a, slot: j)
            }
        }
        return best
    }
}
