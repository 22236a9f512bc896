/// The one place where local wall-clock quantities are derived from instants and offsets.
public enum LocalClock {
    /// Seconds in a day.
    public static let secondsPerDay: Double = 86_400
    /// Largest UTC offset accepted anywhere: ±18 hours.
    public static let maximumOffsetSeconds = 18 * 3600

    /// `instant + offset`.
    @inlinable
    public static func localSeconds(instant: Double, utcOffsetSeconds: Int) -> Double {
        instant + Double(utcOffsetSeconds)
    }

    /// `floor(localSeconds / 86400)`.
    @inlinable
    public static func day(localSeconds: Double) -> Int {
        Int((localSeconds / secondsPerDay).rounded(.down))
    }

    /// Seconds since local midnight, in `[0, 86400)`.
    @inlinable
    public static func secondOfDay(localSeconds: Double) -> Double {
        localSeconds - Double(day(localSeconds: localSeconds)) * secondsPerDay
    }

    /// Local hour of day, 0–23.
    @inlinable
    public static func hour(localSeconds: Double) -> Int {
        min(23, Int(secondOfDay(localSeconds: localSeconds) / 3600))
    }

    /// Weekday of a local day number: 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    @inlinable
    public static func weekday(day: Int) -> Int {
        ((day + 3) % 7 + 7) % 7
    }

    /// The instant at which local midnight of `day` occurs under `utcOffsetSeconds`.
    @inlinable
    public static func startOfDay(_ day: Int, utcOffsetSeconds: Int) -> Double {
        Double(day) * secondsPerDay - Double(utcOffsetSeconds)
    }
}
