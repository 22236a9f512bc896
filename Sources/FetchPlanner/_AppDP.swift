import ReveilleCore
/// Exact per-app solution of the Lagrangian subproblem: for prices `λ_d` per energy unit on each
/// local day, choose the app's fetch slots maximising
/// `Σ_{i ∈ ∪ [j, j+K)} w_i − Σ_j λ_{day(j)} · cost_j`
/// subject to the minimum interval (`M` slots), the allowed slots and the per-day cap.
///
/// Dynamic programme over "last fetch at slot `j`, `c`-th new fetch of its day":
/// `F[j][c] = W(j, j+K) − λ·cost_j + max(start, F[j'][c'] − W(j, j'+K))` over predecessors
/// `j' ≤ j − M` (the overlap term is 0 for `j' ≤ j − K`, so those up to `j − max(K, M)` come from
/// prefix maxima).
/// The count dimension exists only when the app is capped. Complexity O(slots · (K + cap)).
///
/// A class (immutable, shared): the price search solves every app at every trial price, and a
/// value holding its problem would retain and release every array of that problem at each copy
/// (7.5 % of online mode's CPU went to copying and destroying programmes).
final class _AppDP: Sendable {
    /// The problem's slot grid (not the whole problem: a copy of that, with its request and
    /// every app's arrays, was retained and released by each app's programme).
    let problem: _SlotGrid
    /// The app's share of ``problem`` (read at every solve without copying it out of the array).
    let appProblem: _AppProblem
    let app: Int
    /// The largest `W(j, j+K) / cost_j` over allowed slots: at prices at or above it (on every
    /// day) no fetch of the app pays, and ``solve(lambda:)`` returns at once.
    let bestRatio: Double
    /// First slot of each slot's local day (the same for every price; computed once, not per solve).
    let dayStart: [Int]
    /// Below this own gain a slot cannot be part of an uncapped app's best plan
    /// (``_solveUncapped(lambda:)``): `−10⁻⁹` of the app's total weight (at least 1), which
    /// bounds every value of the programme, so a thousand times `_atLeast`'s tie tolerance.
    let droppedGain: Double
    /// Ten times the most a solution's value can fall short of the optimum through `_atLeast`'s
    /// ties (1e-12 of at most the app's total weight, at least 1, per state of a chain): prices
    /// closer than this may see the app's energy out of order (``_Lagrangian/_price(day:lambda:problem:dps:)``).
    let tieSpan: Double

    /// The programme of `problem`'s app `app`; `dayStart` is ``_AppDP/dayStarts(_:)`` of
    /// `problem` (the same for every app, so the caller computes it once per problem).
    init(problem: _Problem, app: Int, dayStart: [Int]) {
        self.problem = _SlotGrid(slotCount: problem.slotCount, coverSlots: problem.coverSlots,
                                 intervalSlots: problem.intervalSlots, slotDay: problem.slotDay)
        self.app = app
        let a = problem.apps[app]
        appProblem = a
        var best = 0.0
        // The app's arrays read once (a class's properties read in the loop are retained each time).
        let blocked = a.blocked, cost = a.cost, weightPrefix = a.weightPrefix, count = a.weight.count
        for j in 0..<problem.slotCount where blocked[j] == nil {
            best = max(best, _AppProblem.weightSum(weightPrefix, count: count, j, j + problem.coverSlots) / cost[j])
        }
        bestRatio = a.excluded == nil ? best : 0
        let n = problem.slotCount
        self.dayStart = dayStart.count == n ? dayStart : _AppDP.dayStarts(problem)
        droppedGain = -1e-9 * max(1, a.weightPrefix.last ?? 0)
        tieSpan = 20 * Double(n + 1) * 1e-12 * max(1, a.weightPrefix.last ?? 0)
    }

    /// ``init(problem:app:dayStart:)`` with the day starts computed here.
    convenience init(problem: _Problem, app: Int) {
        self.init(problem: problem, app: app, dayStart: _AppDP.dayStarts(problem))
    }

    /// The first slot of each slot's local day.
    static func dayStarts(_ problem: _Problem) -> [Int] {
        let n = problem.slotCount
        var dayStart = [Int](repeating: 0, count: n)
        for j in 1..<max(1, n) { dayStart[j] = problem.slotDay[j] == problem.slotDay[j - 1] ? dayStart[j - 1] : j }
        return dayStart
    }

    func solve(lambda: [Double]) -> [Int] {
        var scratch = _DPScratch()
        return solve(lambda: lambda, scratch: &scratch)
    }

    /// ``solve(lambda:)`` with an uncapped app's arrays taken from `scratch` (a price search
    /// solves every app at every trial price: one set of arrays serves them all).
    func solve(lambda: [Double], scratch: inout _DPScratch) -> [Int] {
        let p = problem, a = appProblem, n = p.slotCount, k = p.coverSlots, m = p.intervalSlots
        guard a.excluded == nil, bestRatio > (lambda.min() ?? 0) else { return [] }
        let capped = a.capRemaining.contains { $0 != Int.max }
        if !capped { return _solveUncapped(lambda: lambda, scratch: &scratch) }
        let width = capped ? max(1, min(n, a.capRemaining.max() ?? 1)) : 1
        var f = [Double](repeating: -.infinity, count: n * width)
        var back = [Int](repeating: -1, count: n * width)
        var pmAll = [Double](repeating: -.infinity, count: n), pmAllAt = [Int](repeating: -1, count: n)
        var pmDay = [Double](repeating: -.infinity, count: n * width), pmDayAt = [Int](repeating: -1, count: n * width)
        let dayStart = self.dayStart
        for j in 0..<n {
            let d = p.slotDay[j]
            if a.allowed(j) {
                let g = a.weightSum(j, j + k) - lambda[d] * a.cost[j]
                for c in 1...min(width, a.capRemaining[d]) {
                    let (pred, value) = _bestPredecessor(j, c, capped, width, k, m, dayStart, f, pmAll, pmAllAt, pmDay, pmDayAt)
                    f[j * width + c - 1] = g + value
                    back[j * width + c - 1] = pred
                }
            }
            _updatePrefix(j, width, dayStart, f, &pmAll, &pmAllAt, &pmDay, &pmDayAt)
        }
        return _backtrack(f, back, width)
    }

    /// ``solve(lambda:)`` for an app without a daily cap (one state per slot): the same
    /// recurrence, comparisons and tie-breaks as the general path with `width = 1`, on raw
    /// buffers and without the per-day prefix maxima that only capped apps read. The planner's
    /// price search calls this for every app at every trial price.
    ///
    /// A slot whose own gain `g_j = W(j, j+K) − λ·cost_j` is below ``droppedGain`` is left out
    /// (no state, no predecessor scan): dropping such a fetch from any chain raises the chain's
    /// value by at least `−g_j`, since the fetch adds at most `W(j, j+K)` of coverage, and its
    /// predecessor reaches its successor directly (the minimum interval only grows). So no
    /// back pointer, positive prefix maximum or final state chosen within `_atLeast`'s 1e-12
    /// tolerance is such a slot: the result is the same, and at the prices the search tries
    /// most slots of most apps are such slots.
    func _solveUncapped(lambda: [Double], scratch: inout _DPScratch) -> [Int] {
        let p = problem, a = appProblem, n = p.slotCount, k = p.coverSlots, m = p.intervalSlots
        guard n > 0 else { return [] }
        var (f, back, pmAll, pmAllAt) = scratch.take(n)
        defer { scratch.give(f, back, pmAll, pmAllAt) }
        let reach = max(k, m)
        // The chain's last state, chosen as ``_backtrack(_:_:_:)`` chooses it (the best positive
        // score, ties to the later slot) while the scores are computed: every slot without a
        // score keeps `-∞`, which that choice never takes, so no second pass over the slots.
        var bestState = -1, bestValue = 0.0
        do {
            // Spans: bounds-checked, without the copy-on-write checks of array subscripts in the loop.
            let weightPrefix = a.weightPrefix, costs = a.cost, blocked = a.blocked
            let prefix = weightPrefix.span, count = a.weight.count, cost = costs.span
            @inline(__always) func weightSum(_ lo: Int, _ hi: Int) -> Double {
                let x = max(0, min(lo, count)), y = max(x, min(hi, count))
                return prefix[y] - prefix[x]
            }
            // The arrays come from the scratch, so the compiler cannot see them unique: spans
            // keep a uniqueness check off every write.
            var score = f.mutableSpan, backs = back.mutableSpan
            var prefixBest = pmAll.mutableSpan, prefixBestAt = pmAllAt.mutableSpan
            for j in 0..<n {
                let g = weightSum(j, j + k) - lambda[p.slotDay[j]] * cost[j]
                if g >= droppedGain, blocked[j] == nil {
                    var best = (-1, 0.0)
                    let far = j - reach
                    if far >= 0, prefixBest[far] > best.1 { best = (prefixBestAt[far], prefixBest[far]) }
                    // `_atLeast(value, best.1)`, its threshold computed once per best.
                    var threshold = _tieThreshold(best.1)
                    var jp = max(0, far + 1)
                    while jp <= j - m {
                        let v = score[jp]
                        if v > -.infinity {
                            let value = v - weightSum(j, jp + k)
                            if value > -.infinity, value >= threshold {
                                best = (jp, value)
                                threshold = _tieThreshold(value)
                            }
                        }
                        jp += 1
                    }
                    score[j] = g + best.1
                    backs[j] = best.0
                    if score[j] > 0, _atLeast(score[j], bestValue) { (bestState, bestValue) = (j, score[j]) }
                }
                if j > 0 { prefixBest[j] = prefixBest[j - 1]; prefixBestAt[j] = prefixBestAt[j - 1] }
                if score[j] > -.infinity, _atLeast(score[j], prefixBest[j]) { prefixBest[j] = score[j]; prefixBestAt[j] = j }
            }
        }
        return _chain(endingAt: bestState, back, 1)
    }

    /// The best way to arrive at `(j, c)`: `(-1, 0)` for a first fetch, else the predecessor state.
    func _bestPredecessor(_ j: Int, _ c: Int, _ capped: Bool, _ width: Int, _ k: Int, _ m: Int, _ dayStart: [Int],
                          _ f: [Double], _ pmAll: [Double], _ pmAllAt: [Int],
                          _ pmDay: [Double], _ pmDayAt: [Int]) -> (Int, Double) {
        var best = (capped && c > 1) ? (-1, -Double.infinity) : (-1, 0.0)
        let far = j - max(k, m)
        if far >= 0 {
            if c == 1 {
                let q = capped ? min(far, dayStart[j] - 1) : far
                if q >= 0, pmAll[q] > best.1 { best = (pmAllAt[q], pmAll[q]) }
            } else if dayStart[far] == dayStart[j], pmDay[far * width + c - 2] > best.1 {
                best = (pmDayAt[far * width + c - 2], pmDay[far * width + c - 2])
            }
        }
        let a = appProblem
        for jp in stride(from: max(0, far + 1), through: j - m, by: 1) {
            let sameDay = dayStart[jp] == dayStart[j]
            let cp: Int
            if !capped {
                cp = 1
            } else if sameDay {
                guard c > 1 else { continue }
                cp = c - 1
            } else {
                guard c == 1 else { continue }
                cp = 0
            }
            let range = cp >= 1 ? (cp - 1)...(cp - 1) : 0...(width - 1)
            for ci in range {
                let v = f[jp * width + ci]
                guard v > -.infinity else { continue }
                let value = v - a.weightSum(j, jp + k)
                if _atLeast(value, best.1) { best = (jp * width + ci, value) }
            }
        }
        return best
    }

    func _updatePrefix(_ j: Int, _ width: Int, _ dayStart: [Int], _ f: [Double],
                       _ pmAll: inout [Double], _ pmAllAt: inout [Int], _ pmDay: inout [Double], _ pmDayAt: inout [Int]) {
        if j > 0 { pmAll[j] = pmAll[j - 1]; pmAllAt[j] = pmAllAt[j - 1] }
        let continues = j > 0 && dayStart[j] == dayStart[j - 1]
        for c in 0..<width {
            let s = j * width + c
            if continues { pmDay[s] = pmDay[s - width]; pmDayAt[s] = pmDayAt[s - width] }
            guard f[s] > -.infinity else { continue }
            if _atLeast(f[s], pmDay[s]) { pmDay[s] = f[s]; pmDayAt[s] = s }
            if _atLeast(f[s], pmAll[j]) { pmAll[j] = f[s]; pmAllAt[j] = s }
        }
    }

    /// The slots of the best chain: the state of the largest positive score in `f` (ties, within
    /// ``_atLeast(_:_:)``'s tolerance, to the later state), followed back (``_chain(endingAt:_:_:)``).
    func _backtrack(_ f: [Double], _ back: [Int], _ width: Int) -> [Int] {
        var bestState = -1, bestValue = 0.0
        for (s, v) in f.enumerated() where v > 0 && _atLeast(v, bestValue) { bestValue = v; bestState = s }
        return _chain(endingAt: bestState, back, width)
    }

    /// The slots of the chain of states ending at `last` (`-1`: none), ascending, through `back`.
    func _chain(endingAt last: Int, _ back: [Int], _ width: Int) -> [Int] {
        // The chain's length first, then its slots from the last: one array, filled in place.
        var length = 0, s = last
        while s >= 0 {
            length += 1
            s = back[s]
        }
        var slots = [Int](repeating: 0, count: length)
        s = last
        for i in stride(from: length - 1, through: 0, by: -1) {
            slots[i] = s / width
            s = back[s]
        }
        return slots
    }
}

/// The arrays of ``_AppDP/_solveUncapped(lambda:scratch:)`` (scores and back pointers per slot,
/// and the prefix maxima), kept between solves: each solve takes them filled as fresh ones
/// (`-∞` and `-1`) and gives them back, so a price search allocates them once, not once per app
/// and trial price.
struct _DPScratch {
    private var f: [Double] = [], back: [Int] = [], pmAll: [Double] = [], pmAllAt: [Int] = []

    /// The four arrays for `n` slots, filled as new ones are (`-∞`, `-1`, `-∞`, `-1`).
    mutating func take(_ n: Int) -> ([Double], [Int], [Double], [Int]) {
        var takenF = [Double](), takenBack = [Int](), takenAll = [Double](), takenAt = [Int]()
        swap(&takenF, &f)
        swap(&takenBack, &back)
        swap(&takenAll, &pmAll)
        swap(&takenAt, &pmAllAt)
        guard takenF.count == n, takenBack.count == n, takenAll.count == n, takenAt.count == n else {
            return ([Double](repeating: -.infinity, count: n), [Int](repeating: -1, count: n),
                    [Double](repeating: -.infinity, count: n), [Int](repeating: -1, count: n))
        }
        do {
            var scores = takenF.mutableSpan, backs = takenBack.mutableSpan
            var bests = takenAll.mutableSpan, bestsAt = takenAt.mutableSpan
            for j in 0..<n {
                scores[j] = -.infinity
                backs[j] = -1
                bests[j] = -.infinity
                bestsAt[j] = -1
            }
        }
        return (takenF, takenBack, takenAll, takenAt)
    }

    /// Keeps the arrays a solve took for the next one.
    mutating func give(_ f: [Double], _ back: [Int], _ pmAll: [Double], _ pmAllAt: [Int]) {
        (self.f, self.back, self.pmAll, self.pmAllAt) = (f, back, pmAll, pmAllAt)
    }
}

/// What a programme reads of its problem besides its app: the slots, the slots a fetch serves,
/// the minimum interval in slots and each slot's local day (``_Problem``'s fields).
struct _SlotGrid: Sendable {
    let slotCount: Int
    let coverSlots: Int
    let intervalSlots: Int
    let slotDay: [Int]
}

/// `v ≥ best` up to a relative 1e-12 (floating-point noise in prefix-sum differences): ties then go
/// to the later slot, so fetches land as close before the expected use as the value allows.
@inline(__always)
func _atLeast(_ v: Double, _ best: Double) -> Bool {
    v > -.infinity && v >= _tieThreshold(best)
}

/// The smallest value ``_atLeast(_:_:)`` counts as at least `best`.
@inline(__always)
func _tieThreshold(_ best: Double) -> Double { best - 1e-12 * max(1, abs(best)) }
