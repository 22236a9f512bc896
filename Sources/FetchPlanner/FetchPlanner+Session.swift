import ReveilleCore
extension FetchPlanner {
    /// Plans requests one after another, reusing what an earlier request of the same forecast
    /// prepared. A request equal to an earlier one but for its ``PlanningRequest/budget`` reuses
    /// its validated problem (weights, costs, allowed slots, per-app programmes) and the energies
    /// the Lagrangian price search found at each trial price; one that also differs in its
    /// ``PlanningRequest/spentFetches`` reuses the parts of the apps whose spent fetches are the
    /// same. The evaluator plans each day at several budgets from one forecast (and, online,
    /// each hour's rest of the day at several budgets); every plan is the one
    /// ``FetchPlanner/plan(_:method:)`` returns for the request.
    ///
    /// Holds the problems of the last ``capacity`` forecasts (horizon starts) whose horizons end
    /// after the last request's start, O(apps · slots) memory each.
    public struct Session: Sendable {
        /// Forecasts (requests apart from budget and spent fetches) remembered: a day of hourly
        /// re-plans and one more.
        public static let capacity = 25
        private var entries: [(problem: _Problem, search: _PriceSearch)] = []
        /// Plans that reused a problem with every app, and with some apps (for tests).
        private(set) var _reuses = (whole: 0, partial: 0)

        /// An empty session.
        public init() {}

        /// The plan ``FetchPlanner/plan(_:method:)`` makes of `request`.
        /// - Throws: ``PlanningError`` for invalid input, as ``FetchPlanner/plan(_:method:)``.
        /// - Complexity: O(days + spent fetches · apps) to reuse an earlier problem when only the
        ///   budget differs (after comparing the requests, which stops at the first difference and
        ///   is O(apps) when the probability arrays are shared), plus O(slots) per app whose spent
        ///   fetches differ; else a full build. Then planning.
        public mutating func plan(_ request: PlanningRequest, method: PlanningMethod = .best) throws -> FetchPlan {
            var entry: (problem: _Problem, search: _PriceSearch)
            if let i = entries.lastIndex(where: { Self._sameForecast(request, $0.problem.request) }) {
                let earlier = entries.remove(at: i)
                if request.spentFetches == earlier.problem.request.spentFetches {
                    // The rest of the request passed validation with the earlier budget.
                    try _Validation._budget(request.budget)
                    entry = (earlier.problem.budgeted(request.budget), earlier.search)
                    _reuses.whole += 1
                } else {
                    let problem = try _Problem(request, sharing: earlier.problem)
                    entry = (problem, _PriceSearch(carrying: earlier.search, to: problem))
                    _reuses.partial += 1
                }
            } else {
                entry = (try _Problem(request), _PriceSearch())
            }
            let (fetches, chosen, floor) = try FetchPlanner._plan(entry.problem, method, search: &entry.search)
            // Problems whose horizon has passed are not asked for again by the evaluator.
            entries.removeAll { $0.problem.request.horizonEnd <= request.horizonStart }
            entries.append(entry)
            if entries.count > Self.capacity { entries.removeFirst() }
            return _ScheduleBuilder(problem: entry.problem, floor: Set(floor)).plan(fetches, method: chosen)
        }

        /// Whether `request` equals `earlier` but for its budget and spent fetches.
        static func _sameForecast(_ request: PlanningRequest, _ earlier: PlanningRequest) -> Bool {
            guard request.horizonStart == earlier.horizonStart, request.slotCount == earlier.slotCount else { return false }
            var same = request
            same.budget = earlier.budget
            same.spentFetches = earlier.spentFetches
            return same == earlier
        }
    }
}
