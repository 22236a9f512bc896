import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// The planned horizon as the command line gives it: `--from`, `--hours` and the local clock —
/// `--from`'s offset, or the offsets of `--zone` with its changes inside the horizon.
struct PlanHorizon {
    let start: Double
    let utcOffsetSeconds: Int
    let hours: Int
    let offsetChanges: [OffsetChange]

    init(start: Double, utcOffsetSeconds: Int, hours: Int, zone: TimeZone? = nil) {
        self.start = start
        self.hours = hours
        guard let zone else {
            self.utcOffsetSeconds = utcOffsetSeconds
            self.offsetChanges = []
            return
        }
        self.utcOffsetSeconds = zone.secondsFromGMT(for: Date(timeIntervalSince1970: start))
        var changes: [OffsetChange] = []
        var t = Date(timeIntervalSince1970: start)
        let end = Date(timeIntervalSince1970: start + Double(hours) * 3600)
        while let next = zone.nextDaylightSavingTimeTransition(after: t), next < end, changes.count < 16 {
            changes.append(OffsetChange(at: next.timeIntervalSince1970, utcOffsetSeconds: zone.secondsFromGMT(for: next)))
            t = next
        }
        self.offsetChanges = changes
    }

    var end: Double { start + Double(hours) * 3600 }
}

/// What every `reveille plan` channel reads: one planning source per device (model file and/or
/// history), and the scheduling options built once from the command line.
struct PlanInputs {
    let sources: [DevicePlanningSource]
    let options: SchedulingOptions

    static func load(model: String?, history: String?, device: String?, options: SchedulingOptions) throws -> PlanInputs {
        let file = try model.map { try UsageModelFile.load(path: $0) }
        let launches = try history.map { try HistoryReader.read(path: $0, options: HistoryReadOptions()) }
        return PlanInputs(sources: try DevicePlanningSource.sources(modelFile: file, history: launches, device: device,
                                                                    sourceName: model ?? history ?? "the input"),
                          options: options)
    }

    /// The pipeline and request of one device over `horizon` (reasons on).
    func request(_ source: DevicePlanningSource, _ horizon: PlanHorizon, budget: Int,
                 state: DeviceState = DeviceState()) throws -> (policy: ReveillePolicy, request: ScheduleRequest) {
        let policy = try source.policy(options: options)
        let context = source.context(start: horizon.start, utcOffsetSeconds: horizon.utcOffsetSeconds,
                                     tauSeconds: policy.options.tauSeconds)
        return (policy, ScheduleRequest(context: context, start: horizon.start, end: horizon.end,
                                        offsetChanges: horizon.offsetChanges, budgetPerDay: budget, state: state, explains: true))
    }
}
