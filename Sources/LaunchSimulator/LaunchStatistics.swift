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
        let history = LaunchHistory(events: events)
        var perDay: [Double] = [], appCounts: [Int] = [], durations: [Double] = []
        var cold = 0, sessionLengths: [Double] = [], sessionApps = 0
        for device in history.devices where !device.launches.isEmpty {
            let launches = Array(device.launches)
            let span = (device.lastLocalDay ?? 0) - (device.firstLocalDay ?? 0) + 1
            perDay.append(Double(launches.count) / Double(span))
            appCounts.append(Set(launches.map(\.app)).count)
            var lastByApp: [String: Double] = [:]
            for e in launches {
                if let last = lastByApp[e.app], last > e.instant - tauSeconds {} else { cold += 1 }
                lastByApp[e.app] = e.instant
                if let d = e.durationSeconds { durations.append(d) }
            }
            let s = _sessions(launches, gap: sessionGapSeconds)
            sessionLengths += s.lengths
            sessionApps += s.apps
        }
        let n = max(1, perDay.count)
        return LaunchStatistics(
            devices: perDay.count, launches: events.count, launchesPerDay: perDay.reduce(0, +) / Double(n),
            launchesPerDayRange: (perDay.min() ?? 0)...(perDay.max() ?? 0),
            appsPerDevice: Double(appCounts.reduce(0, +)) / Double(n),
            appsPerDeviceRange: (appCounts.min() ?? 0)...(appCounts.max() ?? 0),
            tauSeconds: tauSeconds, coldLaunches: cold, medianDurationSeconds: _median(durations), sessions: sessionLengths.count,
            medianSessionSeconds: _median(sessionLengths),
            appsPerSession: Double(sessionApps) / Double(max(1, sessionLengths.count)))
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
