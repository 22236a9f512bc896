import FetchPlanner
import ReveilleCore
import UsageModel

/// The options of the scheduling pipeline, one value carried to every stage (forecaster,
/// planner, evaluator). Defaults are the product's, chosen by `reveille evaluate` on the shared
/// sets (README, "Measured").
public struct SchedulingOptions: Sendable, Equatable {
    /// Freshness window `tau` in minutes (default 60; 1…1440, a whole multiple of ``slotMinutes``).
    public var tauMinutes: Double = 60
    /// Planning slot length in minutes (default 15; 1…60, dividing 1440); a `tau` that is not a
    /// whole multiple of it is planned on the largest slot dividing both
    /// (``planningSlotMinutes``: 5 minutes for `tau` = 20). Fifteen minutes is the
    /// planner's own shortest spacing of an app's fetches (``PlatformRules``' 900 s), Android's
    /// shortest period of a periodic job (`JobInfo.getMinPeriodMillis()`) and the usage model's
    /// own rate grid. Against 5-minute slots: evaluation CPU 0.78× (daily) and 0.88× (event) on
    /// StudentLife (paired runs), hits level over the three sets' 36 cells (daily, online, event
    /// × B = 4/8/16/32; 41,860 → 41,837 hits; the largest losses 23 hits, bundled event B = 16,
    /// and 1 of 33, Wellbeing online B = 16) — daily StudentLife 267/450/774/1252 →
    /// 267/451/778/1259, Wellbeing 19/22/31/51 → 19/22/31/52, bundled 733/1396/2665/5114 →
    /// 731/1402/2651/5117; online 260/445/783/1257 → 264/454/787/1259, 19/22/33/52 →
    /// 19/22/32/51, 753/1455/2736/5188 → 753/1462/2717/5195; event 281/484/796/1247 →
    /// 279/483/790/1258, 23/36/45/65 → 23/36/45/65, 1016/1921/3539/6630 → 1013/1919/3516/6615.
    public var slotMinutes: Int = 15
    /// Weight of the last 28 days' hourly frequencies in the forecast, in [0, 1] (default 0.5:
    /// chosen on StudentLife and Wellbeing by hit rate at B = 8, 16, 32 over 0, 0.3, 0.5, 0.7, 1).
    public var empiricalWeight: Double = 0.5
    /// Days of history that make an app owed the daily floor (default 7; 1…365).
    public var floorLookbackDays: Int = 7
    /// Days `k` between refits of the usage model's scorer in a daily refit (default 10; 1 = every
    /// day; 1…365). The densities, rates and recency are refitted every day either way; the
    /// scorer of day `d` is the one fitted before day `d − (d mod k)`
    /// (``UsageModelForecaster/scorerRefitDays``): a pooled combiner of 21 features, it moves
    /// little from one week to the next. k = 5 saved most of a refit's cost against k = 1
    /// (evaluation CPU 0.61× on StudentLife, hit rates level: daily at B = 4/8/16/32, StudentLife
    /// 263/442/768/1255 → 266/446/773/1252, Wellbeing 19/23/31/51 → 19/23/31/53, bundled
    /// 732/1389/2667/5112 → 736/1400/2668/5116). k = 10 against k = 5: evaluation CPU 0.88× on
    /// StudentLife (daily, B = 4/8/16/32, paired runs), hits over the three sets' 36 cells
    /// (daily, online, event × B = 4/8/16/32) +42, no cell worse by more than 12 hits — daily
    /// StudentLife 267/450/774/1252, Wellbeing 19/22/31/51, bundled 733/1396/2665/5114; online
    /// 260/445/783/1257, 19/22/33/52, 753/1455/2736/5188; event 281/484/796/1247, 23/36/45/65,
    /// 1016/1921/3539/6630. k = 14 was faster (0.76×) with the same total but lost 7–12 hits
    /// on StudentLife at B = 8 and at 32 in daily and in online mode.
    public var scorerRefitDays: Int = 10
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
    /// Slot length in seconds: ``planningSlotMinutes``.
    public var slotSeconds: Double { Double(planningSlotMinutes) * 60 }

    /// The slot the pipeline plans on: ``slotMinutes`` when `tau` is a whole multiple of it, else
    /// their greatest common divisor (a divisor of ``slotMinutes``, so it divides the day too),
    /// so that a fetch's cover window `(s, s + tau]` is whole slots. `tau` = 20 or 25 minutes
    /// plans on 5-minute slots, as every `tau` did before the default became 15. For a `tau` that
    /// is not a whole number of minutes (refused by ``validate()``), ``slotMinutes``.
    public var planningSlotMinutes: Int {
        guard slotMinutes >= 1, tauMinutes.isFinite, tauMinutes >= 1, tauMinutes <= 1440,
              tauMinutes == tauMinutes.rounded() else { return slotMinutes }
        var a = slotMinutes, b = Int(tauMinutes)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// Why ``planningSlotMinutes`` is not ``slotMinutes``, for a note on stderr; `nil` when it is.
    public var planningSlotNote: String? {
        let slot = planningSlotMinutes
        guard slot != slotMinutes else { return nil }
        return "tau \(Int(tauMinutes)) min is not a multiple of the \(slotMinutes)-minute planning slot: planning on \(slot)-minute slots"
    }

    /// ``usageModel`` with this value's `tau`, and its own slot length when `tau` is a whole
    /// multiple of it (else the planner's, ``planningSlotMinutes``). The model's rates are kept per 15
    /// minutes by default — finer than any kernel bandwidth (≥ 20 min), and a third of the bytes
    /// of 5-minute rates in a model file — and the planner's slots (``planningSlotMinutes``) read them
    /// through interpolated window sums.
    public var modelOptions: UsageModelOptions {
        var o = usageModel
        o.tauMinutes = tauMinutes
        let own = usageModel.slotMinutes
        if own < 1 || 1440 % own != 0 || tauMinutes.truncatingRemainder(dividingBy: Double(own)) != 0 {
            o.slotMinutes = planningSlotMinutes
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
        let ratio = tauMinutes / Double(planningSlotMinutes)
        guard ratio == ratio.rounded() else {
            throw .invalidOption(name: "tauMinutes", expected: "a whole number of minutes")
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
