import LaunchHistory
import ReveilleCore

/// Summary statistics of a launch history, as used to calibrate the simulator against published
/// logs: launches per day, apps per person, cold launches, durations and sessions.
public struct LaunchStatistics: Sendable, Equatable {
    /// Devices with at least one launch.
    public var devices: Int
    /// All launches.
    public var launches: Int
    /// Mean over devices of launches per local day (days from a device's first to last local day).
    public var launchesPerDay: Double
    /// Smallest and largest per-device launches per day.
    public var launchesPerDayRange: ClosedRange<Double>
    /// Mean distinct apps per device.
    public var appsPerDevice: Double
    /// Fewest and most distinct apps on one device.
    public var appsPerDeviceRange: ClosedRange<Int>
    /// The freshness window used for ``coldLaunches``, seconds.
    public var tauSeconds: Double
    /// Cold launches (no launch of the app in the previous `tauSeconds`).
    public var coldLaunches: Int
    /// Median foreground duration of launches with a duration, seconds (0 if none).
    public var medianDurationSeconds: Double
    /// Sessions: runs of launches on a device, each starting within `sessionGapSeconds` of the
    /// previous launch's end.
    public var sessions: Int
    /// Median session length (first start to last end), seconds.
    public var medianSessionSeconds: Double
    /// Mean distinct apps per session.
    public var appsPerSession: Double

    /// Computes the statistics. `events` need not be sorted. Complexity: O(n log n).
    public static func compute(_ events: [LaunchEvent], tauSeconds: Double = 3600,
                               sessionGapSeconds: Double = 30) -> LaunchStatistics {
        var accumulator = Accumulator(tauSeconds: tauSeconds, sessionGapSeconds: sessionGapSeconds)
        for device in LaunchHistory(events: events).devices { accumulator.add(device: Array(device.launches)) }
        return accumulator.statistics
    }

    /// The statistics gathered one device at a time (``LaunchSimulator/simulate(_:progress:eachDevice:)``
    /// streams devices): what ``compute(_:tauSeconds:sessionGapSeconds:)`` gives for all of them,
    /// keeping per device only the numbers the medians need.
    public struct Accumulator: Sendable {
        private let tauSeconds: Double, sessionGapSeconds: Double
        private var perDay: [Double] = [], appCounts: [Int] = [], durations: [Double] = []
        private var launches = 0, cold = 0, sessionLengths: [Double] = [], sessionApps = 0

        /// An empty accumulator.
        public init(tauSeconds: Double = 3600, sessionGapSeconds: Double = 30) {
            self.tauSeconds = tauSeconds
            self.sessionGapSeconds = sessionGapSeconds
        }

        /// Adds one device's launches, sorted by instant (a device without launches adds nothing).
        public mutating func add(device launches: [LaunchEvent]) {
            // The local days' range (the minimum and maximum: a flight west can make a later
            // launch's local day earlier), as `DeviceHistory` gives it.
            guard let first = launches.map(\.localDay).min(), let last = launches.map(\.localDay).max() else { return }
            let span = last - first + 1
            self.launches += launches.count
            perDay.append(Double(launches.count) / Double(max(1, span)))
            appCounts.append(Set(launches.map(\.app)).count)
            var lastByApp: [String: Double] = [:]
            for e in launches {
                if let last = lastByApp[e.app], last > e.instant - tauSeconds {} else { cold += 1 }
                lastByApp[e.app] = e.instant
                if let d = e.durationSeconds { durations.append(d) }
            }
            let s = LaunchStatistics._sessions(launches, gap: sessionGapSeconds)
            sessionLengths += s.lengths
            sessionApps += s.apps
        }

        /// The statistics of the devices added.
        public var statistics: LaunchStatistics {
            let n = max(1, perDay.count)
            return LaunchStatistics(
                devices: perDay.count, launches: launches, launchesPerDay: perDay.reduce(0, +) / Double(n),
                launchesPerDayRange: (perDay.min() ?? 0)...(perDay.max() ?? 0),
                appsPerDevice: Double(appCounts.reduce(0, +)) / Double(n),
                appsPerDeviceRange: (appCounts.min() ?? 0)...(appCounts.max() ?? 0),
                tauSeconds: tauSeconds, coldLaunches: cold, medianDurationSeconds: LaunchStatistics._median(durations),
                sessions: sessionLengths.count, medianSessionSeconds: LaunchStatistics._median(sessionLengths),
                appsPerSession: Double(sessionApps) / Double(max(1, sessionLengths.count)))
        }
    }

    static func _sessions(_ launches: [LaunchEvent], gap: Double) -> (lengths: [Double], apps: Int) {
        var lengths: [Double] = [], apps = 0
        var start = 0.0, end = -Double.infinity, names: Set<String> = []
        for e in launches {
            if e.instant > end + gap {
                if !names.isEmpty { lengths.append(end - start); apps += names.count }
                start = e.instant
                names = []
            }
            names.insert(e.app)
            end = max(end, e.instant + (e.durationSeconds ?? 0))
        }
        if !names.isEmpty { lengths.append(end - start); apps += names.count }
        return (lengths, apps)
    }

    static func _median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// A few readable lines, e.g. for stderr notes and dataset READMEs.
    public var text: String {
        """
        \(devices) devices, \(launches) launches; \(_fixed(launchesPerDay, 1)) launches/day per device \
        (\(_fixed(launchesPerDayRange.lowerBound, 1))–\(_fixed(launchesPerDayRange.upperBound, 1))); \
        \(_fixed(appsPerDevice, 1)) apps per device (\(appsPerDeviceRange.lowerBound)–\(appsPerDeviceRange.upperBound))
        cold launches (tau \(_fixed(tauSeconds / 60, 0)) min): \(coldLaunches) (\(_fixed(Double(coldLaunches) / Double(max(1, launches)) * 100, 1)) %); \
        median duration \(_fixed(medianDurationSeconds, 0)) s
        sessions: \(sessions), median \(_fixed(medianSessionSeconds, 0)) s, \(_fixed(appsPerSession, 2)) apps per session
        """
    }
}
