import Dispatch
import LaunchHistory
import ReveilleCore
import UsageModel

extension ReveillePolicy {
    /// One device's trained model, as ``train(devices:options:finished:)`` hands it back.
    public struct TrainedDevice: Sendable {
        /// The device identifier.
        public let device: String
        /// Its model, what ``train(device:launches:options:)`` returns for its whole history.
        public let model: UsageModel
    }

    /// Trains every device of `devices` that has launches, one device per core at a time, and
    /// returns the models in input order: the same models, byte for byte, as training the
    /// devices one after the other (each device's fit depends on its own history only).
    ///
    /// `finished` is called once per device (those without launches too) as soon as it is done,
    /// from whichever thread trained it. When several devices fail, the error of the first one in
    /// input order is thrown, so the outcome does not depend on scheduling; a ``UsageModelError``
    /// is located in `source` (the history's file) at field `device ID`.
    public static func train(devices: [DeviceHistory], options: SchedulingOptions = SchedulingOptions(),
                             source: String = "history",
                             finished: @Sendable (DeviceHistory) -> Void = { _ in }) throws -> [TrainedDevice] {
        let outcomes = ConcurrentResults<UsageModel>(count: devices.count)
        DispatchQueue.concurrentPerform(iterations: devices.count) { index in
            let history = devices[index]
            defer { finished(history) }
            guard !history.launches.isEmpty else { return }
            outcomes.set(index, Result {
                try UsageModelError.locating(file: source, field: "device \(history.device)") {
                    try train(device: history.device, launches: Array(history.launches)[...], options: options)
                }
            })
        }
        var trained: [TrainedDevice] = []
        trained.reserveCapacity(devices.count)
        for (index, history) in devices.enumerated() {
            guard let outcome = outcomes.get(index) else { continue }
            trained.append(TrainedDevice(device: history.device, model: try outcome.get()))
        }
        return trained
    }
}
