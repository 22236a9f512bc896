import ReveilleCore
/// Everything ``FetchPlanner/plan(_:method:)`` needs to plan one device's background fetches.
///
/// The horizon is `slotCount` consecutive slots of `slotSeconds` each, starting at `horizonStart`
/// (Unix seconds). Slot `i` is `[horizonStart + i·slotSeconds, horizonStart + (i+1)·slotSeconds)`.
/// Every app's ``AppForecast/slotProbabilities`` must have exactly `slotCount` entries.
///
/// Local wall-clock time (day boundaries for the daily budget, reason text, ISO strings) uses
/// `utcOffsetSeconds` from `horizonStart` on, replaced by each ``OffsetChange`` from its instant
/// on (a DST change or a time-zone change inside the horizon).
public struct PlanningRequest: Sendable, Codable, Equatable {
    /// The device identifier, copied into the schedule.
    public var device: String
    /// The first slot's start, Unix seconds.
    public var horizonStart: Double
    /// Slot length in seconds (e.g. 300). Must be positive.
    public var slotSeconds: Double
    /// The number of slots (e.g. 288 for 24 h of 5-minute slots). Must be positive.
    public var slotCount: Int
    /// UTC offset in effect at `horizonStart`, seconds east of UTC (within ±18 h).
    public var utcOffsetSeconds: Int
    /// Offset changes inside the horizon, sorted by instant (empty when the clock does not change).
    public var offsetChanges: [OffsetChange]
    /// Freshness window `tau` in seconds (default 3600): a fetch at `f` serves a launch at `t` iff
    /// `t - tau <= f < t`.
    public var tauSeconds: Double
    /// The daily energy budget (and optional data budget).
    public var budget: PlanningBudget
    /// Per-app forecasts; app names must be unique.
    public var apps: [AppForecast]
    /// Platform rules (minimum interval, caps, rate limit, lead time…).
    public var rules: PlatformRules
    /// Device state and per-app settings (the small JSON file; see ``DeviceState``).
    public var state: DeviceState
    /// Fetches already executed (online re-planning): they count against the budget of their
    /// local day, the per-app daily cap, the minimum interval and the rate limit, and the slots
    /// they cover are worth nothing to new fetches.
    public var spentFetches: [SpentFetch]
    /// When the plan is made, Unix seconds (copied into the schedule; never read from a clock).
    public var generatedAt: Double
    /// Apps owed the daily floor when ``PlatformRules/dailyFloor`` is on (e.g. every app launched
    /// in the last 7 days). Names not in ``apps`` are ignored. Default empty: no floor.
    public var floorApps: [String]
    /// Apps launched in the last ``PlatformRules/recentUseDays`` (read only when that rule is
    /// set; `nil` = unknown, nobody is excluded).
    public var recentApps: [String]?
    /// Per-app daily fetch caps from the Android standby bucket (read only when
    /// ``PlatformRules/standbyBucketQuota`` is on; apps not named are uncapped).
    public var standbyCaps: [String: Int]?

    /// Creates a request; see the properties for units and defaults.
    public init(device: String, horizonStart: Double, slotSeconds: Double = 300, slotCount: Int,
                utcOffsetSeconds: Int, offsetChanges: [OffsetChange] = [], tauSeconds: Double = 3600,
                budget: PlanningBudget, apps: [AppForecast], rules: PlatformRules = PlatformRules(),
                state: DeviceState = DeviceState(), spentFetches: [SpentFetch] = [], generatedAt: Double,
                floorApps: [String] = []) {
        self.device = device
        self.horizonStart = horizonStart
        self.slotSeconds = slotSeconds
        self.slotCount = slotCount
        self.utcOffsetSeconds = utcOffsetSeconds
        self.offsetChanges = offsetChanges
        self.tauSeconds = tauSeconds
        self.budget = budget
        self.apps = apps
        self.rules = rules
        self.state = state
        self.spentFetches = spentFetches
        self.generatedAt = generatedAt
        self.floorApps = floorApps
    }

    /// The horizon's end (exclusive), Unix seconds: `horizonStart + slotCount · slotSeconds`.
    public var horizonEnd: Double { horizonStart + Double(slotCount) * slotSeconds }
}

/// A change of the device's UTC offset at an instant (DST or travel).
public struct OffsetChange: Sendable, Codable, Equatable {
    /// The instant from which `utcOffsetSeconds` applies, Unix seconds.
    public var at: Double
    /// The new offset, seconds east of UTC.
    public var utcOffsetSeconds: Int
    /// Creates an offset change.
    public init(at: Double, utcOffsetSeconds: Int) {
        self.at = at
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}

/// The energy (and data) budget per local day.
///
/// The effective energy limit of a day is `floor(energyUnitsPerDay × lowPowerScale)` in Low Power
/// Mode and `energyUnitsPerDay` otherwise, minus the energy of that day's ``SpentFetch``es.
public struct PlanningBudget: Sendable, Codable, Equatable {
    /// Energy units per local day; a whole number in `0...maximumEnergyUnitsPerDay` (one fetch
    /// costs 1 unit by default).
    public var energyUnitsPerDay: Double
    /// The largest daily energy budget accepted: 96 units, one fetch every 15 minutes (iOS's
    /// shortest background-fetch interval). Planning time grows with the number of fetches, so
    /// the bound keeps a 168-hour plan to seconds.
    public static let maximumEnergyUnitsPerDay = 96
    /// Optional data budget per local day in bytes (`nil` = unlimited); each fetch uses the app's
    /// ``AppSettings/bytesPerFetch``.
    public var dataBytesPerDay: Double?
    /// Factor applied to `energyUnitsPerDay` in Low Power Mode (default 0.5, rounded down), in [0, 1].
    public var lowPowerScale: Double

    /// Creates a budget.
    public init(energyUnitsPerDay: Double, dataBytesPerDay: Double? = nil, lowPowerScale: Double = 0.5) {
        self.energyUnitsPerDay = energyUnitsPerDay
        self.dataBytesPerDay = dataBytesPerDay
        self.lowPowerScale = lowPowerScale
    }
}

/// One app's forecast over the horizon.
public struct AppForecast: Sendable, Codable, Equatable {
    /// The app identifier.
    public var app: String
    /// `P(at least one cold launch of the app in slot i)`, one entry per slot, each in [0, 1].
    /// Cold launches are at least `tau` apart, so for slots no longer than `tau` this equals the
    /// expected number of cold launches in the slot.
    public var slotProbabilities: [Double]
    /// Energy units per fetch (default 1; in ``energyCostRange``).
    public var energyCost: Double
    /// The energy costs accepted per fetch: a thousandth to a thousand units. A schedule prints
    /// energy costs to six decimals, so with a preferred window's multiplier
    /// (``PreferredWindow/costMultiplierRange``) a fetch's cost prints at least 0.000001: a cost
    /// that printed as 0 would break the schedule's own schema.
    public static let energyCostRange: ClosedRange<Double> = 0.001...1000
    /// What the caller knows to explain a window (optional; see ``ReasonEvidence``).
    public var evidence: ReasonEvidence?

    /// Creates a forecast.
    public init(app: String, slotProbabilities: [Double], energyCost: Double = 1, evidence: ReasonEvidence? = nil) {
        self.app = app
        self.slotProbabilities = slotProbabilities
        self.energyCost = energyCost
        self.evidence = evidence
    }
}

/// A fetch that has already happened (or is committed) in the current day.
public struct SpentFetch: Sendable, Codable, Equatable {
    /// The app fetched.
    public var app: String
    /// When, Unix seconds.
    public var at: Double
    /// Energy it cost (default 1).
    public var energyCost: Double
    /// Creates a spent fetch.
    public init(app: String, at: Double, energyCost: Double = 1) {
        self.app = app
        self.at = at
        self.energyCost = energyCost
    }
}
