import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// The planned horizon as the command line gives it: `--from`, `--hours` and `--zone`. Each
/// device is planned on its own clock (``DeviceClock``): `--zone` when given, else the model's
/// zone or last offset, else its history's; `--from` without an offset is that device's local time.
struct PlanHorizon {
    let from: StartArgument
    let hours: Int
    let zone: TimeZone?

    /// The start, offset at the start and offset changes inside the horizon for `source`.
    func resolved(for source: DevicePlanningSource) -> (start: Double, utcOffsetSeconds: Int, end: Double,
                                                         offsetChanges: [OffsetChange], clock: DeviceClock) {
        let approximate = from.instant ?? from.localSeconds
        let clock = source.clock(zone: zone, before: approximate)
        let start = from.instant(on: clock)
        let end = start + Double(hours) * 3600
        return (start, clock.offset(at: start), end, clock.changes(from: start, to: end), clock)
    }
}

/// What every `reveille plan` channel reads: one planning source per device (model file and/or
/// history), and the scheduling options built once from the command line.
struct PlanInputs {
    let sources: [DevicePlanningSource]
    let options: SchedulingOptions
    /// Where warnings go (stderr, even with `--quiet`).
    var warn: (String) -> Void = { _ in }

    /// Reads the model file and the history; the history's Unix times without an offset or zone
    /// column are read in `zone` (`--zone`), and are an error without it.
    static func load(model: String?, history: String?, device: String?, zone: TimeZone?,
                     options: SchedulingOptions) throws -> PlanInputs {
        let file = try model.map { try UsageModelFile.load(path: $0) }
        // With a model file the devices are the model's: of the history only the chosen device's
        // launches are read (a fleet's file for one device reads the others' device fields only).
        let only = file == nil ? nil : device
        let launches = try history.map { try HistoryReader.read(path: $0, options: HistoryReadOptions(defaultZone: zone, device: only)) }
        return PlanInputs(sources: try DevicePlanningSource.sources(modelFile: file, history: launches, device: device,
                                                                    sourceName: model ?? history ?? "the input"),
                          options: options)
    }

    /// The pipeline and request of one device over `horizon` (reasons on).
    func request(_ source: DevicePlanningSource, _ horizon: PlanHorizon, budget: Int,
                 state: DeviceState = DeviceState()) throws -> (policy: ReveillePolicy, request: ScheduleRequest) {
        let policy = try source.policy(options: options)
        let h = horizon.resolved(for: source)
        if source.startsInsideTraining(h.start, clock: h.clock) {
            warn(_insideTrainingWarning(source))
        }
        var context = source.context(start: h.start, utcOffsetSeconds: h.utcOffsetSeconds, tauSeconds: policy.options.tauSeconds)
        // The zone's DST changes inside the horizon: each slot is forecast in its own local time.
        context.offsetChanges = h.offsetChanges
        return (policy, ScheduleRequest(context: context, start: h.start, end: h.end,
                                        offsetChanges: h.offsetChanges, budgetPerDay: budget, state: state, explains: true))
    }
}

/// The warning for a start on or before the last day a model was trained on.
func _insideTrainingWarning(_ source: DevicePlanningSource) -> String {
    "\(source.device): --from is inside the model's training period (trained through "
        + "\(source.model?.trainedThroughDay ?? "?")): its rates and frequencies saw launches after the start"
}
