import FetchPlanner
import LaunchHistory
import LaunchSimulator
import Scheduling

/// The `bayes` policy's forecaster: the simulator's true probabilities of a cold launch per slot,
/// given the history so far — the limit a perfect model could reach on simulated data.
public struct BayesForecaster: Forecaster {
    /// The simulator's ground truth.
    public let truth: GroundTruth

    /// A forecaster reading `truth`.
    public init(truth: GroundTruth) {
        self.truth = truth
    }

    public mutating func forecast(_ context: ForecastContext, from start: Double, slotCount: Int,
                                  slotSeconds: Double) throws -> SlotForecast {
        let rows = truth.slotProbabilities(device: context.device, from: start, slots: slotCount, slotSeconds: slotSeconds,
                                           history: context.history, tauSeconds: context.tauSeconds)
        return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slotCount,
                            rows: rows.map { (app: $0.key, probabilities: $0.value) })
    }
}

extension PolicyRegistry {
    /// Registers `bayes`: the scheduling pipeline on the simulator's true probabilities, with the
    /// evaluation's `tau`.
    public mutating func registerBayes(truth: GroundTruth, options: SchedulingOptions = SchedulingOptions()) {
        register("bayes") { setup in
            var o = options
            o.tauMinutes = setup.tauMinutes
            return ForecastPolicy(name: "bayes", scheduling: try SchedulingPolicy(options: o, forecaster: BayesForecaster(truth: truth)))
        }
    }
}
