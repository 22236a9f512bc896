import ReveilleCore

/// The planner's typed result for one device: chosen fetches with their marginal numbers, the
/// budget use per local day and the apps left out, all in Unix seconds and plain numbers.
///
/// ``FetchPlanner/plan(_:method:)`` returns this; nothing here is formatted. The JSON document
/// users receive, ``FetchSchedule``, is built from it by ``FetchSchedule/init(_:)`` (ISO times,
/// rounding, reason sentences) only when a document is written — the evaluator reads the windows
/// directly.
public struct FetchPlan: Sendable, Equatable {
    /// The device planned for.
    public var device: String
    /// The request's `generatedAt`, Unix seconds.
    public var generatedAt: Double
    /// The method whose plan was kept (`greedy` or `lagrangian`, never `best`).
    public var method: PlanningMethod
    /// The horizon `[horizonStart, horizonEnd)`, Unix seconds.
    public var horizonStart: Double
    public var horizonEnd: Double
    /// Slot length and freshness window `tau`, seconds.
    public var slotSeconds: Double
    public var tauSeconds: Double
    /// The device's UTC offset at `horizonStart` and its changes inside the horizon.
    public var utcOffsetSeconds: Int
    public var offsetChanges: [OffsetChange]
    /// Budget use over the horizon.
    public var budget: Budget
    /// Expected hits of the whole plan (spent fetches excluded).
    public var expectedHits: Double
    /// Expected hits weighted by each app's P(new data): what the planner maximised.
    public var value: Double
    /// The planned fetches, sorted by `at`, then app.
    public var windows: [Window]
    /// Apps without a window, sorted by app.
    public var leftOut: [LeftOut]
    /// The apps owed the daily floor (the request's `floorApps` it knows, sorted; empty when the
    /// floor is off).
    public var floorApps: [String]
    /// `sha256:…` of the usage model behind the forecast, when the caller set it
    /// (``FetchSchedule/modelDigest``); the planner itself never sees a model.
    public var modelDigest: String? = nil

    /// Energy limits and use; `limit` and `planned` total over the local days the horizon touches.
    public struct Budget: Sendable, Equatable {
        public var limit: Double
        public var planned: Double
        public var lowPowerMode: Bool
        public var days: [Day]
    }

    /// One local day's budget.
    public struct Day: Sendable, Equatable {
        /// Local day number (days since 1970-01-01 local).
        public var localDay: Int
        /// Energy units for the day after Low Power scaling (before spent fetches).
        public var limit: Double
        public var spent: Double
        public var planned: Double
        public var plannedBytes: Double
    }

    /// Why a window is in the plan (a closed set).
    public enum ReasonCode: String, Sendable, Codable, CaseIterable {
        /// Chosen for its forecast value.
        case forecast
        /// Reserved by the daily floor (``PlatformRules/dailyFloor``).
        case dailyFloor
    }

    /// One planned fetch.
    public struct Window: Sendable, Equatable {
        public var app: String
        /// The start of the slot from which the fetch serves launches: it serves `[at, at + tau)`.
        public var at: Double
        /// When the fetch runs: one second before `at`, so that a launch at exactly `at` is
        /// covered under the hit rule `t − tau ≤ f < t`; `at` itself when that second lies before
        /// the horizon. This is the instant `reveille evaluate` executes.
        public var executeAt: Double
        /// The earliest the OS may begin it (`at − leadMinutes`, clamped).
        public var earliestBegin: Double
        /// P(a cold launch in the slots this fetch newly serves), `min(1, expectedHits)`.
        public var probability: Double
        /// Expected cold launches this fetch newly serves.
        public var expectedHits: Double
        /// `expectedHits × P(new data)`.
        public var value: Double
        /// Energy units this fetch costs.
        public var energyCost: Double
        public var reasonCode: ReasonCode
        /// The first instant it newly serves and for how many minutes (for the reason sentence).
        public var servedFrom: Double
        public var servedMinutes: Int
        /// The first slot start in `[servedFrom, servedFrom + servedMinutes)` where the app's
        /// probability peaks (the earliest on ties; `servedFrom` when it is zero everywhere).
        public var nextExpectedUse: Double
        /// The caller's evidence for the app, if any.
        public var evidence: ReasonEvidence?
    }

    /// An app that got nothing: the constraint that kept its most valuable window out.
    public struct LeftOut: Sendable, Equatable {
        public var app: String
        public var constraint: FetchSchedule.Constraint
        /// Expected hits of its most valuable window, when one is worth the minimum value.
        public var bestWindowValue: Double?
    }
}
