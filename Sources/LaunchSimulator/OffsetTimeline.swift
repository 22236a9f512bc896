/// The UTC offsets a device lives through: an initial offset and the instants where it changes
/// (DST transitions, trips). Sorted by instant; consecutive entries differ.
public struct OffsetTimeline: Codable, Sendable, Equatable {
    /// One change: from `instant` (Unix s) on, `utcOffsetSeconds` is in effect.
    public struct Change: Codable, Sendable, Equatable {
        /// Unix seconds from which the offset holds.
        public var instant: Double
        /// The new offset, seconds east of UTC.
        public var utcOffsetSeconds: Int
        /// A change.
        public init(instant: Double, utcOffsetSeconds: Int) {
            self.instant = instant
            self.utcOffsetSeconds = utcOffsetSeconds
        }
    }

    /// Offset in effect before the first change.
    public var initialUTCOffsetSeconds: Int
    /// Changes, sorted by instant.
    public var changes: [Change]

    /// A timeline; `changes` are sorted and changes that keep the offset are dropped.
    public init(initialUTCOffsetSeconds: Int, changes: [Change]) {
        self.initialUTCOffsetSeconds = initialUTCOffsetSeconds
        var kept: [Change] = []
        var current = initialUTCOffsetSeconds
        for c in changes.sorted(by: { $0.instant < $1.instant }) where c.utcOffsetSeconds != current {
            kept.append(c)
            current = c.utcOffsetSeconds
        }
        self.changes = kept
    }

    /// The offset in effect at `instant`. Complexity: O(log changes).
    public func offset(at instant: Double) -> Int {
        var low = 0, high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].instant <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? initialUTCOffsetSeconds : changes[low - 1].utcOffsetSeconds
    }

    /// Calls `body(start, end, offset)` for each maximal interval of constant offset covering
    /// `[from, to)`, in order.
    public func forEachSegment(from: Double, to: Double, _ body: (Double, Double, Int) -> Void) {
        var start = from
        while start < to {
            let offset = self.offset(at: start)
            let next = changes.first(where: { $0.instant > start })?.instant ?? to
            let end = min(next, to)
            body(start, end, offset)
            start = end
        }
    }
}
