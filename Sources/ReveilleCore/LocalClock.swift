/// The one place where local wall-clock quantities are derived from instants and offsets.
public enum LocalClock {
    /// Seconds in a day.
    public static let secondsPerDay: Double = 86_400
    /// Largest UTC offset accepted anywhere: ±18 hours.
    public static let maximumOffsetSeconds = 18 * 3600

    /// Whether `seconds` is a UTC offset within ±18 h (a range check: `abs` would trap on
    /// `Int.min`, which a corrupt input can hold).
    @inlinable
    public static func isValidOffset(_ seconds: Int) -> Bool {
        seconds >= -maximumOffsetSeconds && seconds <= maximumOffsetSeconds
    }

    /// The earliest instant accepted anywhere: 1990-01-01T00:00:00Z (Unix 631,152,000).
    public static let earliestInstant: Double = 631_152_000
    /// The end of the accepted instants, exclusive: 2101-01-01T00:00:00Z (Unix 4,133,980,800).
    public static let instantLimit: Double = 4_133_980_800

    /// Whether `instant` lies in the range every reader accepts: the years 1990 through 2100 in
    /// UTC, `earliestInstant ..< instantLimit`. Outside it (a clock reset to Unix 0, a corrupt
    /// `1e300`, the year 9999, NaN) an instant is invalid input: readers reject it naming the
    /// file, line and field (or skip it with `--skip-invalid`), so every later step can rely on
    /// day numbers and spans that fit comfortably in an `Int`.
    @inlinable
    public static func isValidInstant(_ instant: Double) -> Bool {
        instant >= earliestInstant && instant < instantLimit
    }

    /// The accepted range in words, for error messages.
    public static let validInstantDescription =
        "an instant from 1990-01-01T00:00:00Z up to 2100-12-31T23:59:59Z"

    /// `instant + offset`.
    @inlinable
    public static func localSeconds(instant: Double, utcOffsetSeconds: Int) -> Double {
        instant + Double(utcOffsetSeconds)
    }

    /// `floor(localSeconds / 86400)`, clamped to ±10^12 days (NaN gives 0) so that an instant no
    /// reader would accept cannot trap the conversion to `Int`.
    @inlinable
    public static func day(localSeconds: Double) -> Int {
        let d = (localSeconds / secondsPerDay).rounded(.down)
        guard d.isFinite, abs(d) < 1e12 else { return d.isNaN ? 0 : (d < 0 ? -1_000_000_000_000 : 1_000_000_000_000) }
        return Int(d)
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

    /// The instant of local wall-clock seconds `local` (seconds since 1970-01-01T00:00 local) in a
    /// zone whose UTC offset at an instant is `offset(at)`.
    ///
    /// A wall time that occurs twice (the hour repeated when clocks go back) is read as its first
    /// occurrence; one that does not occur (the hour skipped when clocks go forward) is read with the
    /// offset before the change, so it lands after the change, as Foundation's calendar does.
    public static func instant(local: Double, offsetAt offset: (Double) -> Int) -> Double {
        let before = offset(local - 86_400), after = offset(local + 86_400)
        let valid = Set([before, after]).filter { offset(local - Double($0)) == $0 }
        if let first = valid.map({ local - Double($0) }).min() { return first }
        return local - Double(before)
    }
}
