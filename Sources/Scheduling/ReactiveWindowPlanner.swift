import LaunchHistory
import ReveilleCore
import UsageModel

/// Plans each day's model windows for a ``ReactiveScheduler`` that runs on its own
/// (`reveille react`): the product pipeline (``ReveillePolicy``) on a model file's model, its
/// history the launches given at the start plus every launch the scheduler has seen since,
/// before the day. With the history the model was trained on, a day's windows are the ones
/// `reveille evaluate --mode event` plans for that day. Launches older than 29 days before the
/// newest are dropped (the forecast reads 28 days; the recency features 8), so memory stays
/// bounded on an endless stream.
public struct ReactiveWindowPlanner: Sendable {
    private var policy: ReveillePolicy
    private let device: String
    private var launches: [LaunchEvent]
    private var firstLocalDay: Int?

    /// A planner for `model` (its device and tau) with `history` (that device's launches, in
    /// time order; may be empty) and `options` for the rest of the pipeline.
    /// - Throws: ``SchedulingError`` for an option out of range.
    public init(model: UsageModel, history: [LaunchEvent] = [], options: SchedulingOptions = SchedulingOptions())
        throws(SchedulingError) {
        policy = try ReveillePolicy(options: options, model: model)
        device = model.device
        launches = history
        firstLocalDay = history.first?.localDay
    }

    /// Adds a launch (in time order).
    public mutating func record(_ launch: LaunchEvent) {
        if firstLocalDay == nil { firstLocalDay = launch.localDay }
        launches.append(launch)
        let oldest = launch.instant - 29 * 86_400
        if let first = launches.first, first.instant < oldest, launches.count > 1_024 {
            launches.removeFirst(launches.prefix { $0.instant < oldest }.count)
        }
    }

    /// The day `[start, end)`'s plan at `budget` as windows, or `nil` when the pipeline fails
    /// (the scheduler then keeps the histogram's windows).
    public mutating func windows(start: Double, end: Double, utcOffsetSeconds: Int, budget: Int,
                                 tauSeconds: Double) -> [FetchDecision]? {
        let day = LocalClock.day(localSeconds: LocalClock.localSeconds(instant: start, utcOffsetSeconds: utcOffsetSeconds))
        let before = launches.prefix { $0.instant < start }
        let context = ForecastContext(device: device, history: before, dayStart: start, localDay: day,
                                      firstLocalDay: firstLocalDay ?? day, utcOffsetSeconds: utcOffsetSeconds,
                                      tauSeconds: tauSeconds)
        return try? policy.reactiveWindows(context, end: end, budget: budget)
    }
}
