import ReveilleCore

/// All launches of one device, sorted by instant (equal instants keep input order).
public struct DeviceHistory: Sendable, Hashable {
    /// Device identifier.
    public let device: String
    /// Launches in time order (every one filed under ``device``).
    public let launches: LaunchList

    /// Builds a history, stably sorting `launches` by instant.
    public init(device: String, launches: [LaunchEvent]) {
        self.init(device: device, sortedLaunches: LaunchEvent.sortedByInstant(launches))
    }

    /// Builds a history from launches already sorted by instant (not re-checked).
    init(device: String, sortedLaunches: [LaunchEvent]) {
        self.init(launches: LaunchList(device: device, events: sortedLaunches))
    }

    /// Builds a history from a list already sorted by instant (not re-checked).
    init(launches: LaunchList) {
        self.device = launches.device
        self.launches = launches
    }

    /// Distinct apps in the history, sorted.
    public var apps: [String] { launches.apps }

    /// The earliest local day of any launch, or `nil` when empty. Local days are not monotone in
    /// instants (a flight west across the date line puts a later launch on an earlier local day),
    /// so this is the minimum over all launches, not the first launch's day: `first...last` is
    /// always a valid range. O(n).
    public var firstLocalDay: Int? { _localDayRange?.lowerBound }
    /// The latest local day of any launch, or `nil` when empty (the maximum; see
    /// ``firstLocalDay``). O(n).
    public var lastLocalDay: Int? { _localDayRange?.upperBound }

    private var _localDayRange: ClosedRange<Int>? {
        guard let first = launches.first else { return nil }
        var low = first.localDay, high = low
        for e in launches {
            let day = e.localDay
            low = min(low, day)
            high = max(high, day)
        }
        return low...high
    }

    /// Launches with instant strictly before `instant` (binary search; O(log n)).
    public func launches(before instant: Double) -> LaunchList.SubSequence {
        var lo = 0, hi = launches.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if launches.instant(at: mid) < instant { lo = mid + 1 } else { hi = mid }
        }
        return launches[0..<lo]
    }
}

extension LaunchEvent {
    /// `events` sorted by instant, stably (equal instants keep their input order); returned as
    /// they are when already sorted.
    public static func sortedByInstant(_ events: [LaunchEvent]) -> [LaunchEvent] {
        var isSorted = true
        for i in events.indices.dropFirst() where events[i].instant < events[i - 1].instant {
            isSorted = false
            break
        }
        if isSorted { return events }
        return events.enumerated()
            .sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }
            .map(\.element)
    }
}
