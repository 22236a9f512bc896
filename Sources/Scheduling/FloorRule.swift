import FetchPlanner
import LaunchHistory
import ReveilleCore

/// The daily floor's rule: which apps are owed at least one fetch per local day.
public enum FloorRule {
    /// Apps with a launch in the `lookbackDays` before `context.dayStart` that `forecast` knows,
    /// sorted. O(launches in the lookback + log apps each).
    public static func apps(_ context: ForecastContext, knownTo forecast: SlotForecast, lookbackDays: Int) -> [String] {
        let since = context.dayStart - Double(lookbackDays) * LocalClock.secondsPerDay
        var apps = Set<String>()
        for launch in context.history.reversed() {
            guard launch.instant >= since else { break }
            if launch.instant < context.dayStart, forecast.probabilities(of: launch.app) != nil { apps.insert(launch.app) }
        }
        return apps.sorted()
    }
}
