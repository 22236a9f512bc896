/// An instant with the UTC offset it was written with (from an ISO-8601 timestamp).
public struct ReportInstant: Sendable, Hashable {
    /// Unix seconds (UTC).
    public var instant: Double
    /// UTC offset in seconds (east positive).
    public var utcOffsetSeconds: Int

    /// Creates an instant with its offset.
    public init(instant: Double, utcOffsetSeconds: Int) {
        self.instant = instant
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Local wall-clock seconds (`instant + offset`).
    public var localSeconds: Double { instant + Double(utcOffsetSeconds) }
}

/// One device's planned fetch schedule, as written by `reveille plan`, decoded leniently
/// (see ``decode(_:file:)``).
public struct PlannedSchedule: Sendable, Equatable {
    /// Device identifier.
    public var device: String
    /// The planning horizon `[start, end)`, when given.
    public var horizonStart: ReportInstant?
    /// End of the horizon (exclusive).
    public var horizonEnd: ReportInstant?
    /// Fetches allowed per day (energy units) and fetches planned, when given.
    public var budgetLimit: Double?
    /// Energy units the plan spends.
    public var budgetPlanned: Double?
    /// Planned fetch windows, in file order.
    public var windows: [PlannedWindow]
    /// Apps the planner left out, with the constraint that excluded them.
    public var leftOut: [LeftOutApp]

    /// Creates a schedule (for callers that plan in-process).
    public init(device: String, horizonStart: ReportInstant? = nil, horizonEnd: ReportInstant? = nil,
                budgetLimit: Double? = nil, budgetPlanned: Double? = nil,
                windows: [PlannedWindow], leftOut: [LeftOutApp] = []) {
        self.device = device
        self.horizonStart = horizonStart
        self.horizonEnd = horizonEnd
        self.budgetLimit = budgetLimit
        self.budgetPlanned = budgetPlanned
        self.windows = windows
        self.leftOut = leftOut
    }
}

/// One planned background fetch: executed at `at`, allowed to begin in `[earliestBegin, latestBegin]`.
public struct PlannedWindow: Sendable, Equatable {
    /// App identifier.
    public var app: String
    /// The instant the fetch is executed (the protocol's fetch time).
    public var at: ReportInstant
    /// Earliest allowed start of the fetch window, when given.
    public var earliestBegin: ReportInstant?
    /// Latest allowed start of the fetch window, when given.
    public var latestBegin: ReportInstant?
    /// The model's probability of a launch served by this fetch, when given.
    public var probability: Double?
    /// Expected cold launches served, when given.
    public var expectedHits: Double?
    /// Energy units spent, when given.
    public var energyCost: Double?
    /// Free-text reason from the planner.
    public var reason: String?

    /// Creates a window.
    public init(app: String, at: ReportInstant, earliestBegin: ReportInstant? = nil, latestBegin: ReportInstant? = nil,
                probability: Double? = nil, expectedHits: Double? = nil, energyCost: Double? = nil, reason: String? = nil) {
        self.app = app
        self.at = at
        self.earliestBegin = earliestBegin
        self.latestBegin = latestBegin
        self.probability = probability
        self.expectedHits = expectedHits
        self.energyCost = energyCost
        self.reason = reason
    }
}

/// An app the planner did not schedule, and why.
public struct LeftOutApp: Sendable, Equatable {
    /// App identifier.
    public var app: String
    /// The constraint that excluded it (e.g. `budget`).
    public var constraint: String?
    /// Free-text detail.
    public var detail: String?

    /// Creates an entry.
    public init(app: String, constraint: String? = nil, detail: String? = nil) {
        self.app = app
        self.constraint = constraint
        self.detail = detail
    }
}
