import ReveilleCore
/// A device's planned background fetches over a horizon: the planner's output.
///
/// Times are ISO-8601 strings with the device's UTC offset at that instant
/// (`2026-03-08T07:30:00-05:00`), each beside its Unix-seconds twin (`…Unix`). Windows are sorted by
/// `atUnix`, then app; `leftOut` by app. The JSON form (``jsonText()``) has sorted keys and is
/// byte-identical for identical requests; `schemas/schedule.schema.json` describes it.
public struct FetchSchedule: Codable, Sendable, Equatable {
    /// Version of this JSON layout (2: reason codes, `nextExpectedUse`, the device's offset and
    /// the model digest were added to 1).
    public var schemaVersion: Int
    /// The device planned for.
    public var device: String
    /// The request's `generatedAt`, ISO-8601.
    public var generatedAt: String
    /// The planning method that produced the windows (`greedy`, `lagrangian`).
    public var method: String
    /// The planned horizon.
    public var horizon: Horizon
    /// The device's UTC offset at the horizon's start, `±HH:MM` (histories record offsets, not
    /// zone names; changes inside the horizon show in each time's own offset).
    public var utcOffset: String
    /// ``utcOffset`` in seconds east of UTC.
    public var utcOffsetSeconds: Int
    /// `sha256:` and the hex SHA-256 of the usage model's JSON that made the forecast (the model
    /// file's, or the one fitted on the fly, whose JSON holds its options and a digest of the
    /// launches it was fitted on); absent from the JSON when the forecast came from elsewhere.
    public var modelDigest: String?
    /// Budget limit and use.
    public var budget: Budget
    /// Expected hits and value of the whole plan (spent fetches excluded).
    public var objective: Objective
    /// The planned fetches, sorted by time then app.
    public var windows: [Window]
    /// Apps that received no window, with the constraint that bound them, sorted by app.
    public var leftOut: [LeftOut]

    /// The horizon `[start, end)`.
    public struct Horizon: Codable, Sendable, Equatable {
        /// The first slot's start, ISO-8601.
        public var start: String
        /// The end (exclusive), ISO-8601 with the offset in effect then.
        public var end: String
        /// `start` in Unix seconds.
        public var startUnix: Double
        /// `end` in Unix seconds.
        public var endUnix: Double
        /// Slot length in seconds.
        public var slotSeconds: Double
        /// The freshness window `tau` in seconds.
        public var tauSeconds: Double
    }

    /// Budget of the plan. `limit` and `planned` total over the local days the horizon touches.
    public struct Budget: Codable, Sendable, Equatable {
        /// Energy units available to this plan (after Low Power scaling, minus spent).
        public var limit: Double
        /// Energy units the windows use.
        public var planned: Double
        /// Whether Low Power Mode scaled the budget.
        public var lowPowerMode: Bool
        /// Per local day.
        public var days: [Day]
    }

    /// One local day's budget.
    public struct Day: Codable, Sendable, Equatable {
        /// The local date, `YYYY-MM-DD`.
        public var date: String
        /// Energy units for the day after Low Power scaling (before spent fetches).
        public var limit: Double
        /// Energy already spent that day.
        public var spent: Double
        /// Energy planned that day.
        public var planned: Double
        /// Bytes planned that day.
        public var plannedBytes: Double
    }

    /// The plan's objective.
    public struct Objective: Codable, Sendable, Equatable {
        /// Expected number of hits (sum of covered slot probabilities).
        public var expectedHits: Double
        /// Expected hits weighted by each app's P(new data): what the planner maximised.
        public var value: Double
    }

    /// One planned fetch.
    public struct Window: Codable, Sendable, Equatable {
        /// The app to wake.
        public var app: String
        /// The instant to fire (start of the slot from which it serves launches).
        public var at: String
        /// `at` in Unix seconds.
        public var atUnix: Double
        /// The earliest the OS may run it (`at − leadMinutes`, clamped; see ``PlatformRules/leadMinutes``).
        public var earliestBegin: String
        /// The latest the OS should begin it (`at`).
        public var latestBegin: String
        /// P(a cold launch in the slots this fetch newly serves): `min(1, expectedHits)`, since cold
        /// launches are at least `tau` apart and at most one falls in the `tau` a fetch serves.
        public var probability: Double
        /// Expected cold launches this fetch newly serves (its marginal expected hits).
        public var expectedHits: Double
        /// `expectedHits × P(new data)`.
        public var value: Double
        /// Energy units this fetch costs (after preferred-window multipliers).
        public var energyCost: Double
        /// Why the window is in the plan, from a closed set: `forecast` (chosen for its forecast
        /// value) or `dailyFloor` (reserved by the daily floor).
        public var reasonCode: String
        /// The first instant in the span this window newly serves where the app's forecast
        /// peaks (the start of the slot of highest probability; the earliest on ties), ISO-8601.
        public var nextExpectedUse: String
        /// ``nextExpectedUse`` in Unix seconds.
        public var nextExpectedUseUnix: Double
        /// A short human sentence explaining the window.
        public var reason: String
    }

    /// An app that got nothing, and why.
    public struct LeftOut: Codable, Sendable, Equatable {
        /// The app.
        public var app: String
        /// The constraint that kept its most valuable window out.
        public var constraint: Constraint
        /// A short sentence with the detail.
        public var detail: String
    }

    /// The constraint that kept an app out of the plan: its most valuable window breaks this rule
    /// given the rest of the plan. A closed set; the JSON carries the raw value:
    /// - `budget`: the day's energy went to windows of higher value per unit;
    /// - `lowPower`: as `budget`, but the window would have fit the day's budget without Low
    ///   Power Mode's scaling (``PlanningBudget/lowPowerScale``);
    /// - `forceQuit`, `backgroundRefreshOff` (the issue's `refreshOff`): the app's settings;
    /// - `neverUsed`: not launched in the ``PlatformRules/recentUseDays`` before the plan;
    /// - `minimumInterval`, `dailyCap`, `notYetAllowed`, `rateLimit`, `dataBudget`: the rules;
    /// - `standbyBucket`: the daily cap from the app's Android standby bucket
    ///   (``PlatformRules/standbyBucketQuota``) is used up;
    /// - `lowValue`: no window is worth ``PlatformRules/minimumValue`` (a zero forecast, or
    ///   launches already served by spent fetches).
    public enum Constraint: String, Codable, Sendable, CaseIterable {
        case budget, forceQuit, backgroundRefreshOff, minimumInterval, lowValue, dailyCap, notYetAllowed, rateLimit
        case dataBudget, lowPower, neverUsed, standbyBucket
    }
}
