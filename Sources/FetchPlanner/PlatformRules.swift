import ReveilleCore
/// The operating-system rules the planner obeys, each with a documented default.
///
/// Decoding from JSON accepts any subset of the keys; missing ones take the defaults.
public struct PlatformRules: Sendable, Codable, Equatable {
    /// Minimum seconds between two fetches of the same app (planned or spent). Default 900 (15 min,
    /// iOS's historical minimum background-fetch interval). Must be ≥ 0.
    public var minimumIntervalSeconds: Double
    /// Default per-app cap on fetches per local day (`nil` = no cap); ``AppSettings/maxFetchesPerDay``
    /// overrides it per app.
    public var maxFetchesPerAppPerDay: Int?
    /// Device-wide rate limit: at most this many fetches (planned + spent) in any half-open
    /// window `[x, x + 3600 s)`. Default 60; `nil` = unlimited.
    public var deviceFetchesPerHour: Int?
    /// Lead time in minutes: a window's `earliestBegin` is `at − leadMinutes` (clamped so that the
    /// minimum interval, the app's earliest begin date and the horizon still hold); its
    /// `latestBegin` is `at`. Default 10 (dasd looks 7.5–30 minutes ahead; tune by evaluation).
    public var leadMinutes: Double
    /// Beta prior `(alpha, beta)` for the probability that a fetch brings new data, updated with
    /// ``FetchResultCounts``: `P(new) = (newData + alpha) / (newData + noData + failed + alpha + beta)`.
    /// Default `(1, 0)`: apps without history keep their full value (`P(new) = 1`), and one
    /// fruitless fetch halves it.
    public var newDataPriorAlpha: Double
    /// See ``newDataPriorAlpha``; default 0.
    public var newDataPriorBeta: Double
    /// A fetch whose value (expected hits × P(new data)) is below this is not worth planning
    /// (the app is reported as `lowValue` when it gets nothing). Default 0.001.
    public var minimumValue: Double
    /// Local-time windows where fetching is cheaper (e.g. overnight while charging).
    public var preferredWindows: [PreferredWindow]
    /// The daily floor: every app named in ``PlanningRequest/floorApps`` gets at least one fetch on
    /// each local day the horizon touches, counted inside the budget and placed at the slot where
    /// its single-fetch value is highest (ties: the later slot). Floor fetches are reserved before
    /// the rest of the plan; when the day's budget cannot hold them all, the apps of highest value
    /// go first and the others are reported in ``FetchSchedule/leftOut`` (`budget`). Per-app rules
    /// (force-quit, caps, earliest begin, minimum interval) and the rate limit still apply.
    /// Default false here, so existing callers are unaffected; `reveille plan` turns it on.
    public var dailyFloor: Bool
    /// Android's App Standby quota: an app named in ``PlanningRequest/standbyCaps`` gets at most
    /// that many fetches per local day (its bucket's job quota; the Scheduling module's
    /// `StandbyBucket.dailyJobQuota`); a window refused by it is reported as `standbyBucket`.
    /// Default false (off): iOS has no such rule.
    public var standbyBucketQuota: Bool
    /// When set, apps not named in ``PlanningRequest/recentApps`` (not launched in this many days
    /// before the plan) get nothing and are reported as `neverUsed` — the "it stopped after the
    /// user didn't open the app" behaviour. Default `nil` (off); 1…365 when set.
    public var recentUseDays: Int?

    /// Creates rules; every parameter has the default documented on its property.
    public init(minimumIntervalSeconds: Double = 900, maxFetchesPerAppPerDay: Int? = nil,
                deviceFetchesPerHour: Int? = 60, leadMinutes: Double = 10,
                newDataPriorAlpha: Double = 1, newDataPriorBeta: Double = 0, minimumValue: Double = 0.001,
                preferredWindows: [PreferredWindow] = [], dailyFloor: Bool = false,
                standbyBucketQuota: Bool = false, recentUseDays: Int? = nil) {
        self.minimumIntervalSeconds = minimumIntervalSeconds
        self.maxFetchesPerAppPerDay = maxFetchesPerAppPerDay
        self.deviceFetchesPerHour = deviceFetchesPerHour
        self.leadMinutes = leadMinutes
        self.newDataPriorAlpha = newDataPriorAlpha
        self.newDataPriorBeta = newDataPriorBeta
        self.minimumValue = minimumValue
        self.preferredWindows = preferredWindows
        self.dailyFloor = dailyFloor
        self.standbyBucketQuota = standbyBucketQuota
        self.recentUseDays = recentUseDays
    }

    /// Decodes rules, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PlatformRules()
        minimumIntervalSeconds = try c.decodeIfPresent(Double.self, forKey: .minimumIntervalSeconds) ?? d.minimumIntervalSeconds
        maxFetchesPerAppPerDay = try c.decodeIfPresent(Int.self, forKey: .maxFetchesPerAppPerDay)
        deviceFetchesPerHour = c.contains(.deviceFetchesPerHour)
            ? try c.decodeIfPresent(Int.self, forKey: .deviceFetchesPerHour) : d.deviceFetchesPerHour
        leadMinutes = try c.decodeIfPresent(Double.self, forKey: .leadMinutes) ?? d.leadMinutes
        newDataPriorAlpha = try c.decodeIfPresent(Double.self, forKey: .newDataPriorAlpha) ?? d.newDataPriorAlpha
        newDataPriorBeta = try c.decodeIfPresent(Double.self, forKey: .newDataPriorBeta) ?? d.newDataPriorBeta
        minimumValue = try c.decodeIfPresent(Double.self, forKey: .minimumValue) ?? d.minimumValue
        preferredWindows = try c.decodeIfPresent([PreferredWindow].self, forKey: .preferredWindows) ?? []
        dailyFloor = try c.decodeIfPresent(Bool.self, forKey: .dailyFloor) ?? false
        standbyBucketQuota = try c.decodeIfPresent(Bool.self, forKey: .standbyBucketQuota) ?? false
        recentUseDays = try c.decodeIfPresent(Int.self, forKey: .recentUseDays)
    }
}

/// A daily local-time window in which a fetch costs `costMultiplier` times its usual energy, e.g.
/// `PreferredWindow(startMinute: 0, endMinute: 360, costMultiplier: 0.25)` for "overnight while
/// charging". A window with `startMinute > endMinute` wraps past midnight. The multiplier applies
/// to a fetch whose `at` falls in `[startMinute, endMinute)` of its local day; where windows
/// overlap, the smallest multiplier wins.
public struct PreferredWindow: Sendable, Codable, Equatable {
    /// Start, minutes after local midnight, in [0, 1440).
    public var startMinute: Int
    /// End (exclusive), minutes after local midnight, in [0, 1440].
    public var endMinute: Int
    /// Energy multiplier for fetches inside the window, in ``costMultiplierRange``; below 1 means
    /// cheaper.
    public var costMultiplier: Double
    /// The multipliers accepted: a thousandth to a thousand times a fetch's usual energy. A
    /// schedule prints energy costs to six decimals, so a smaller multiplier (1e-300 was
    /// accepted) printed fetches costing 0, which its own schema refuses.
    public static let costMultiplierRange: ClosedRange<Double> = 0.001...1000
    /// Creates a preferred window.
    public init(startMinute: Int, endMinute: Int, costMultiplier: Double) {
        self.startMinute = startMinute
        self.endMinute = endMinute
        self.costMultiplier = costMultiplier
    }

    /// Whether a local minute-of-day lies inside the window.
    public func contains(minuteOfDay m: Int) -> Bool {
        startMinute <= endMinute ? (m >= startMinute && m < endMinute) : (m >= startMinute || m < endMinute)
    }
}
