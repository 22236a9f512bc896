import LaunchHistory
import ReveilleCore
import UsageModel

/// The cold launches of "the last 28 days" before local day `d` (protocol `reveille-v1`): local
/// days `d-28 … d-1` on or after the device's first day, holding only launches with instant
/// `< start(d)`. The `histogram` and `interval` baselines and the product forecaster's hourly
/// frequencies all read this one window.
public struct RecentColdLaunchWindow: Sendable {
    /// One cold launch in the window: its app and local hour (0–23).
    public struct Entry: Sendable, Equatable {
        public var app: String
        public var hour: Int
    }

    /// The window's cold launches, in time order.
    public let launches: [Entry]
    /// Number of local days in the window: `min(28, d − first)`, at least 0.
    public let dayCount: Int

    /// Window length in days.
    public static let windowDays = 28

    /// Scans only the tail of `history` that can matter: launches whose local day can be in the
    /// window lie at or after `(d−28) × 86400 − 18 h`, and their coldness depends on at most
    /// `tau` more. O(launches in the window + log launches).
    ///
    /// - Parameters:
    ///   - history: the device's launches in time order (those at or after `dayStart` are ignored).
    ///   - localDay: the day `d` being planned; `dayStart` its `start(d)`.
    ///   - firstLocalDay: the local day of the device's first launch.
    public init(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int, tauSeconds: Double) {
        self.init(history: history, localDay: localDay, dayStart: dayStart, firstLocalDay: firstLocalDay,
                  tauSeconds: tauSeconds, facts: nil)
    }

    /// ``init(history:localDay:dayStart:firstLocalDay:tauSeconds:)`` reading the tail's cold
    /// flags from `facts` when they describe `history`'s array (``LaunchFacts/describe(_:tauSeconds:)``)
    /// instead of scanning it: the same flags for every launch of the window, since the tail
    /// holds the `tau` before each of them.
    package init(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int, tauSeconds: Double,
                 facts: LaunchFacts?) {
        let firstWindowDay = Self.firstDay(localDay: localDay, firstLocalDay: firstLocalDay)
        dayCount = max(0, localDay - firstWindowDay)
        let tail = Self.tail(history, firstWindowDay: firstWindowDay, tauSeconds: tauSeconds)
        let cold = facts.flatMap { $0.describe(tail, tauSeconds: tauSeconds) ? Array($0.cold[tail.indices]) : nil }
            ?? ColdLaunches.scan(tail, tauSeconds: tauSeconds).cold
        var result: [Entry] = []
        for (k, launch) in tail.enumerated() where cold[k] {
            let day = launch.localDay
            guard day >= firstWindowDay, day < localDay, launch.instant < dayStart else { continue }
            result.append(Entry(app: launch.app, hour: launch.localHour))
        }
        launches = result
    }

    /// The window's first local day: `max(first, d − 28)`.
    public static func firstDay(localDay: Int, firstLocalDay: Int) -> Int {
        max(firstLocalDay, localDay - windowDays)
    }

    /// The tail of `history` from `startOfDay(firstWindowDay, +18 h) − tau` on: every launch whose
    /// local day can be in the window, and the launches that decide whether those are cold.
    /// O(log n).
    public static func tail(_ history: ArraySlice<LaunchEvent>, firstWindowDay: Int, tauSeconds: Double) -> ArraySlice<LaunchEvent> {
        let lowest = LocalClock.startOfDay(firstWindowDay, utcOffsetSeconds: LocalClock.maximumOffsetSeconds) - tauSeconds
        var lo = history.startIndex, hi = history.endIndex
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if history[mid].instant < lowest { lo = mid + 1 } else { hi = mid }
        }
        return history[lo...]
    }

    /// Cold launches per app in the window.
    public var countsByApp: [String: Int] {
        var counts: [String: Int] = [:]
        for launch in launches { counts[launch.app, default: 0] += 1 }
        return counts
    }

    /// Cold launches per app and local hour (24 counts per app).
    public var hourlyCounts: [String: [Int]] {
        var counts: [String: [Int]] = [:]
        for launch in launches {
            counts[launch.app, default: Array(repeating: 0, count: 24)][launch.hour] += 1
        }
        return counts
    }

    /// Per app, its cold launches in each local hour divided by ``dayCount`` (at least 1): the
    /// `histogram` baseline's probabilities, as rows aligned with sorted apps.
    public var hourlyFrequencies: HourlyFrequencies {
        let counts = hourlyCounts
        let apps = counts.keys.sorted()
        return HourlyFrequencies(apps: apps, counts: apps.map { counts[$0] ?? [] }, days: dayCount)
    }
}
