import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// The planned horizon as the command line gives it: `--from` (its offset is the local clock)
/// and `--hours`.
struct PlanHorizon {
    let start: Double
    let utcOffsetSeconds: Int
    let hours: Int
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
        return PlanInputs(sources: try DevicePlanningSource.sources(modelFile: file, history: launches, device: device),
                          options: options)
    }

    /// The pipeline and request of one device over `horizon` (reasons on).
    func request(_ source: DevicePlanningSource, _ horizon: PlanHorizon, budget: Int,
                 state: DeviceState = DeviceState()) throws -> (policy: ReveillePolicy, request: ScheduleRequest) {
        let policy = try source.policy(options: options)
        let context = source.context(start: horizon.start, utcOffsetSeconds: horizon.utcOffsetSeconds,
                                     tauSeconds: policy.options.tauSeconds)
        return (policy, ScheduleRequest(context: context, start: horizon.start, end: horizon.end, budgetPerDay: budget,
                                        state: state, explains: true))
    }
}
