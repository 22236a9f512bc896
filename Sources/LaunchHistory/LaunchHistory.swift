import ReveilleCore

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
        var grouper = _ColumnGrouper()
        for e in events { grouper.append(e) }
        self.init(grouper: &grouper, report: report)
    }

    /// Builds the history from the launches filed in `grouper` (each device in input order).
    init(grouper: inout _ColumnGrouper, report: IngestReport) {
        var report = report
        let (devices, outOfOrder, duplicates) = grouper.finish()
        report.outOfOrderRows += outOfOrder
        report.duplicatesDropped += duplicates
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
    /// Launch events kept after skipping, de-duplication and the device filter
    /// (``HistoryReadOptions/device``).
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

    mutating func recordSkip(line: Int, reason: @autoclosure () -> String) {
        skippedInvalid += 1
        if skippedLines.count < Self.maximumRecordedLines { skippedLines.append(line) }
        if firstSkipReason == nil { firstSkipReason = reason() }
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
