import LaunchHistory
import ReveilleCore

/// One background refresh of `app` at `instant` (Unix seconds, taken as instantaneous).
public struct Fetch: Sendable, Hashable, Codable {
    /// App identifier, as in the history.
    public var app: String
    /// Unix seconds (UTC) at which the fetch runs.
    public var instant: Double

    public init(app: String, instant: Double) {
        self.app = app
        self.instant = instant
    }
}

/// What a policy may see when it plans: the past, the day being planned and its budget.
///
/// In `daily` mode one call covers the whole day (`windowStart == dayStart`,
/// `windowEnd == dayEnd`); in `online` mode the policy is called at every hour boundary and plans
/// only `[windowStart, windowEnd)`, with the fetches already executed today in `fetchesToday`.
public struct PolicyContext: Sendable {
    /// Device identifier.
    public var device: String
    /// Every launch of the device with `instant < windowStart`, in time order.
    public var history: ArraySlice<LaunchEvent>
    /// `start(d)`: local midnight of the planned day as an instant (protocol `reveille-v1`).
    public var dayStart: Double
    /// `start(d + 1)`; fetches at or after it are dropped.
    public var dayEnd: Double
    /// First instant the plan may use.
    public var windowStart: Double
    /// The plan's fetches must be before this instant.
    public var windowEnd: Double
    /// The UTC offset (seconds, east positive) used to turn local midnight into `dayStart`.
    public var utcOffsetSeconds: Int
    /// Local day number `d` (days since 1970-01-01 local).
    public var localDay: Int
    /// The day's budget `B` (most fetches in the day).
    public var budget: Int
    /// `B` minus the fetches already executed today; a plan may hold at most this many fetches.
    public var remainingBudget: Int
    /// Fetches already executed today (online mode; empty in daily mode).
    public var fetchesToday: [Fetch]
    /// Freshness window tau in seconds.
    public var tauSeconds: Double
    /// Local day of the device's first launch (day 0 of the replay).
    public var firstLocalDay: Int
    /// The replay's per-launch facts of the device's whole history, of which ``history`` is a
    /// slice (`nil` when the caller has none; policies then compute what they need).
    package var launchFacts: LaunchFacts?
    /// The replay's oracle cover of the day (the very cover `oracle` plans: the day's cold
    /// launches from ``launchFacts``' flags), shared so that the policy does not build it again
    /// (`nil` outside a replay; the policy then builds its own).
    var oracleCover: _OracleDay?

    public init(device: String, history: ArraySlice<LaunchEvent>, dayStart: Double, dayEnd: Double,
                windowStart: Double, windowEnd: Double, utcOffsetSeconds: Int, localDay: Int,
                budget: Int, remainingBudget: Int, fetchesToday: [Fetch], tauSeconds: Double,
                firstLocalDay: Int) {
        self.device = device
        self.history = history
        self.dayStart = dayStart
        self.dayEnd = dayEnd
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.utcOffsetSeconds = utcOffsetSeconds
        self.localDay = localDay
        self.budget = budget
        self.remainingBudget = remainingBudget
        self.fetchesToday = fetchesToday
        self.tauSeconds = tauSeconds
        self.firstLocalDay = firstLocalDay
    }

    /// Whether this is the day's first call (the one whose probabilities are scored).
    public var isFirstCallOfDay: Bool { windowStart == dayStart }
}

/// A policy's answer for one window.
public struct PolicyPlan: Sendable {
    /// Fetches inside `[windowStart, windowEnd)`, at most `remainingBudget` of them.
    public var fetches: [Fetch]
    /// Optional forecast: per app, 24 values for the local hours 0–23 of day `d`, each the
    /// probability of at least one cold launch in that hour. Only the day's first call is scored;
    /// apps seen in training but missing here count as probability 0.
    public var hourlyProbabilities: [String: [Double]]?
    /// Apps the policy owes a fetch today under a daily floor (from the day's first call; `nil`
    /// for policies without one). The evaluator reports the share of them that got a fetch.
    public var floorApps: [String]?

    public init(fetches: [Fetch], hourlyProbabilities: [String: [Double]]? = nil, floorApps: [String]? = nil) {
        self.fetches = fetches
        self.hourlyProbabilities = hourlyProbabilities
        self.floorApps = floorApps
    }
}

/// A fetch-planning policy scored by the evaluator.
///
/// The evaluator creates one value per (device, policy) and calls it day by day in time order;
/// within a day the budgets come in ascending order: in modes `daily` and `event` all calls of
/// one budget come before the next budget, in mode `online` the calls come hour by hour, each
/// hour's budgets in ascending order. A policy may therefore cache a per-day model in its state
/// (and, in online mode, a per-day plan per budget).
public protocol FetchPolicy: Sendable {
    /// The policy's name as used in results (`interval`, `histogram`, `oracle`, `reveille`, …).
    var name: String { get }
    /// Plans the fetches of `context`'s window. Throwing aborts the evaluation.
    mutating func plan(_ context: PolicyContext) throws -> PolicyPlan
    /// Whether a day's plans depend on the day's contexts alone, not on the days planned before
    /// (default `false`). The evaluator may then plan a device's days on copies of the policy
    /// concurrently (when there are fewer devices than cores), with the same results.
    var plansEachDayAlone: Bool { get }
}

extension FetchPolicy {
    public var plansEachDayAlone: Bool { false }
}
