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
        var byDevice: [String: [LaunchEvent]] = [:]
        var order: [String] = []
        for e in events {
            if byDevice[e.device] == nil { order.append(e.device) }
            byDevice[e.device, default: []].append(e)
        }
        var report = report
        var devices: [DeviceHistory] = []
        for name in order {
            let raw = byDevice[name] ?? []
            var outOfOrder = 0
            for i in raw.indices.dropFirst() where raw[i].instant < raw[i - 1].instant { outOfOrder += 1 }
            report.outOfOrderRows += outOfOrder
            let sorted = _stableSortedByInstant(raw)
            var kept: [LaunchEvent] = []
            kept.reserveCapacity(sorted.count)
            var sameInstant: [LaunchEvent] = []
            for e in sorted {
                if let last = kept.last, last.instant == e.instant {
                    if sameInstant.contains(e) { report.duplicatesDropped += 1; continue }
                } else {
                    sameInstant.removeAll(keepingCapacity: true)
                }
                sameInstant.append(e)
                kept.append(e)
            }
            devices.append(DeviceHistory(device: name, launches: kept))
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
