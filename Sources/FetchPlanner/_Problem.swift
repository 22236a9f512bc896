import ReveilleCore
/// A validated request turned into arrays the planning methods share.
///
/// Candidate fetches are slot starts: a fetch at slot `j` fires at `s_j = start + j·Δ` and serves
/// launches in `(s_j, s_j + tau]`, i.e. slots `j ..< j + K` with `K = tau / Δ` (a launch exactly
/// at `s_j` is the one boundary instant it misses).
///
/// Immutable, and a class: every plan state, schedule builder and price search holds the problem
/// it works on, and online re-planning copies them many times per plan, so a copy is one
/// reference rather than a retain of each of its arrays and of the request's (a profile of
/// `evaluate --mode online` on the bundled set: 6% of the CPU in copying and destroying them).
final class _Problem: Sendable {
    /// The request. It and the day limits below differ only in a ``budgeted(_:)`` copy.
    let request: PlanningRequest
    let timeline: _LocalTimeline
    let slotCount: Int
    /// Slots a fetch serves: `tau / slotSeconds`.
    let coverSlots: Int
    /// Minimum distance in slots between two fetches of one app: `max(1, ceil(minInterval / Δ))`.
    let intervalSlots: Int
    /// Local days the horizon touches, ascending, and each slot's index into them.
    let days: [Int]
    let slotDay: [Int]
    /// Energy limit per day after Low Power scaling (before spent fetches), and what is spent.
    let dayLimit: [Double]
    let daySpent: [Double]
    let dayBytesLimit: Double?
    /// Per app (request order).
    let apps: [_AppProblem]
    /// The least energy of any app's fetch at any slot of each day (`+∞` for a day without slots).
    let cheapestFetch: [Double]
    /// Whether every fetch's energy is a whole number below 2³², so sums of energies are exact
    /// in any order (the usual case: one unit a fetch, whole preferred-window multipliers).
    let wholeEnergies: Bool
    /// Instants of spent fetches of all apps, ascending (for the rate limit).
    let spentInstants: [Double]

    /// A problem of these parts (the builders in `_Problem+Build.swift` compute them).
    init(request: PlanningRequest, timeline: _LocalTimeline, slotCount: Int, coverSlots: Int, intervalSlots: Int,
         days: [Int], slotDay: [Int], dayLimit: [Double], daySpent: [Double], dayBytesLimit: Double?,
         apps: [_AppProblem], cheapestFetch: [Double], wholeEnergies: Bool, spentInstants: [Double]) {
        self.request = request
        self.timeline = timeline
        self.slotCount = slotCount
        self.coverSlots = coverSlots
        self.intervalSlots = intervalSlots
        self.days = days
        self.slotDay = slotDay
        self.dayLimit = dayLimit
        self.daySpent = daySpent
        self.dayBytesLimit = dayBytesLimit
        self.apps = apps
        self.cheapestFetch = cheapestFetch
        self.wholeEnergies = wholeEnergies
        self.spentInstants = spentInstants
    }

    /// Fetch-firing instant of slot `j`.
    func instant(_ j: Int) -> Double { request.horizonStart + Double(j) * request.slotSeconds }

    /// The energy still free on day `d` for new fetches.
    func dayRemaining(_ d: Int) -> Double { dayLimit[d] - daySpent[d] }
}

/// One app's share of a ``_Problem``: immutable, and a class so that a copy (each app's
/// programme keeps its own, and a problem's apps are read many times per plan) is one reference,
/// not a retain of every array.
final class _AppProblem: Sendable {
    let name: String
    /// Value weight per slot: `p_i × P(new data)`, reduced where spent fetches already serve it.
    let weight: [Double]
    /// The probabilities themselves, reduced the same way (for expected hits).
    let probability: [Double]
    /// `weightPrefix[i] = Σ_{k<i} weight[k]`.
    let weightPrefix: [Double]
    /// Energy of a fetch at each slot (cost × preferred-window multiplier).
    let cost: [Double]
    let bytesPerFetch: Double
    /// Why a fetch may not start at each slot (`nil` = it may): earliest begin date, a spent
    /// fetch's minimum interval, a day whose cap is used up.
    let blocked: [FetchSchedule.Constraint?]
    /// Fetches still allowed per day (`Int.max` when uncapped).
    let capRemaining: [Int]
    /// The rule behind `capRemaining`: `dailyCap`, or `standbyBucket` when the standby quota is
    /// the smaller cap.
    let capReason: FetchSchedule.Constraint
    /// Why the app can get nothing at all, if that is decided before planning.
    let excluded: FetchSchedule.Constraint?
    let pNewData: Double
    let evidence: ReasonEvidence?
    /// Slots of this app's spent fetches that lie inside the horizon are not stored; their
    /// instants are (for the minimum interval in output windows).
    let spentInstants: [Double]

    /// An app's share with every field given.
    init(name: String, weight: [Double], probability: [Double], weightPrefix: [Double], cost: [Double],
         bytesPerFetch: Double, blocked: [FetchSchedule.Constraint?], capRemaining: [Int],
         capReason: FetchSchedule.Constraint, excluded: FetchSchedule.Constraint?, pNewData: Double,
         evidence: ReasonEvidence?, spentInstants: [Double]) {
        self.name = name
        self.weight = weight
        self.probability = probability
        self.weightPrefix = weightPrefix
        self.cost = cost
        self.bytesPerFetch = bytesPerFetch
        self.blocked = blocked
        self.capRemaining = capRemaining
        self.capReason = capReason
        self.excluded = excluded
        self.pNewData = pNewData
        self.evidence = evidence
        self.spentInstants = spentInstants
    }

    /// Whether a fetch may start at slot `j`.
    @inline(__always)
    func allowed(_ j: Int) -> Bool { blocked[j] == nil }

    /// `Σ weight[lo ..< hi]`, clipped to the horizon.
    @inline(__always)
    func weightSum(_ lo: Int, _ hi: Int) -> Double {
        Self.weightSum(weightPrefix, count: weight.count, lo, hi)
    }

    /// ``weightSum(_:_:)`` from the prefix sums of `count` weights (for a caller that holds them).
    @inline(__always)
    static func weightSum(_ weightPrefix: [Double], count n: Int, _ lo: Int, _ hi: Int) -> Double {
        let a = max(0, min(lo, n)), b = max(a, min(hi, n))
        return weightPrefix[b] - weightPrefix[a]
    }
}

/// A set of chosen fetches: `(app index, slot)`.
struct _Fetch: Sendable, Hashable, Comparable {
    let app: Int
    let slot: Int
    static func < (l: _Fetch, r: _Fetch) -> Bool { (l.slot, l.app) < (r.slot, r.app) }
}

extension _Problem {
    /// Total value and expected hits of a plan: per app, the union of the slots its fetches serve,
    /// summed in ascending slot order. Complexity O(fetches · log fetches + fetches · K).
    func objective(_ fetches: [_Fetch]) -> (value: Double, hits: Double) {
        var value = 0.0, hits = 0.0
        // By app, then slot: each app's fetches in ascending slot order, apps in index order (one
        // sorted copy instead of an array per app; the same additions in the same order).
        let ordered = fetches.sorted { l, r in l.app != r.app ? l.app < r.app : l.slot < r.slot }
        var k = 0
        while k < ordered.count {
            let a = ordered[k].app
            // The served slots in ascending order, each once: the fetches' spans `[j, j + K)`
            // (clipped to the horizon) walked by start, skipping what an earlier span served.
            let weight = apps[a].weight, probability = apps[a].probability
            var next = Int.min
            while k < ordered.count, ordered[k].app == a {
                let j = ordered[k].slot
                var i = max(j, next)
                let end = min(slotCount, j + coverSlots)
                while i < end {
                    value += weight[i]
                    hits += probability[i]
                    i += 1
                }
                next = max(next, end)
                k += 1
            }
        }
        return (value, hits)
    }
}
