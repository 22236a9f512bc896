/// The removals of the Lagrangian plan's completion (``_Lagrangian/_complete(_:)``): one fetch at
/// a time, the one whose removal loses the least value (per energy unit while a cross-app
/// constraint is broken), ties to the earlier slot, then the earlier app — the fetch
/// ``_Lagrangian/_leastEfficient(_:perCost:)`` finds by scanning every fetch, found here in a heap.
///
/// A fetch's loss depends only on its app's fetches less than `K` slots away, so a removal
/// changes the losses of those alone: they are recomputed and pushed again, and an entry whose
/// fetch has been recomputed or removed since is skipped when it comes out (lazy deletion). The
/// cross-app constraints are kept as counts (days over their energy or data limit, instants
/// that start a crowded hour), updated around each removal.
///
/// Complexity per removal: O(log h) for the heap of h entries, O((K/M) · (log n + K/M)) for the
/// neighbours' losses (`M`: the minimum interval in slots), O(min(rate limit, n)) for the crowded
/// hours, and ``_PlanState/remove(_:_:)``'s own O(n) shift of its instants (n fetches, `n_a` of
/// app `a`). So taking out r of n fetches is O(n log n + r · n) at worst, the r · n a memory
/// move, where the scan was O(r · (Σ_a n_a² + n log n)): every fetch's loss, each over every
/// fetch of its app, and the fetches sorted, at every removal.
struct _Pruning {
    private(set) var state: _PlanState
    /// Each app's fetches at the start, ascending (the plan holds each fetch once), and where
    /// each app's first lies in ``loss`` and ``version``.
    private let initialSlots: [[Int]]
    private let firstID: [Int]
    /// By fetch (``_id(_:_:)``): its loss, and a version bumped when the loss changes or the
    /// fetch is removed.
    private var loss: [Double]
    private var version: [Int]
    private var heap = _Heap<_Candidate>()
    /// The heap's keys: loss per energy unit, or loss; and the bound below which a fetch's key
    /// puts it in the heap.
    private var perCost = true, bound = Double.infinity
    /// Days whose energy or data is over the limit.
    private var overDays = 0
    /// Indices `i` of the state's instants with `t[i + limit] − t[i] < 3600` (an hour holding
    /// more than the rate limit allows).
    private var crowded = 0

    /// Fetches taken out, and losses computed (for the tests, which count the work: at most
    /// the fetches at the start plus `2K` a removal).
    private(set) var removals = 0, lossEvaluations = 0

    init(_ start: _PlanState) {
        state = start
        initialSlots = start.appSlots
        var first: [Int] = [], ids = 0
        for slots in start.appSlots {
            first.append(ids)
            ids += slots.count
        }
        firstID = first
        loss = []
        loss.reserveCapacity(ids)
        for (a, slots) in start.appSlots.enumerated() {
            for j in slots { loss.append(start.marginalValue(a, j, without: j)) }
        }
        lossEvaluations = ids
        version = [Int](repeating: 0, count: ids)
        let problem = start.problem
        for d in problem.days.indices where _over(d) { overDays += 1 }
        crowded = _crowdedCount(0, start.deviceInstants.count - 1)
    }

    /// Whether every cross-app constraint holds (``_PlanState/crossAppFeasible``, kept up to date).
    var crossAppFeasible: Bool { overDays == 0 && crowded == 0 }

    /// Takes out the fetch of least loss per energy unit until every cross-app constraint holds
    /// or no fetch is left to take (a fetch whose key is NaN or infinite, which the scan never
    /// picks, is never taken).
    mutating func repairCrossApp() {
        guard !crossAppFeasible else { return }
        _order(perCost: true, below: .infinity)
        while !crossAppFeasible, let worst = _popLeast() { _remove(worst) }
    }

    /// Takes out the fetch of least loss while that loss is below `floor`. Only fetches whose
    /// loss is below `floor` enter the heap (and a fetch whose loss falls below it later): the
    /// least of them is the least of all when any is below `floor`, and when none is, the scan
    /// stops too.
    mutating func dropBelow(_ floor: Double) {
        _order(perCost: false, below: floor)
        while let worst = _popLeast(), worst.loss < floor { _remove(worst) }
    }

    /// A heap of the fetches whose key (loss, per energy unit when `perCost`) is below `bound`.
    mutating func _order(perCost: Bool, below bound: Double) {
        (self.perCost, self.bound) = (perCost, bound)
        var all: [_Candidate] = []
        for (a, slots) in state.appSlots.enumerated() {
            for j in slots { if let c = _candidate(a, j) { all.append(c) } }
        }
        heap = _Heap(all)
    }

    /// Where the start's fetch of app `a` at slot `j` lies in ``loss`` and ``version``. O(log n).
    func _id(_ a: Int, _ j: Int) -> Int { firstID[a] + state._firstIndex(initialSlots[a], atLeast: j) }

    /// The heap entry of fetch `(a, j)` at its current loss; `nil` when its key is not below
    /// ``bound`` (nor when it is NaN).
    func _candidate(_ a: Int, _ j: Int) -> _Candidate? {
        let x = _id(a, j)
        let key = perCost ? loss[x] / state.problem.apps[a].cost[j] : loss[x]
        guard key < bound else { return nil }
        return _Candidate(key: key, slot: j, app: a, id: x, loss: loss[x], version: version[x])
    }

    /// The least entry that is still current.
    mutating func _popLeast() -> _Candidate? {
        while let c = heap.popMin() {
            if version[c.id] == c.version { return c }
        }
        return nil
    }

    /// Takes out `c`'s fetch, then brings the cross-app counts and its app's neighbours' losses
    /// (and heap entries) up to date.
    mutating func _remove(_ c: _Candidate) {
        let problem = state.problem, a = c.app, j = c.slot, d = problem.slotDay[j]
        let limit = problem.request.rules.deviceFetchesPerHour ?? 0
        // The instants' pairs `(i, i + limit)` that the removal at `p` changes: those from
        // `p − limit` through `p` before it, through `p − 1` after (the later ones only shift).
        let p = state._lowerBound(problem.instant(j)), first = p - min(p, limit)
        if _over(d) { overDays -= 1 }
        crowded -= _crowdedCount(first, p)
        state.remove(a, j)
        removals += 1
        if _over(d) { overDays += 1 }
        crowded += _crowdedCount(first, p - 1)
        version[c.id] += 1
        let slots = state.appSlots[a], k = problem.coverSlots
        var i = state._firstIndex(slots, atLeast: j - k + 1)
        while i < slots.count, slots[i] < j + k {
            let s = slots[i], x = _id(a, s)
            i += 1
            let updated = state.marginalValue(a, s, without: s)
            lossEvaluations += 1
            guard updated.bitPattern != loss[x].bitPattern else { continue }
            loss[x] = updated
            version[x] += 1
            if let next = _candidate(a, s) { heap.insert(next) }
        }
    }

    /// Whether day `d`'s planned energy or data is over its limit (as ``_PlanState/crossAppFeasible`` tests it).
    func _over(_ d: Int) -> Bool {
        let problem = state.problem
        if state.dayCost[d] > problem.dayRemaining(d) + 1e-9 { return true }
        if let bytes = problem.dayBytesLimit, state.dayBytes[d] > bytes + 1e-9 { return true }
        return false
    }

    /// How many instants `i` in `lo...hi` start an hour that holds more than the rate limit.
    /// ``_PlanState/crossAppFeasible`` finds a window of more than `limit` instants exactly when
    /// some `t[i + limit] − t[i] < 3600` (the instants ascend).
    func _crowdedCount(_ lo: Int, _ hi: Int) -> Int {
        guard let limit = state.problem.request.rules.deviceFetchesPerHour, lo <= hi else { return 0 }
        let t = state.deviceInstants
        var count = 0
        for i in max(0, lo)...hi where limit < t.count - i && t[i + limit] - t[i] < 3600 { count += 1 }
        return count
    }
}

/// A fetch in ``_Pruning``'s heap: least key first, then the earlier slot, then the earlier app
/// (the order in which ``_Lagrangian/_leastEfficient(_:perCost:)`` meets fetches, keeping the
/// first of equal keys). Keys are never NaN, so the order is total on the fetches.
struct _Candidate: Comparable, Sendable {
    let key: Double
    let slot: Int
    let app: Int
    /// The fetch's place in ``_Pruning``'s arrays.
    let id: Int
    let loss: Double
    let version: Int

    static func < (l: _Candidate, r: _Candidate) -> Bool {
        if l.key != r.key { return l.key < r.key }
        return (l.slot, l.app) < (r.slot, r.app)
    }
}
