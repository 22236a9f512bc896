import FetchPlanner
import LaunchHistory
import ReveilleCore

/// Builds ``ReasonEvidence`` from a device's history: the local minutes-of-day of each app's cold
/// launches on each of the last 20 days of the same kind (weekdays, or weekend days) as the
/// context's day, before that day. Days without a launch of the app count as observed
/// (empty) from the device's first launch day on.
public enum ReasonEvidenceBuilder {
    /// How many comparable days the evidence covers.
    public static let daysObserved = 20

    /// Evidence per app from the launches before the context's day. O(launches).
    public static func evidence(_ context: ForecastContext, tauSeconds: Double) -> [String: ReasonEvidence] {
        let launches = Array(context.historyBeforeDay)
        guard let first = launches.first?.localDay else { return [:] }
        let today = context.localDay
        let weekend = LocalClock.weekday(day: today) >= 5
        // Twenty weekend days span ten weeks: 140 days always hold twenty of either kind.
        let earliest = max(first, today - 140)
        guard earliest < today else { return [:] }
        let days = Array((earliest..<today).filter { (LocalClock.weekday(day: $0) >= 5) == weekend }.suffix(daysObserved))
        guard let firstDay = days.first else { return [:] }
        let index = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
        var minutes: [String: [[Int]]] = [:]
        let cold = ColdLaunches.scan(launches, tauSeconds: tauSeconds).cold
        for (e, isCold) in zip(launches, cold) where isCold && e.localDay >= firstDay {
            guard let k = index[e.localDay] else { continue }
            var perDay = minutes[e.app] ?? [[Int]](repeating: [], count: days.count)
            perDay[k].append(Int(LocalClock.secondOfDay(localSeconds: e.localSeconds) / 60))
            minutes[e.app] = perDay
        }
        let kind = weekend ? "weekend days" : "weekdays"
        return minutes.mapValues { ReasonEvidence(dayKind: kind, launchMinutesByDay: $0) }
    }
}
