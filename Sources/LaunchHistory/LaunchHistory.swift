/// A set of launch histories, one per device, with the report of how they were read.
public struct LaunchHistory: Sendable {
    /// Devices sorted by identifier.
    public let devices: [DeviceHistory]
    /// What reading found: rows, skips, reordering and duplicates.
    public let report: IngestReport

    public init(devices: [DeviceHistory], report: IngestReport = IngestReport()) {
        self.devices = devices.sorted { $0.device < $1.device }
        self.report = report
    }

    /// Groups events by device, sorts each device by instant (stably) and drops exact duplicates
    /// (same device, app, instant, offset and duration), counting both in the report.
    public init(events: [LaunchEvent], report: IngestReport = IngestReport()) {
        var grouper = _DeviceGrouper()
        for e in events { grouper.append(e) }
        self.init(grouped: grouper.grouped, report: report)
    }

    /// Builds the history from events already grouped by device (each group in input order).
    init(grouped: [_DeviceEvents], report: IngestReport) {
        var report = report
        var devices: [DeviceHistory] = []
        devices.reserveCapacity(grouped.count)
        for group in grouped {
            let arrival = group.arrival
            report.outOfOrderRows += arrival.outOfOrder
            if arrival.outOfOrder == 0, !arrival.sawEqualNeighbours {
                devices.append(DeviceHistory(device: group.device, sortedLaunches: group.events))
                continue
            }
            let sorted = arrival.outOfOrder > 0 ? _stableSortedByInstant(group.events) : group.events
            let (kept, dropped) = _droppingExactDuplicates(sorted)
            report.duplicatesDropped += dropped
            devices.append(DeviceHistory(device: group.device, sortedLaunches: kept))
        }
        report.launches = devices.reduce(0) { $0 + $1.launches.count }
        self.init(devices: devices, report: report)
    }

    /// Every launch of every device.
    public var allLaunches: [LaunchEvent] { devices.flatMap(\.launches) }

    /// The history of one device, if present.
    public func device(_ id: String) -> DeviceHistory? { devices.first { $0.device == id } }
}

/// Counts gathered while reading a history.
public struct IngestReport: Sendable, Equatable, Codable {
    /// Data rows read (header excluded).
    public var rowsRead = 0
    /// Launch events kept after skipping and de-duplication.
    public var launches = 0
    /// Rows that were not launches by the format's rule (e.g. LSApp `Closed` rows).
    public var nonLaunchRows = 0
    /// Invalid rows skipped under `--skip-invalid`.
    public var skippedInvalid = 0
    /// The first few skipped line numbers (1-based), at most ``maximumRecordedLines``.
    public var skippedLines: [Int] = []
    /// The first skip's reason.
    public var firstSkipReason: String?
    /// Rows whose instant was earlier than the previous row of the same device (they were sorted).
    public var outOfOrderRows = 0
    /// Exact duplicate rows dropped.
    public var duplicatesDropped = 0

    /// How many skipped line numbers are kept.
    public static let maximumRecordedLines = 10

    public init() {}

    mutating func recordSkip(line: Int, reason: String) {
        skippedInvalid += 1
        if skippedLines.count < Self.maximumRecordedLines { skippedLines.append(line) }
        if firstSkipReason == nil { firstSkipReason = reason }
    }
}

/// Drops exact duplicates from events sorted by instant; copies only when there is one to drop.
func _droppingExactDuplicates(_ sorted: [LaunchEvent]) -> (kept: [LaunchEvent], dropped: Int) {
    func isDuplicate(_ i: Int) -> Bool {
        var j = i - 1
        while j >= 0, sorted[j].instant == sorted[i].instant {
            if sorted[j] == sorted[i] { return true }
            j -= 1
        }
        return false
    }
    guard let first = sorted.indices.dropFirst().first(where: isDuplicate) else { return (sorted, 0) }
    var kept = Array(sorted[..<first])
    var dropped = 1
    for i in (first + 1)..<sorted.count {
        if isDuplicate(i) { dropped += 1 } else { kept.append(sorted[i]) }
    }
    return (kept, dropped)
}

/// One device's events in input order, and how they arrived.
struct _DeviceEvents {
    var device: String
    var events: [LaunchEvent]
    var arrival: _ArrivalOrder
}

/// How a device's instants arrived: how many were earlier than their predecessor, and whether two
/// neighbours were equal. Strictly increasing input (neither) needs no sort and holds no exact
/// duplicate.
struct _ArrivalOrder {
    private(set) var outOfOrder = 0
    private(set) var sawEqualNeighbours = false
    private var previous = -Double.infinity

    @inline(__always)
    mutating func observe(_ instant: Double) {
        if instant < previous { outOfOrder += 1 } else if instant == previous { sawEqualNeighbours = true }
        previous = instant
    }
}

/// Groups events by device as they arrive: each device's events in input order, devices in order
/// of first appearance. Rows usually repeat the previous row's device, so that is checked first.
struct _DeviceGrouper {
    private(set) var grouped: [_DeviceEvents] = []
    private var deviceIndex: [String: Int] = [:]
    private var lastDevice: (name: String, index: Int)?

    mutating func append(_ e: LaunchEvent) {
        let index: Int
        if let lastDevice, lastDevice.name == e.device {
            index = lastDevice.index
        } else if let i = deviceIndex[e.device] {
            index = i
        } else {
            index = grouped.count
            deviceIndex[e.device] = index
            grouped.append(_DeviceEvents(device: e.device, events: [], arrival: _ArrivalOrder()))
        }
        lastDevice = (e.device, index)
        grouped[index].arrival.observe(e.instant)
        grouped[index].events.append(e)
    }
}
