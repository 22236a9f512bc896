import LaunchHistory
import ReveilleCore

/// One simulated person: their time zones, special periods and apps.
public struct DeviceTruth: Codable, Sendable, Equatable {
    /// A half-open range of local days `[fromDay, untilDay)` (days since 1970-01-01).
    public struct DayRange: Codable, Sendable, Equatable {
        /// First day in the range.
        public var fromDay: Int
        /// First day after the range.
        public var untilDay: Int
        /// The range `[fromDay, untilDay)`.
        public init(fromDay: Int, untilDay: Int) { self.fromDay = fromDay; self.untilDay = untilDay }
        /// Whether `day` lies in the range.
        public func contains(_ day: Int) -> Bool { day >= fromDay && day < untilDay }
    }

    /// The home time zone: a standard offset and a DST rule.
    public struct Zone: Codable, Sendable, Equatable {
        /// Descriptive name, e.g. `US Eastern`.
        public var name: String
        /// UTC offset outside daylight-saving time, seconds (east positive).
        public var standardUTCOffsetSeconds: Int
        /// The zone's daylight-saving rule.
        public var daylightSaving: DaylightSavingRule
        /// A zone.
        public init(name: String, standardUTCOffsetSeconds: Int, daylightSaving: DaylightSavingRule) {
            self.name = name
            self.standardUTCOffsetSeconds = standardUTCOffsetSeconds
            self.daylightSaving = daylightSaving
        }
    }

    /// Device identifier as written to the CSV.
    public var device: String
    /// First simulated local day (days since 1970-01-01); drift is counted from it.
    public var firstDay: Int
    /// Number of simulated local days.
    public var days: Int
    /// Home zone (the offsets outside the trip follow it).
    public var homeZone: Zone
    /// Every offset in effect over the period (home DST transitions and the trip), resolved.
    public var offsets: OffsetTimeline
    /// Vacation week (weekend routines, work apps mostly idle), if any.
    public var vacation: DayRange?
    /// Days spent abroad (the offsets differ; habits stay in local time), if any.
    public var trip: DayRange?
    /// Apps sorted by name.
    public var apps: [AppParameters]

    /// Memberwise initialiser; `apps` are sorted by name.
    public init(device: String, firstDay: Int, days: Int, homeZone: Zone, offsets: OffsetTimeline,
                vacation: DayRange? = nil, trip: DayRange? = nil, apps: [AppParameters]) {
        self.device = device
        self.firstDay = firstDay
        self.days = days
        self.homeZone = homeZone
        self.offsets = offsets
        self.vacation = vacation
        self.trip = trip
        self.apps = apps.sorted { $0.app < $1.app }
    }

    /// Instant of local midnight starting the first simulated day.
    public var startInstant: Double {
        LocalClock.startOfDay(firstDay, utcOffsetSeconds: offsets.initialUTCOffsetSeconds)
    }

    /// Instant of local midnight ending the last simulated day (offset in effect just before it).
    public var endInstant: Double {
        let guess = LocalClock.startOfDay(firstDay + days, utcOffsetSeconds: offsets.initialUTCOffsetSeconds)
        var offset = offsets.offset(at: guess)
        for _ in 0..<3 { offset = offsets.offset(at: LocalClock.startOfDay(firstDay + days, utcOffsetSeconds: offset) - 1) }
        return LocalClock.startOfDay(firstDay + days, utcOffsetSeconds: offset)
    }
}
