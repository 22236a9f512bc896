/// A model's launch probabilities for one app on one device, by local weekday and hour.
///
/// `byWeekdayHour[w][h]` is P(at least one cold launch of `app` in local hour `h` of a day whose
/// weekday is `w`), with `w` = 0 for Monday … 6 for Sunday and `h` in 0…23. The report reads the
/// table leniently: missing rows or hours count as 0, values outside [0, 1] are clamped, and
/// non-finite values count as 0 (see ``probability(weekday:hour:)``).
public struct ProbabilityProfile: Sendable, Hashable, Codable {
    /// Device identifier, matching ``LaunchHistory/DeviceHistory/device``.
    public var device: String
    /// App identifier.
    public var app: String
    /// 7 × 24 probabilities, Monday first.
    public var byWeekdayHour: [[Double]]

    /// Creates a profile.
    public init(device: String, app: String, byWeekdayHour: [[Double]]) {
        self.device = device
        self.app = app
        self.byWeekdayHour = byWeekdayHour
    }

    /// The probability for a weekday (0 = Monday) and hour, clamped to [0, 1]; 0 when the cell is
    /// absent or not finite. O(1).
    public func probability(weekday: Int, hour: Int) -> Double {
        guard byWeekdayHour.indices.contains(weekday), byWeekdayHour[weekday].indices.contains(hour) else { return 0 }
        let p = byWeekdayHour[weekday][hour]
        return p.isFinite ? min(1, max(0, p)) : 0
    }
}
