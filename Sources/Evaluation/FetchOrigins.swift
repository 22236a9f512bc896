/// The ``FetchReason`` of every fetch through one event-mode day: each fetch keeps the reason of
/// the decision that first returned it while later decisions keep returning it (equal fetches
/// are matched in order).
struct _FetchOrigins {
    /// Reasons of the executed fetches, in execution order.
    private(set) var executed: [FetchReason] = []
    /// The pending list with its reasons.
    private(set) var pending: [(fetch: Fetch, reason: FetchReason)]

    /// The day's `start(d)` list, every fetch with `reason`.
    init(_ fetches: [Fetch], reason: FetchReason) {
        pending = fetches.map { ($0, reason) }
    }

    /// Moves the pending fetches that `isDue` says just executed to ``executed``, in pending
    /// order, as the replay does: the same predicate over the same list (``pending``'s fetches
    /// are the replay's pending list), so each entry's own reason goes with it.
    mutating func execute(where isDue: (Fetch) -> Bool) {
        // Most decisions execute nothing: the pending list is then kept as it is.
        guard pending.contains(where: { isDue($0.fetch) }) else { return }
        var stay: [(fetch: Fetch, reason: FetchReason)] = []
        for entry in pending {
            if isDue(entry.fetch) { executed.append(entry.reason) } else { stay.append(entry) }
        }
        pending = stay
    }

    /// A decision's new pending list: fetches already pending keep their reason, new ones get
    /// `newReason`. Equal fetches are matched in order: each takes the reason of the first
    /// pending entry equal to it that no earlier one took. No hashing: a scan from the first
    /// entry not yet taken, so a list kept in order (fetches appended, removed or moved in
    /// place, what decisions return) costs O(B) comparisons of an instant, and an app name only
    /// when the instants are equal; O(B²) at worst.
    mutating func replacePending(with fetches: [Fetch], newReason: FetchReason) {
        // Most decisions return the pending list unchanged: every fetch keeps its reason.
        if _isPending(fetches) { return }
        let old = pending
        var taken = Array(repeating: false, count: old.count)
        var firstFree = 0
        pending = fetches.map { fetch in
            guard let i = old.indices[firstFree...].first(where: { !taken[$0] && Self._same(old[$0].fetch, fetch) }) else {
                return (fetch, newReason)
            }
            taken[i] = true
            while firstFree < old.count, taken[firstFree] { firstFree += 1 }
            return (fetch, old[i].reason)
        }
    }

    /// Whether `fetches` is the pending list, fetch for fetch in order (what both updates
    /// would leave as it is).
    private func _isPending(_ fetches: [Fetch]) -> Bool {
        fetches.count == pending.count && zip(fetches, pending).allSatisfy { Self._same($0, $1.fetch) }
    }

    /// `x == y`, the instants compared first (they differ far more often than the names, and
    /// more cheaply).
    private static func _same(_ x: Fetch, _ y: Fetch) -> Bool {
        x.instant == y.instant && x.app == y.app
    }
}

extension EventTrigger {
    /// The reason of a fetch first returned at this decision point.
    var _reason: FetchReason {
        if case .launch = self { return .launch }
        return .hour
    }
}
