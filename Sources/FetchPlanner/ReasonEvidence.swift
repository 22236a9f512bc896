import ReveilleCore

/// What the caller knows about an app's past launches, to explain a window in words.
///
/// `launchMinutesByDay` holds, for each of the last comparable days (e.g. the last 20 weekdays
/// when planning a weekday), the local minutes-of-day (0..<1440) of the app's cold launches on
/// that day — an empty array for a day without one. `dayKind` names those days in the plural
/// ("days", "weekdays", "Saturdays"). From it the planner writes, for a window serving local
/// times `[a, b)`: "opened on 18 of the last 20 weekdays between 07:35 and 07:50" (the count of
/// days with a launch in `[a, b)`, and the earliest and latest such launch).
public struct ReasonEvidence: Sendable, Codable, Equatable {
    /// Plural name of the days observed, e.g. "weekdays".
    public var dayKind: String
    /// Per observed day, the local minutes-of-day of its cold launches.
    public var launchMinutesByDay: [[Int]]

    /// Creates evidence.
    public init(dayKind: String = "days", launchMinutesByDay: [[Int]]) {
        self.dayKind = dayKind
        self.launchMinutesByDay = launchMinutesByDay
    }

    /// The number of days observed.
    public var daysObserved: Int { launchMinutesByDay.count }

    /// The sentence for a window serving local minutes `[startMinute, startMinute + lengthMinutes)`
    /// (wrapping past midnight), or `nil` when no observed day has a launch there.
    ///
    /// Complexity: O(total launches).
    public func reason(startMinute: Int, lengthMinutes: Int) -> String? {
        var days = 0
        var earliest = Int.max, latest = Int.min
        for day in launchMinutesByDay {
            var any = false
            for m in day {
                let offset = ((m - startMinute) % 1440 + 1440) % 1440
                guard offset < lengthMinutes else { continue }
                any = true
                earliest = min(earliest, offset)
                latest = max(latest, offset)
            }
            if any { days += 1 }
        }
        guard days > 0 else { return nil }
        let from = _clockText(startMinute + earliest), to = _clockText(startMinute + latest)
        let when = from == to ? "at \(from)" : "between \(from) and \(to)"
        return "opened on \(days) of the last \(daysObserved) \(dayKind) \(when)"
    }
}

/// `HH:MM` for a minute count (taken modulo one day).
func _clockText(_ minute: Int) -> String {
    let m = ((minute % 1440) + 1440) % 1440
    let h = m / 60, mm = m % 60
    return (h < 10 ? "0" : "") + String(h) + ":" + (mm < 10 ? "0" : "") + String(mm)
}

/// The fallback sentence from the probability alone: "42% chance of a launch between 07:30
/// and 08:30" (percent rounded; "<1%" below one half percent).
func _probabilityReason(_ probability: Double, startMinute: Int, lengthMinutes: Int) -> String {
    let percent = Int((probability * 100).rounded())
    let text = percent < 1 ? "<1%" : "\(percent)%"
    return "\(text) chance of a launch between \(_clockText(startMinute)) and \(_clockText(startMinute + lengthMinutes))"
}
