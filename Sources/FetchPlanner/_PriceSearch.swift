import ReveilleCore
/// What the Lagrangian price search of one problem can hand to the next when the two differ
/// only in their budgets (``FetchPlanner/Session``): each app's programme (``_AppDP`` reads
/// weights, costs, allowed slots and caps, never the budget) and the energy each trial price
/// plans (``_Lagrangian/_price(day:lambda:problem:dps:reusing:memo:)``).
struct _PriceSearch: Sendable {
    /// The programmes, built by the first search (`nil`: not built yet).
    private var dps: [_AppDP?] = []
    /// Energies planned at each trial price so far.
    var energies: [_PriceKey: _PriceEnergy] = [:]

    init() {}

    /// A search for `problem`, built with ``_Problem/init(_:sharing:)`` from the problem of
    /// `previous`: the programmes of apps whose spent fetches are the same are kept (a
    /// programme reads only its own app's part and the slot grid, the same in both); the
    /// energies are not (the other apps' may differ).
    init(carrying previous: _PriceSearch, to problem: _Problem) {
        dps = problem.apps.indices.map { a in
            guard a < previous.dps.count, let dp = previous.dps[a],
                  dp.problem.apps[a].spentInstants == problem.apps[a].spentInstants else { return nil }
            return dp
        }
    }

    /// The per-app programmes of `problem` (built on the first call, then kept).
    mutating func programmes(_ problem: _Problem) -> [_AppDP] {
        if dps.count != problem.apps.count { dps = Array(repeating: nil, count: problem.apps.count) }
        var built: [_AppDP] = []
        built.reserveCapacity(dps.count)
        for a in dps.indices {
            let dp = dps[a] ?? _AppDP(problem: problem, app: a)
            dps[a] = dp
            built.append(dp)
        }
        return built
    }
}

/// A trial price of the search: the day priced, every day's price, and whether per-app
/// energies were kept (whole energies).
struct _PriceKey: Hashable, Sendable {
    let day: Int
    let lambda: [Double]
    let reusing: Bool
}

/// The energy a trial price plans on the priced day: in total and per app (per app only when
/// the search reuses apps' energies).
struct _PriceEnergy: Sendable {
    let total: Double
    let perApp: [Double]
}
