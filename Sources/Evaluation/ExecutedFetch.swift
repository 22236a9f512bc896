import ReveilleCore

/// The decision point that put an executed fetch in the day's list (the `reason` column of
/// `reveille evaluate --fetches`). The evaluator records it, whatever the policy: a fetch keeps
/// the reason of the decision that first returned it as long as later decisions keep it.
public enum FetchReason: String, Sendable, Hashable, CaseIterable {
    /// The day's plan at `start(d)` (every fetch in mode `daily`).
    case plan
    /// Added at an hour boundary: an online re-plan, or an event-mode decision at a boundary
    /// (a policy's own timer).
    case hour
    /// Added right after a launch of the day (mode `event`): a fetch the launch triggered.
    case launch
}

/// One fetch a policy executed during an evaluation, as `reveille evaluate --fetches` writes it:
/// what each policy did, so that a researcher can inspect it and the equality of evaluated and
/// shipped plans can be checked from outside.
public struct ExecutedFetch: Sendable, Equatable {
    public var device: String
    public var policy: String
    public var budget: Int
    /// The scored local day `d` (days since 1970-01-01 local).
    public var localDay: Int
    /// When it ran, Unix seconds.
    public var instant: Double
    public var app: String
    /// Whether a cold launch of the app on day `d` followed in `(instant, instant + tau]` (a used fetch).
    public var used: Bool
    /// The decision point that scheduled it.
    public var reason: FetchReason

    /// Creates a record; see the properties.
    public init(device: String, policy: String, budget: Int, localDay: Int, instant: Double, app: String, used: Bool,
                reason: FetchReason = .plan) {
        self.device = device
        self.policy = policy
        self.budget = budget
        self.localDay = localDay
        self.instant = instant
        self.app = app
        self.used = used
        self.reason = reason
    }

    /// The CSV header `ExecutedFetch.csv(_:)` writes.
    public static let csvHeader = "device,policy,budget,local_day,instant,app,used,reason"

    /// CSV with ``csvHeader``, one row per fetch in the given order: `local_day` as `YYYY-MM-DD`,
    /// `instant` as Unix seconds, `used` as `1` or `0`, `reason` a ``FetchReason`` raw value. Fields holding a comma, quote or line
    /// break are quoted.
    public static func csv(_ fetches: [ExecutedFetch]) -> String {
        var out = csvHeader + "\n"
        for f in fetches {
            out += [CSVText.field(f.device), CSVText.field(f.policy), String(f.budget), CSVText.date(day: f.localDay),
                    CSVText.seconds(f.instant), CSVText.field(f.app), f.used ? "1" : "0", f.reason.rawValue].joined(separator: ",") + "\n"
        }
        return out
    }
}
