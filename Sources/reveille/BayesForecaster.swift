import Evaluation
import LaunchSimulator

/// The `bayes` policy's forecaster: the simulator's true probabilities of a cold launch per slot,
/// given the history so far — the limit a perfect model could reach on simulated data.
struct BayesForecaster: LaunchForecaster {
    let truth: GroundTruth

    mutating func slotProbabilities(
        _ context: PolicyContext, from start: Double, slots: Int, slotSeconds: Double
    ) -> [String: [Double]] {
        truth.slotProbabilities(device: context.device, from: start, slots: slots, slotSeconds: slotSeconds,
                                history: context.history, tauSeconds: context.tauSeconds)
    }
}

extension PolicyRegistry {
    /// Registers `bayes`: the planner on the simulator's true probabilities (`--truth`).
    mutating func registerBayes(truth: GroundTruth) {
        register("bayes") { _ in ForecastPolicy(name: "bayes", forecaster: BayesForecaster(truth: truth)) }
    }
}
