import LaunchHistory
import ReveilleCore

/// Counting helpers over one device's launches, used by the report's figures.
enum _LaunchStatistics {
    /// Launch counts by local weekday (0 = Monday) × hour; `app == nil` counts every app. O(n).
    static func weekdayHourGrid(_ launches: [LaunchEvent], app: String?) -> [[Int]] {
        var grid = Array(repeating: Array(repeating: 0, count: 24), count: 7)
        for e in launches where app == nil || e.app == app {
            grid[e.weekday][e.localHour] += 1
        }
        return grid
    }

    /// Apps by launch count, most first; ties by app name. O(n + a log a).
    static func appsByLaunches(_ launches: [LaunchEvent]) -> [(app: String, launches: Int)] {
        var counts: [String: Int] = [:]
        for e in launches { counts[e.app, default: 0] += 1 }
        return counts.map { (app: $0.key, launches: $0.value) }
            .sorted { ($1.launches, $0.app) < ($0.launches, $1.app) }
    }

    /// For each launch (in the given instant order), whether it is cold by the protocol: no launch of
    /// the same app with an instant in `(t − tau, t)`. O(n).
    static func coldFlags(_ launches: [LaunchEvent], tauSeconds: Double) -> [Bool] {
        ColdLaunches.scan(launches, tauSeconds: tauSeconds).cold
    }

    /// Whether a launch of `app` at `t` is served: some fetch `f` of that app with `t − tau ≤ f < t`.
    /// `fetches` maps app → sorted fetch instants. O(log k).
    static func isHit(app: String, at t: Double, fetches: [String: [Double]], tauSeconds: Double) -> Bool {
        guard let list = fetches[app] else { return false }
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 && list[lo - 1] >= t - tauSeconds
    }

    /// Fetch instants per app, sorted.
    static func fetchInstants(_ schedule: PlannedSchedule) -> [String: [Double]] {
        var out: [String: [Double]] = [:]
        for w in schedule.windows { out[w.app, default: []].append(w.at.instant) }
        return out.mapValues { $0.sorted() }
    }
}
