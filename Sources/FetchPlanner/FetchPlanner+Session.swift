import ReveilleCore
extension FetchPlanner {
    /// Plans requests one after another, reusing what the previous request prepared when the
    /// next one differs from it only in its ``PlanningRequest/budget``: the validated problem
    /// (weights, costs, allowed slots, per-app programmes) and the energies the Lagrangian price
    /// search found at each trial price. When the next one differs in its budget and its
    /// ``PlanningRequest/spentFetches`` alone, the slot grid, and each app's share and programme
    /// whose spent fetches are the same, are reused. The evaluator plans each day (in mode
    /// `online` each hour) at several budgets from one forecast; every plan is the one
    /// ``FetchPlanner/plan(_:method:)`` returns for the request.
    ///
    /// Holds the last request and its problem (O(apps · slots) memory) until a different request
    /// replaces them.
    public struct Session: Sendable {
        private var last: (problem: _Problem, search: _PriceSearch)?
        /// Plans that reused the previous problem (for tests).
        private(set) var _reuses = 0
        /// Plans that shared apps' shares and programmes with the previous problem (for tests).
        private(set) var _shares = 0

        /// An empty session.
        public init() {}

        /// The plan ``FetchPlanner/plan(_:method:)`` makes of `request`; with `listsLeftOut` false
        /// its ``FetchPlan/leftOut`` is empty (it names why each app without a window got none: a
        /// scan of every slot of those apps, which a caller that only executes the windows skips).
        /// The windows are the same either way.
        /// - Throws: ``PlanningError`` for invalid input, as ``FetchPlanner/plan(_:method:)``.
        /// - Complexity: O(days) to reuse the previous problem when only the budget differs
        ///   (after an O(apps · slots) comparison that stops at the first difference, and is
        ///   O(apps) when the probability arrays are shared), else a full build; then planning.
        public mutating func plan(_ request: PlanningRequest, method: PlanningMethod = .best,
                                  listsLeftOut: Bool = true) throws -> FetchPlan {
            var entry: (problem: _Problem, search: _PriceSearch)
            if let last, _onlyBudgetAndSpentDiffer(request, last.problem.request) {
                // The rest of the request passed validation with the previous budget and spent fetches.
                try _Validation._budget(request.budget)
                if request.spentFetches == last.problem.request.spentFetches {
                    entry = (last.problem.budgeted(request.budget), last.search)
                    _reuses += 1
                } else {
                    try _Validation._spentFetches(request.spentFetches)
                    let problem = _Problem(request, sharingAppsOf: last.problem)
                    entry = (problem, _PriceSearch(sharingProgrammesOf: last.search, for: problem))
                    _shares += 1
                }
            } else {
                entry = (try _Problem(request), _PriceSearch())
            }
            self.last = nil
            let (fetches, chosen, floor) = try FetchPlanner._plan(entry.problem, method, search: &entry.search)
            self.last = entry
            return _ScheduleBuilder(problem: entry.problem, floor: Set(floor), listsLeftOut: listsLeftOut)
                .plan(fetches, method: chosen)
        }

        func _onlyBudgetAndSpentDiffer(_ request: PlanningRequest, _ previous: PlanningRequest) -> Bool {
            var same = request
            same.budget = previous.budget
            same.spentFetches = previous.spentFetches
            return same == previous
        }
    }
}
