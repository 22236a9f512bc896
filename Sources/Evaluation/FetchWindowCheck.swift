/// The contract every returned fetch list must meet: at most `remaining` fetches, each finite and
/// in `[windowStart, windowEnd)`, where fetches at or after `dayEnd` (a day shortened by an
/// offset change) are dropped rather than refused. Shared by every replay mode.
struct _FetchWindowCheck {
    let policy: String
    let device: String
    let localDay: Int
    let budget: Int
    let remaining: Int
    let windowStart: Double
    let windowEnd: Double
    let dayEnd: Double

    /// The fetches that count, or a typed error when the list breaks the contract. O(fetches).
    func kept(_ fetches: [Fetch]) throws(EvaluationError) -> [Fetch] {
        guard fetches.count <= remaining else {
            throw .planOverBudget(policy: policy, device: device, localDay: localDay, budget: budget,
                                  remaining: remaining, planned: fetches.count)
        }
        var kept: [Fetch] = []
        kept.reserveCapacity(fetches.count)
        for fetch in fetches {
            let f = fetch.instant
            if f.isFinite, f >= dayEnd, f >= windowStart { continue }
            guard f.isFinite, f >= windowStart, f < windowEnd else {
                throw .fetchOutsideWindow(policy: policy, device: device, localDay: localDay, instant: f,
                                          windowStart: windowStart, windowEnd: windowEnd)
            }
            kept.append(fetch)
        }
        return kept
    }
}
