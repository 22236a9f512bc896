import ReveilleCore
/// What the Lagrangian price search of one problem can hand to the next when the two differ
/// only in their budgets (``FetchPlanner/Session``): each app's programme (``_AppDP`` reads
/// weights, costs, allowed slots and caps, never the budget) and the energy each trial price
/// plans (``_Lagrangian/_price(day:lambda:problem:dps:reusing:memo:)``).
struct _PriceSearch: Sendable {
    /// The programmes, built by the first search.
    private var dps: [_AppDP]?
    /// Energies planned at each trial price so far.
    var energies: [_PriceKey: _PriceEnergy] = [:]

    init() {}

    /// The per-app programmes of `problem` (built on the first call, then kept).
    mutating func programmes(_ problem: _Problem) -> [_AppDP] {
        if let dps, dps.count == problem.apps.count { return dps }
        let dayStart = _AppDP.dayStarts(problem)
        let built = (0..<problem.apps.count).map { _AppDP(problem: problem, app: $0, dayStart: dayStart) }
        dps = built
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
