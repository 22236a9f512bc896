import ReveilleCore
/// The daily floor (``PlatformRules/dailyFloor``): one fetch per local day for each floor app
/// (its window's reason starts with "daily floor; "),
/// reserved before the rest of the plan.
///
/// Day by day, each floor app's best feasible single fetch of that day is valued on the empty
/// plan; apps are then served in order of that value (highest first, ties in request order), each
/// at its best slot still feasible given the floor fetches already placed. An app with a spent
/// fetch that day already has its floor. Complexity O(days · floor apps² · slots).
enum _Floor {
    static func reserve(_ problem: _Problem) -> [_Fetch] {
        let r = problem.request
        guard r.rules.dailyFloor, !r.floorApps.isEmpty else { return [] }
        let wanted = Set(r.floorApps)
        let members = problem.apps.indices.filter { wanted.contains(problem.apps[$0].name) && problem.apps[$0].excluded == nil }
        var state = _PlanState(problem)
        for d in problem.days.indices {
            let slots = (0..<problem.slotCount).filter { problem.slotDay[$0] == d }
            let open = members.filter { a in
                !r.spentFetches.contains { $0.app == problem.apps[a].name && problem.timeline.localDay($0.at) == problem.days[d] }
            }
            let ranked = open.compactMap { a in _best(state, a, slots).map { (app: a, gain: $0.gain) } }
                .sorted { $0.gain != $1.gain ? $0.gain > $1.gain : $0.app < $1.app }
            for entry in ranked {
                if let pick = _best(state, entry.app, slots) { state.add(entry.app, pick.slot) }
            }
        }
        return state.fetches
    }

    /// App `a`'s feasible slot of greatest marginal value among `slots` (ties: the later slot).
    static func _best(_ state: _PlanState, _ a: Int, _ slots: [Int]) -> (slot: Int, gain: Double)? {
        var best: (slot: Int, gain: Double)?
        for j in slots where state.violation(adding: a, j) == nil {
            let g = state.marginalValue(a, j)
            if let b = best, !_atLeast(g, b.gain) { continue }
            best = (j, g)
        }
        return best
    }
}
