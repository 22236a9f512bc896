import LaunchHistory
import ReveilleCore

/// A daylight-saving rule, implemented from its definition (no hard-coded dates).
///
/// - ``unitedStates``: since 2007, clocks go forward one hour on the second Sunday of March at
///   02:00 local standard time and back on the first Sunday of November at 02:00 local daylight
///   time (Energy Policy Act of 2005, 15 U.S.C. §260a).
/// - ``europeanUnion``: clocks go forward on the last Sunday of March and back on the last Sunday
///   of October, both at 01:00 UTC (Directive 2000/84/EC).
/// - ``none``: the standard offset all year.
public enum DaylightSavingRule: String, Codable, Sendable, CaseIterable {
    case none
    case unitedStates
    case europeanUnion

    /// The instants (Unix s) at which daylight time starts and ends in `year`, for a zone whose
    /// standard offset is `standardOffsetSeconds`; `nil` for ``none``. Complexity: O(1).
    public func transitions(year: Int, standardOffsetSeconds: Int) -> (start: Double, end: Double)? {
        switch self {
        case .none:
            return nil
        case .unitedStates:
            let start = Self._nthSunday(year: year, month: 3, n: 2)
            let end = Self._nthSunday(year: year, month: 11, n: 1)
            return (Double(start * 86_400 + 7_200 - standardOffsetSeconds),
                    Double(end * 86_400 + 7_200 - standardOffsetSeconds - 3_600))
        case .europeanUnion:
            let start = Self._lastSunday(year: year, month: 3)
            let end = Self._lastSunday(year: year, month: 10)
            return (Double(start * 86_400 + 3_600), Double(end * 86_400 + 3_600))
        }
    }

    /// The UTC offset in effect at `instant` under this rule. Complexity: O(1).
    public func offset(at instant: Double, standardOffsetSeconds: Int) -> Int {
        let localDay = LocalClock.day(localSeconds: instant + Double(standardOffsetSeconds))
        let year = TimestampParser.civilFromDays(localDay).year
        guard let t = transitions(year: year, standardOffsetSeconds: standardOffsetSeconds) else {
            return standardOffsetSeconds
        }
        return instant >= t.start && instant < t.end ? standardOffsetSeconds + 3_600 : standardOffsetSeconds
    }

    /// Day number of the `n`-th Sunday (1-based) of a month.
    static func _nthSunday(year: Int, month: Int, n: Int) -> Int {
        let first = TimestampParser.daysFromCivil(year: year, month: month, day: 1)
        let firstSunday = first + (6 - LocalClock.weekday(day: first) + 7) % 7
        return firstSunday + 7 * (n - 1)
    }

    /// Day number of the last Sunday of a month with 31 days (March, October).
    static func _lastSunday(year: Int, month: Int) -> Int {
        let last = TimestampParser.daysFromCivil(year: year, month: month, day: 31)
        return last - (LocalClock.weekday(day: last) + 1) % 7
    }
}
