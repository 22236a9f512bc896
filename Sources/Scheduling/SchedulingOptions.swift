import FetchPlanner
import ReveilleCore
import UsageModel

/// The options of the scheduling pipeline, one value carried to every stage (forecaster,
/// planner, evaluator). Defaults are the product's, chosen by `reveille evaluate` on the shared
/// sets (README, "Measured").
public struct SchedulingOptions: Sendable, Equatable {
    /// Freshness window `tau` in minutes (default 60; 1…1440, a whole multiple of ``slotMinutes``).
    public var tauMinutes: Double = 60
    /// Planning slot length in minutes (default 5; 1…60, dividing 1440).
    public var slotMinutes: Int = 5
    /// Weight of the last 28 days' hourly frequencies in the forecast, in [0, 1] (default 0.5:
    /// chosen on StudentLife and Wellbeing by hit rate at B = 8, 16, 32 over 0, 0.3, 0.5, 0.7, 1).
    public var empiricalWeight: Double = 0.5
    /// Days of history that make an app owed the daily floor (default 7; 1…365).
    public var floorLookbackDays: Int = 7
    /// Days `k` between refits of the usage model's scorer in a daily refit (default 5; 1 = every
    /// day; 1…365). The densities, rates and recency are refitted every day either way; the
    /// scorer of day `d` is the one fitted before day `d − (d mod k)`
    /// (``UsageModelForecaster/scorerRefitDays``). It saves most of a refit's cost (evaluation
    /// CPU 0.61× on StudentLife at k = 5), hit rates level: against k = 1 in daily mode at
    /// B = 4/8/16/32, hits StudentLife 263/442/768/1255 → 266/446/773/1252, Wellbeing
    /// 19/23/31/51 → 19/23/31/53, bundled 732/1389/2667/5112 → 736/1400/2668/5116 (k = 3, 7
    /// and 14 measured alike: each within a few hits of k = 1, up or down by cell).
    public var scorerRefitDays: Int = 5
    /// Whether an hourly re-plan (evaluation mode `online`) is made when no launch has arrived
    /// since the day's last plan at that budget (default false: the last plan stands, and its
    /// windows in the new hour execute as planned). A plan changes only with what the device
    /// has seen, so a quiet hour costs no forecast and no price search: `online` CPU 0.45–0.68×
    /// on the shared sets, hits level — against `true` at B = 4/8/16/32, StudentLife
    /// 260/444/789/1254 → 257/447/782/1252, Wellbeing 19/24/33/51 → 19/24/32/50, bundled
    /// 748/1456/2714/5189 → 748/1447/2729/5196.
    public var quietHourReplans: Bool = false
    /// Planning method (default `.best`).
    public var method: PlanningMethod = .best
    /// Planner rules; `rules.dailyFloor` turns the daily floor on (default off: it costs hit rate,
    /// see README).
    public var rules: PlatformRules = PlatformRules()
    /// The usage model's own options; its `tauMinutes` is replaced by this value's, and its
    /// `slotMinutes` (default 15) by this value's when `tau` is not a multiple of it
    /// (``modelOptions``).
    public var usageModel: UsageModelOptions = UsageModelOptions()

    /// The defaults.
    public init() {}

    /// `tau` in seconds.
    public var tauSeconds: Double { tauMinutes * 60 }
    /// Slot length in seconds.
    public var slotSeconds: Double { Double(slotMinutes) * 60 }

    /// ``usageModel`` with this value's `tau`, and its own slot length when `tau` is a whole
    /// multiple of it (else the planner's ``slotMinutes``). The model's rates are kept per 15
    /// minutes by default — finer than any kernel bandwidth (≥ 20 min), and a third of the bytes
    /// of 5-minute rates in a model file — while the planner's 5-minute slots read them through
    /// interpolated window sums.
    public var modelOptions: UsageModelOptions {
        var o = usageModel
        o.tauMinutes = tauMinutes
        let own = usageModel.slotMinutes
        if own < 1 || 1440 % own != 0 || tauMinutes.truncatingRemainder(dividingBy: Double(own)) != 0 {
            o.slotMinutes = slotMinutes
        }
        return o
    }

    /// Throws when an option is out of range.
    public func validate() throws(SchedulingError) {
        guard tauMinutes.isFinite, tauMinutes >= 1, tauMinutes <= 1440 else {
            throw .invalidOption(name: "tauMinutes", expected: "1…1440 minutes")
        }
        guard slotMinutes >= 1, slotMinutes <= 60, 1440 % slotMinutes == 0 else {
            throw .invalidOption(name: "slotMinutes", expected: "1…60 minutes dividing 1440")
        }
        let ratio = tauMinutes / Double(slotMinutes)
        guard ratio == ratio.rounded() else {
            throw .invalidOption(name: "tauMinutes", expected: "a whole multiple of the \(slotMinutes)-minute slot")
        }
        guard empiricalWeight.isFinite, (0...1).contains(empiricalWeight) else {
            throw .invalidOption(name: "empiricalWeight", expected: "a number in [0, 1]")
        }
        guard (1...365).contains(scorerRefitDays) else {
            throw .invalidOption(name: "scorerRefitDays", expected: "1…365 days")
        }
        guard (1...365).contains(floorLookbackDays) else {
            throw .invalidOption(name: "floorLookbackDays", expected: "1…365 days")
        }
    }
}

/// Why the scheduling pipeline refused a request.
public enum SchedulingError: Error, Sendable, Equatable, CustomStringConvertible, UsageMistake {
    /// An option is out of range.
    case invalidOption(name: String, expected: String)
    /// The horizon's end is before its start or not finite.
    case invalidHorizon(start: Double, end: Double)
    /// Neither a model file nor a history was given.
    case nothingToPlanFrom

    public var description: String {
        switch self {
        case let .invalidOption(name, expected): return "option \(name): expected \(expected)"
        case let .invalidHorizon(start, end): return "horizon [\(start), \(end)): expected a finite end at or after the start"
        case .nothingToPlanFrom: return "nothing to plan from: expected a model file, a history, or both"
        }
    }
}
