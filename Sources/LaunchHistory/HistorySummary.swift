import ReveilleCore

/// Per-device summary statistics and their text rendering, for `reveille inspect`.
public struct DeviceSummary: Sendable, Equatable {
    public let device: String
    public let launches: Int
    public let apps: Int
    /// Local days from the first to the last launch, inclusive.
    public let spanDays: Int
    /// Local days with at least one launch.
    public let activeDays: Int
    /// Apps by launch count, descending (ties by name).
    public let topApps: [(app: String, launches: Int)]
    /// Launches per local hour of day.
    public let launchesByHour: [Int]

    public init(_ history: DeviceHistory) {
        device = history.device
        launches = history.launches.count
        var counts: [String: Int] = [:]
        var hours = [Int](repeating: 0, count: 24)
        var days = Set<Int>()
        for e in history.launches {
            counts[e.app, default: 0] += 1
            hours[e.localHour] += 1
            days.insert(e.localDay)
        }
        apps = counts.count
        activeDays = days.count
        spanDays = (days.max() ?? 0) - (days.min() ?? 0) + (days.isEmpty ? 0 : 1)
        topApps = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
        launchesByHour = hours
    }

    public static func == (a: DeviceSummary, b: DeviceSummary) -> Bool {
        a.device == b.device && a.launches == b.launches && a.launchesByHour == b.launchesByHour
    }
}

/// Text rendering of a history's summary.
public enum HistorySummary {
    /// Multi-line text: one block per device with counts, top apps and a bar histogram by local hour.
    public static func text(_ history: LaunchHistory, topApps: Int = 5) -> String {
        let total = history.devices.reduce(0) { $0 + $1.launches.count }
        var out = "\(history.devices.count) devices, \(total) launches\n"
        for device in history.devices {
            let s = DeviceSummary(device)
            let perDay = s.activeDays > 0 ? Double(s.launches) / Double(s.activeDays) : 0
            out += "\ndevice \(s.device)\n"
            out += "  launches \(s.launches), apps \(s.apps), span \(s.spanDays) days, "
            out += "\(_fixed(perDay, 1)) launches per active day (\(s.activeDays) active days)\n"
            out += "  top apps:\n"
            for (app, n) in s.topApps.prefix(topApps) {
                out += "    \(_leftPad(String(n), 6))  \(app)\n"
            }
            out += "  launches by local hour:\n"
            let peak = max(1, s.launchesByHour.max() ?? 1)
            for (h, n) in s.launchesByHour.enumerated() {
                let bar = String(repeating: "#", count: Int((Double(n) / Double(peak) * 40).rounded()))
                out += "    \(_leftPad(String(h), 2)):00 \(_leftPad(String(n), 6)) \(bar)\n"
            }
        }
        return out
    }
}

func _leftPad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}
