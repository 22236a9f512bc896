import ReveilleCore

/// One device's launches column by column: instants, app indices into a shared name table, UTC
/// offsets as runs (they change only at DST changes and trips) and, when the source has any,
/// durations (``_DurationColumn``, usually 4 bytes). About 12 bytes a launch (16 with durations)
/// instead of a 64-byte ``LaunchEvent`` with two Strings.
struct _LaunchColumns: Sendable {
    private(set) var instants = _Blocks<Double>()
    private(set) var apps = _Blocks<Int32>()
    /// Durations; `nil` when no launch has one.
    private(set) var durations: _DurationColumn?
    /// Where each offset run starts (launch index) and its offset; ascending, the first at 0.
    private(set) var offsetRuns: [_OffsetRun] = []
    /// How the instants arrived (whether they need sorting and a duplicate check).
    private(set) var arrival = _ArrivalOrder()
    /// The offset of the last run (none before the first launch).
    private var lastOffset = Int.min

    init() {}

    var count: Int { instants.count }

    /// Appends one launch; `duration` is NaN when the launch has none.
    @inline(__always)
    mutating func append(instant: Double, app: Int32, utcOffsetSeconds offset: Int, duration: Double) {
        let i = instants.count
        if offset != lastOffset {
            offsetRuns.append(_OffsetRun(start: i, offset: offset))
            lastOffset = offset
        }
        if !duration.isNaN, durations == nil { durations = _DurationColumn(withoutDurations: i) }
        durations?.append(duration)
        arrival.observe(instant)
        instants.append(instant)
        apps.append(app)
    }

    /// The UTC offset of launch `i`.
    @inline(__always)
    func utcOffsetSeconds(at i: Int) -> Int {
        if offsetRuns.count == 1 { return offsetRuns[0].offset }
        var lo = 0, hi = offsetRuns.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsetRuns[mid].start <= i { lo = mid } else { hi = mid - 1 }
        }
        return offsetRuns[lo].offset
    }

    /// The duration of launch `i`, if it has one.
    @inline(__always)
    func duration(at i: Int) -> Double? {
        durations?[i] ?? nil
    }
}

/// A run of launches sharing one UTC offset, from launch index `start` to the next run.
struct _OffsetRun: Sendable, Equatable {
    var start: Int
    var offset: Int
}

/// How a device's instants arrived: how many were earlier than their predecessor, and whether two
/// neighbours were equal. Strictly increasing input (neither) needs no sort and holds no exact
/// duplicate.
struct _ArrivalOrder: Sendable, Equatable {
    private(set) var outOfOrder = 0
    private(set) var sawEqualNeighbours = false
    private var previous = -Double.infinity

    @inline(__always)
    mutating func observe(_ instant: Double) {
        if instant < previous { outOfOrder += 1 } else if instant == previous { sawEqualNeighbours = true }
        previous = instant
    }
}
