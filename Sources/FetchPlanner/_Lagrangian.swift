import ReveilleCore
/// Lagrangian relaxation of the daily energy budgets.
///
/// Pricing day `d`'s energy at `λ_d` separates the problem by app; ``_AppDP`` solves each app
/// exactly. The day's planned energy is non-increasing in `λ_d`, so bisection finds the smallest
/// price whose plan fits (`λ⁺`, feasible) and a slightly smaller one (`λ⁻`, possibly over budget).
/// Both plans are completed: `λ⁻`'s is repaired by dropping the fetch that loses the least value per
/// energy unit until every cross-app constraint holds, then both are filled greedily with the energy
/// left; the better one is returned. Multi-day horizons price the days one after another
/// (two sweeps). Complexity O(iterations · apps · slots · (K + cap)), iterations ≤ 40 per day (about 14 at the 1e-4 precision); apps whose best single fetch is
/// worth less than the price are skipped in O(1).
enum _Lagrangian {
    static func planAndBound(_ problem: _Problem) -> (plan: _PlanState, bound: Double) {
        var search = _PriceSearch()
        return planAndBound(problem, search: &search)
    }

    /// The plan and an upper bound on the value of every feasible plan: the Lagrangian dual
    /// `Σ_a max_S [W_a(S) − Σ_d λ_d·cost_a(S, d)] + Σ_d λ_d·remaining_d` at the prices found
    /// (the smaller of `λ⁺`'s and `λ⁻`'s). Any `λ ≥ 0` gives a bound, since every feasible plan
    /// is feasible for each app's subproblem (which ``_AppDP`` solves exactly) and keeps the
    /// relaxed daily energy limits; the rate limit and data budget are relaxed too, which only
    /// loosens it. When the plan's value meets the bound, no other method can do better.
    /// `search` carries the per-app programmes and the trial prices' energies over to the next
    /// problem that differs from this one only in its budget (``_PriceSearch``).
    static func planAndBound(_ problem: _Problem, search: inout _PriceSearch) -> (plan: _PlanState, bound: Double) {
        let dps = search.programmes(problem)
        var lambda = [Double](repeating: 0, count: problem.days.count)
        var below = lambda
        let sweeps = problem.days.count == 1 ? 1 : 2
        for _ in 0..<sweeps {
            for d in 0..<problem.days.count {
                (lambda[d], below[d]) = _price(day: d, lambda: lambda, problem: problem, dps: dps, memo: &search.energies)
            }
        }
        var scratch = _DPScratch()
        let upperSlots = dps.map { $0.solve(lambda: lambda, scratch: &scratch) }
        let lowerSlots = dps.map { $0.solve(lambda: below, scratch: &scratch) }
        let upper = _complete(_state(problem, upperSlots))
        let lower = _complete(_state(problem, lowerSlots))
        let bound = min(_dualBound(problem, upperSlots, lambda: lambda), _dualBound(problem, lowerSlots, lambda: below))
        let plan = problem.objective(lower.fetches).value > problem.objective(upper.fetches).value ? lower : upper
        return (plan, bound)
    }

    /// The dual function at `lambda`, given each app's optimal slots at those prices.
    static func _dualBound(_ problem: _Problem, _ slots: [[Int]], lambda: [Double]) -> Double {
        var fetches: [_Fetch] = []
        var priced = 0.0
        for (a, list) in slots.enumerated() {
            for j in list {
                fetches.append(_Fetch(app: a, slot: j))
                priced += lambda[problem.slotDay[j]] * problem.apps[a].cost[j]
            }
        }
        var bound = problem.objective(fetches).value - priced
        for d in problem.days.indices { bound += lambda[d] * problem.dayRemaining(d) }
        return bound
    }

    /// Bisects day `d`'s price to a relative precision of 1e-4: returns `(λ⁺, λ⁻)`. Stops early
    /// when a price's plan uses the day's energy exactly (that plan is then optimal for the day).
    ///
    /// An app's energy on day `d` is non-increasing in `λ_d` (exchange argument: with `S₁`, `S₂`
    /// within `ε` of optimal at `λ₁ < λ₂`, `(λ₂ − λ₁)·(cost_d(S₁) − cost_d(S₂)) ≥ −2ε`, and
    /// energies are whole numbers). So an app whose energy is the same at both ends of the
    /// bracket has it at every price between, and is not solved again, while the bracket's half
    /// width exceeds the app's ``_AppDP/tieSpan``. Only when every fetch's energy is a whole
    /// number (sums of energies then exact in any order, so the day's total is the one solving
    /// every app gives); otherwise every app is solved at every price.
    /// `reusing: false` solves every app at every price (the reference the tests compare with).
    ///
    /// `memo` keeps each trial price's energies (total and per app) by day and prices: they do
    /// not depend on the budget, and the searches of one problem at several budgets start from
    /// the same bracket, so they try the same first prices. Per app the energy is that of solving
    /// the app at that price (see above), whichever search found it, so a price found in `memo`
    /// gives what computing it gives.
    static func _price(day d: Int, lambda: [Double], problem: _Problem, dps: [_AppDP], reusing: Bool = true,
                       memo: inout [_PriceKey: _PriceEnergy]) -> (Double, Double) {
        let limit = problem.dayRemaining(d)
        let reuses = reusing && problem.wholeEnergies
        // Per app, the energy on day `d` at the bracket's ends (at the start: price 0, and a price
        // above every app's best ratio, where no fetch on day `d` pays).
        var low: [Double] = [], high = [Double](repeating: 0, count: dps.count)
        let maxRatio = dps.map(\.bestRatio).max() ?? 0
        var lo = 0.0, hi = maxRatio + 1
        func cost(_ price: Double) -> (total: Double, perApp: [Double]) {
            var l = lambda
            l[d] = price
            let key = _PriceKey(day: d, lambda: l, reusing: reuses)
            if let known = memo[key] { return (known.total, known.perApp) }
            let energy = solved(l)
            memo[key] = _PriceEnergy(total: energy.total, perApp: energy.perApp)
            return energy
        }
        var scratch = _DPScratch()
        func solved(_ l: [Double]) -> (total: Double, perApp: [Double]) {
            var total = 0.0, perApp = [Double](repeating: 0, count: reuses ? dps.count : 0)
            for a in dps.indices {
                if reuses, low.count == dps.count, low[a] == high[a], (hi - lo) / 2 > dps[a].tieSpan {
                    perApp[a] = low[a]
                    total += low[a]
                    continue
                }
                var app = 0.0
                for j in dps[a].solve(lambda: l, scratch: &scratch) where problem.slotDay[j] == d {
                    if reuses { app += problem.apps[a].cost[j] } else { total += problem.apps[a].cost[j] }
                }
                if reuses {
                    perApp[a] = app
                    total += app
                }
            }
            return (total, perApp)
        }
        // On a one-day horizon with whole energies, every app with a fetch worth more than 1e-9
        // plans at least one fetch (at least one unit) at price 0: when they outnumber the
        // energy left, price 0 is over budget without solving it.
        var payingApps = 0
        for a in dps.indices where problem.apps[dps[a].app].excluded == nil && dps[a].bestRatio > 1e-9 { payingApps += 1 }
        if !(reuses && problem.days.count == 1 && Double(payingApps) > limit + 1e-9) {
            let zero = cost(0)
            if zero.total <= limit + 1e-9 { return (0, 0) }
            low = zero.perApp
        }
        for _ in 0..<40 where hi - lo > 1e-4 * hi {
            let mid = (lo + hi) / 2
            let (c, perApp) = cost(mid)
            if abs(c - limit) <= 1e-9 { return (mid, mid) }
            if c < limit { (hi, high) = (mid, perApp) } else { (lo, low) = (mid, perApp) }
        }
        return (hi, lo)
    }

    /// A plan state holding the per-app solutions (each already respects the per-app rules).
    static func _state(_ problem: _Problem, _ slots: [[Int]]) -> _PlanState {
        var state = _PlanState(problem)
        for (a, list) in slots.enumerated() { for j in list { state.add(a, j) } }
        return state
    }

    /// Repairs cross-app constraints, drops fetches worth less than the minimum value, then fills.
    /// The fetches taken out are those of ``_completeByScan(_:)``, found with a heap
    /// (``_Pruning``): O(n²) at worst for n fetches, where the scan is O(n³).
    static func _complete(_ start: _PlanState) -> _PlanState {
        var pruning = _Pruning(start)
        pruning.repairCrossApp()
        pruning.dropBelow(start.problem.request.rules.minimumValue)
        return _Greedy.fill(pruning.state)
    }

    /// The reference ``_complete(_:)`` agrees with (the tests compare them): while a cross-app
    /// constraint is broken, removes the fetch that loses the least value per energy unit; then,
    /// while the least valuable fetch is worth less than the minimum value, removes it; then
    /// fills. Each removal scans every fetch (``_leastEfficient(_:perCost:)``).
    static func _completeByScan(_ start: _PlanState) -> _PlanState {
        var state = start
        while !state.crossAppFeasible, let worst = _leastEfficient(state, perCost: true) {
            state.remove(worst.fetch.app, worst.fetch.slot)
        }
        let floor = state.problem.request.rules.minimumValue
        while let worst = _leastEfficient(state, perCost: false), worst.loss < floor {
            state.remove(worst.fetch.app, worst.fetch.slot)
        }
        return _Greedy.fill(state)
    }

    /// The fetch whose removal loses the least value (per energy unit when `perCost`): of equal
    /// keys the first by slot, then app; a NaN or infinite key is never picked.
    static func _leastEfficient(_ state: _PlanState, perCost: Bool) -> (fetch: _Fetch, loss: Double)? {
        var best: (fetch: _Fetch, loss: Double)?
        var bestKey = Double.infinity
        for f in state.fetches {
            let loss = state.marginalValue(f.app, f.slot, without: f.slot)
            let key = perCost ? loss / state.problem.apps[f.app].cost[f.slot] : loss
            if key < bestKey { bestKey = key; best = (f, loss) }
        }
        return best
    }
}
