import FetchPlanner
import LaunchHistory
import ReveilleCore
import UsageModel

/// What one device's plan is made from: a fitted model (from a model file), its launch history,
/// or both. With a model the policy never refits; with a history only, it fits on the launches
/// before the horizon — exactly as `reveille evaluate` does for each scored day.
public struct DevicePlanningSource: Sendable {
    /// The device identifier.
    public let device: String
    /// The model read from a model file, if any.
    public let model: UsageModel?
    /// The device's launches in time order (empty without a history).
    public let launches: ArraySlice<LaunchEvent>

    /// A source; see the properties.
    public init(device: String, model: UsageModel?, launches: ArraySlice<LaunchEvent>) {
        self.device = device
        self.model = model
        self.launches = launches
    }

    /// The product policy for this device: on the model when there is one, else refitting.
    public func policy(options: SchedulingOptions) throws(SchedulingError) -> ReveillePolicy {
        if let model { return try ReveillePolicy(options: options, model: model) }
        return try ReveillePolicy(options: options)
    }

    /// The forecast context of a plan starting at `start` under `utcOffsetSeconds`.
    public func context(start: Double, utcOffsetSeconds: Int, tauSeconds: Double) -> ForecastContext {
        .planning(device: device, history: launches, start: start, utcOffsetSeconds: utcOffsetSeconds, tauSeconds: tauSeconds)
    }

    /// One source per device, sorted by device: the model file's devices when there is one
    /// (each with its history, if `history` has it), else the history's devices; only `device`
    /// when given.
    /// - Throws: `UnknownDeviceError` when `device` is not there (`sourceName` names where the
    ///   devices came from), or ``SchedulingError/nothingToPlanFrom`` when both are `nil`.
    public static func sources(modelFile: UsageModelFile?, history: LaunchHistory?, device: String? = nil,
                               sourceName: String = "the model file") throws -> [DevicePlanningSource] {
        let ids: [String]
        if let modelFile { ids = modelFile.deviceIDs } else if let history { ids = history.devices.map(\.device).sorted() } else {
            throw SchedulingError.nothingToPlanFrom
        }
        let chosen: [String]
        if let device {
            guard ids.contains(device) else { throw UnknownDeviceError(device: device, source: sourceName, available: ids) }
            chosen = [device]
        } else {
            chosen = ids
        }
        return chosen.map { id in
            DevicePlanningSource(device: id, model: modelFile?.devices[id], launches: history?.device(id).map { Array($0.launches)[...] } ?? [])
        }
    }
}
