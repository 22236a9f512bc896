import ReveilleCore
/// How ``FetchPlanner/plan(_:method:)`` chooses fetches.
public enum PlanningMethod: String, Sendable, Codable, CaseIterable {
    /// Greedy by marginal expected value per energy unit (the `(1 − 1/e)` floor for uniform costs).
    case greedy
    /// Lagrangian relaxation of the daily budgets with an exact per-app dynamic programme,
    /// completed greedily.
    case lagrangian
    /// Runs both and keeps the plan of higher value (ties: Lagrangian). On the benchmark inputs
    /// the Lagrangian plan is never worse and often better, and the result is at least as good as
    /// either. The greedy pass is skipped when the Lagrangian plan meets the Lagrangian dual bound
    /// (no plan can be better), which is most days.
    case best
}

/// Plans background fetches for one device under a daily energy budget.
///
/// The objective is the expected number of hits (``PlanningRequest`` explains the hit rule):
/// `Σ_a P(new data)_a · Σ_{i served} p_{a,i}` where a fetch at slot start `s_j` serves slots
/// `j ..< j + tau/Δ`. Constraints: per local day `Σ energy ≤ budget` (Low Power scaled, minus spent
/// fetches) and optional data bytes; per app the minimum interval, daily cap, earliest begin date,
/// force-quit and background-refresh settings; per device the hourly rate limit.
public enum FetchPlanner {
    /// Plans `request`'s fetches as a typed ``FetchPlan`` (``FetchSchedule/init(_:)`` makes the
    /// JSON document). With ``PlatformRules/dailyFloor`` on, the floor fetches of
    /// ``PlanningRequest/floorApps`` are reserved first (one per app and local day, by value) and
    /// `method` plans the rest of the budget around them.
    ///
    /// - Throws: ``PlanningError`` for invalid input (a budget that is not a whole number,
    ///   probabilities outside [0, 1] or of the wrong count, non-positive costs, unsorted offset
    ///   changes, `tau` not a multiple of the slot length…).
    /// - Complexity: greedy O(fetches · apps · slots); Lagrangian O(40 · days · apps · slots ·
    ///   (tau/Δ + cap)). One day of 288 slots for 100 apps takes a few milliseconds in release
    ///   (`reveille bench plan`).
    public static func plan(_ request: PlanningRequest, method: PlanningMethod = .best) throws -> FetchPlan {
        var session = Session()
        return try session.plan(request, method: method)
    }

    /// The plan's expected value (hits × P(new data)) and expected hits, for comparing methods.
    /// Spent fetches' coverage is excluded.
    public static func objective(_ request: PlanningRequest, method: PlanningMethod) throws -> (value: Double, expectedHits: Double) {
        let problem = try _Problem(request)
        let fetches = try _plan(problem, method).0
        let o = problem.objective(fetches)
        return (o.value, o.hits)
    }

    /// The daily floor's fetches (``PlatformRules/dailyFloor``), then the rest of the plan made
    /// with the floor fetches counted as spent (their budget, interval and coverage).
    static func _plan(_ problem: _Problem, _ method: PlanningMethod) throws -> ([_Fetch], PlanningMethod, floor: [_Fetch]) {
        var search = _PriceSearch()
        return try _plan(problem, method, search: &search)
    }

    /// ``_plan(_:_:)`` continuing `search`, the problem's price search so far (``_PriceSearch``),
    /// when there is no floor (the rest of a floored plan is another problem).
    static func _plan(_ problem: _Problem, _ method: PlanningMethod,
                      search: inout _PriceSearch) throws -> ([_Fetch], PlanningMethod, floor: [_Fetch]) {
        let floor = _Floor.reserve(problem)
        guard !floor.isEmpty else {
            let (state, name) = _choose(problem, method, search: &search)
            return (state.fetches, name, [])
        }
        var rest = problem.request
        rest.floorApps = []
        rest.spentFetches += floor.map {
            SpentFetch(app: problem.apps[$0.app].name, at: problem.instant($0.slot), energyCost: problem.apps[$0.app].cost[$0.slot])
        }
        let (state, name) = _choose(try _Problem(rest), method)
        return ((floor + state.fetches).sorted(), name, floor)
    }

    static func _choose(_ problem: _Problem, _ method: PlanningMethod) -> (_PlanState, PlanningMethod) {
        var search = _PriceSearch()
        return _choose(problem, method, search: &search)
    }

    static func _choose(_ problem: _Problem, _ method: PlanningMethod, search: inout _PriceSearch) -> (_PlanState, PlanningMethod) {
        switch method {
        case .greedy: return (_Greedy.plan(problem), .greedy)
        case .lagrangian: return (_Lagrangian.planAndBound(problem, search: &search).plan, .lagrangian)
        case .best:
            let (l, bound) = _Lagrangian.planAndBound(problem, search: &search)
            let lagrangian = problem.objective(l.fetches).value
            // The greedy plan can beat the Lagrangian one by more than 1e-12 only if the latter
            // leaves a gap to the dual bound (the 1e-13 margin covers rounding in the bound's sums).
            guard lagrangian < bound - 1e-13 else { return (l, .lagrangian) }
            let g = _Greedy.plan(problem)
            let better = problem.objective(g.fetches).value > lagrangian + 1e-12
            return better ? (g, .greedy) : (l, .lagrangian)
        }
    }
}
