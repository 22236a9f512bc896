import ReveilleCore
/// What the Lagrangian price search of one problem can hand to the next when the two differ
/// only in their budgets (``FetchPlanner/Session``): each app's programme (``_AppDP`` reads
/// weights, costs, allowed slots and caps, never the budget) and the energy each trial price
/// plans (``_Lagrangian/_price(day:lambda:problem:dps:reusing:memo:)``); when they differ in
/// their spent fetches too, the programmes of the apps whose share is kept
/// (``init(sharingProgrammesOf:for:)``).
struct _PriceSearch: Sendable {
    /// The programmes, built by the first search.
    private var dps: [_AppDP]?
    /// Energies planned at each trial price so far.
    var energies: [_PriceKey: _PriceEnergy] = [:]

    /// Programmes of another problem on the same slot grid, by app, for the apps whose share
    /// this search's problem keeps (``init(sharingProgrammesOf:for:)``).
    private var inherited: [_AppDP?] = []

    init() {}

    /// A search of `problem`, a problem built sharing the apps of `previous`'s
    /// (``_Problem/init(_:sharingAppsOf:)``): an app whose share is the very object `previous`'s
    /// programme was built on keeps that programme (it reads the app's share and the slot grid
    /// alone, both the same). The trial prices' energies are not kept: the budgets' spent
    /// fetches differ.
    init(sharingProgrammesOf previous: _PriceSearch, for problem: _Problem) {
        guard let kept = previous.dps, kept.count == problem.apps.count else { return }
        inherited = zip(kept, problem.apps).map { dp, app in dp.appProblem === app ? dp : nil }
    }

    /// The per-app programmes of `problem` (built on the first call, then kept).
    mutating func programmes(_ problem: _Problem) -> [_AppDP] {
        if let dps, dps.count == problem.apps.count { return dps }
        let dayStart = _AppDP.dayStarts(problem)
        let reuses = inherited.count == problem.apps.count
        let built = (0..<problem.apps.count).map { a in
            (reuses ? inherited[a] : nil) ?? _AppDP(problem: problem, app: a, dayStart: dayStart)
        }
        dps = built
        inherited = []
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
