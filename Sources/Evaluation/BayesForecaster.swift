import FetchPlanner
import LaunchHistory
import LaunchSimulator
import Scheduling

/// The `bayes` policy's forecaster: the simulator's true probabilities of a cold launch per slot,
/// given the history so far — the limit a perfect model could reach on simulated data.
public struct BayesForecaster: Forecaster {
    /// The simulator's ground truth.
    public let truth: GroundTruth
    /// The file `truth` was read from (named by the error for a device it does not hold).
    public let file: String

    /// A forecaster reading `truth`, read from `file`.
    public init(truth: GroundTruth, file: String = "ground truth") {
        self.truth = truth
        self.file = file
    }

    /// The true probabilities of `context`'s device.
    /// - Throws: `GroundTruthError` when the truth does not hold the device (a truth file of
    ///   another simulated history: its forecasts would be empty, and `bayes` would score 0).
    public mutating func forecast(_ context: ForecastContext, from start: Double, slotCount: Int,
                                  slotSeconds: Double) throws -> SlotForecast {
        guard truth.device(context.device) != nil else {
            throw GroundTruthError(path: file, reason: "no device '\(context.device)' (it holds the \(truth.devices.count) "
                                       + "devices of the history it was simulated with; give the truth of this history)")
        }
        let rows = truth.slotProbabilities(device: context.device, from: start, slots: slotCount, slotSeconds: slotSeconds,
                                           history: context.history, tauSeconds: context.tauSeconds)
        return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slotCount,
                            rows: rows.map { (app: $0.key, probabilities: $0.value) })
    }
}

extension PolicyRegistry {
    /// Registers `bayes`: the scheduling pipeline on the simulator's true probabilities, with the
    /// evaluation's `tau`.
    public mutating func registerBayes(truth: GroundTruth, file: String = "ground truth",
                                       options: SchedulingOptions = SchedulingOptions()) {
        register("bayes") { setup in
            var o = options
            o.tauMinutes = try Self.modelTauMinutes(setup)
            return ForecastPolicy(name: "bayes", scheduling: try SchedulingPolicy(options: o, forecaster: BayesForecaster(truth: truth, file: file)))
        }
    }
}
