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

    /// Moves the fetches that just executed (all pending ones not in `kept`) to ``executed``, in
    /// pending order, as the replay does.
    mutating func execute(keeping kept: [Fetch]) {
        // Most decisions execute nothing: the pending list is then kept as it is.
        if _isPending(kept) { return }
        var left = _counts(kept)
        var stay: [(fetch: Fetch, reason: FetchReason)] = []
        for entry in pending {
            if let n = left[entry.fetch], n > 0 {
                left[entry.fetch] = n - 1
                stay.append(entry)
            } else {
                executed.append(entry.reason)
            }
        }
        pending = stay
    }

    /// A decision's new pending list: fetches already pending keep their reason, new ones get
    /// `newReason`.
    mutating func replacePending(with fetches: [Fetch], newReason: FetchReason) {
        // Most decisions return the pending list unchanged: every fetch keeps its reason.
        if _isPending(fetches) { return }
        var old: [Fetch: [FetchReason]] = [:]
        for entry in pending.reversed() { old[entry.fetch, default: []].append(entry.reason) }
        pending = fetches.map { fetch in
            guard let reason = old[fetch]?.popLast() else { return (fetch, newReason) }
            return (fetch, reason)
        }
    }

    /// Whether `fetches` is the pending list, fetch for fetch in order (what both updates
    /// would leave as it is).
    private func _isPending(_ fetches: [Fetch]) -> Bool {
        fetches.count == pending.count && zip(fetches, pending).allSatisfy { $0 == $1.fetch }
    }

    private func _counts(_ fetches: [Fetch]) -> [Fetch: Int] {
        var counts: [Fetch: Int] = [:]
        for f in fetches { counts[f, default: 0] += 1 }
        return counts
    }
}

extension EventTrigger {
    /// The reason of a fetch first returned at this decision point.
    var _reason: FetchReason {
        if case .launch = self { return .launch }
        return .hour
    }
}
