import LaunchHistory
import ReveilleCore

/// Why an evaluation could not produce results.
public enum EvaluationError: Error, CustomStringConvertible, Equatable {
    /// A policy planned more fetches than the budget left for the day (a policy bug, never a result).
    case planOverBudget(policy: String, device: String, localDay: Int, budget: Int, remaining: Int, planned: Int)
    /// A policy planned a fetch before its window or after it (online mode) or a non-finite instant.
    case fetchOutsideWindow(policy: String, device: String, localDay: Int, instant: Double, windowStart: Double, windowEnd: Double)
    /// A policy's `hourlyProbabilities` for an app are not 24 values in `[0, 1]`.
    case invalidProbabilities(policy: String, device: String, localDay: Int, app: String)

    public var description: String {
        switch self {
        case let .planOverBudget(policy, device, day, budget, remaining, planned):
            return "plan over budget: policy \(policy) planned \(planned) fetches with \(remaining) of budget \(budget) left (device \(device), local day \(day))"
        case let .fetchOutsideWindow(policy, device, day, instant, start, end):
            return "fetch outside the planning window: policy \(policy) planned a fetch at \(instant), window [\(start), \(end)) (device \(device), local day \(day))"
        case let .invalidProbabilities(policy, device, day, _):
            return "invalid hourly probabilities from policy \(policy): each app needs 24 values in [0, 1] (device \(device), local day \(day))"
        }
    }
}

/// Unknown policies and out-of-range options: mistakes in how the evaluator was called (CLI exit 64).
public enum EvaluationOptionsError: UsageMistake, Equatable {
    /// No factory is registered under this policy name.
    case unknownPolicy(name: String, available: [String])
    /// Options out of range (budgets, tau, warm-up days).
    case invalidOptions(String)
    /// The policy is registered only for other modes (`markov` needs mode `event`).
    case policyNeedsOtherMode(policy: String, mode: EvaluationMode, supported: [EvaluationMode])

    public var description: String {
        switch self {
        case let .unknownPolicy(name, available):
            return "unknown policy '\(name)'; available: \(available.joined(separator: ", "))"
        case let .invalidOptions(message):
            return "invalid evaluation options: \(message)"
        case let .policyNeedsOtherMode(policy, mode, supported):
            return "policy '\(policy)' cannot be evaluated in mode \(mode.rawValue); it needs mode "
                + supported.map(\.rawValue).joined(separator: " or ")
        }
    }
}
