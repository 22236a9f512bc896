import ReveilleCore

/// One launch: a user bringing `app` to the foreground on `device`.
///
/// Time is stored as an instant (Unix seconds, UTC) plus the UTC offset in effect at that instant,
/// so local wall-clock time is exact even across DST changes and trips. Local quantities are
/// derived in one place, ``LocalClock``.
public struct LaunchEvent: Sendable, Hashable, Codable {
    /// Device identifier (free text).
    public var device: String
    /// App identifier, e.g. a bundle id or package name.
    public var app: String
    /// Unix seconds (UTC). Fractions carry sub-second input precision.
    public var instant: Double
    /// UTC offset in seconds in effect at `instant` (east positive), within ±18 h.
    public var utcOffsetSeconds: Int
    /// Foreground duration in seconds, when the source records it.
    public var durationSeconds: Double?

    public init(device: String, app: String, instant: Double, utcOffsetSeconds: Int, durationSeconds: Double? = nil) {
        self.device = device
        self.app = app
        self.instant = instant
        self.utcOffsetSeconds = utcOffsetSeconds
        self.durationSeconds = durationSeconds
    }

    /// Local wall-clock time as seconds since 1970-01-01T00:00 local.
    public var localSeconds: Double { LocalClock.localSeconds(instant: instant, utcOffsetSeconds: utcOffsetSeconds) }
    /// Local day number (days since 1970-01-01 local): `floor((instant + offset) / 86400)`.
    public var localDay: Int { LocalClock.day(localSeconds: localSeconds) }
    /// Local hour of day, 0–23.
    public var localHour: Int { LocalClock.hour(localSeconds: localSeconds) }
    /// Local weekday, 0 = Monday … 6 = Sunday.
    public var weekday: Int { LocalClock.weekday(day: localDay) }
}
