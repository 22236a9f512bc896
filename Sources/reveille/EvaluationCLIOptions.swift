import Foundation
import LaunchHistory
import ReveilleCore
import ArgumentParser
import Evaluation
import LaunchSimulator
import LinearAlgebra
import Scheduling

extension EvaluationMode: ExpressibleByArgument {}

/// The policies the CLI offers: the protocol's baselines plus the project's own policies, which
/// are registered here (one `registry.register(name) { device in … }` line each).
enum PolicyCatalog {
    /// Every policy the CLI can evaluate.
    static var registry: PolicyRegistry {
        var registry = PolicyRegistry.builtIn
        registry.registerReveille()
        registry.registerAndroidPrefetch()
        return registry
    }

    /// Default policy order: the project's policies first, then the baselines.
    static let preferredOrder = ["reveille", "bayes", "interval", "histogram", "oracle"]

    /// Registered but scored only on request (`--policy reveille-floor`).
    static let onRequest: Set<String> = ["reveille-floor", "android-prefetch", "android-prefetch-late"]

    /// Every registered policy, in `preferredOrder`, then any others by name.
    static var defaultPolicies: [String] { defaultPolicies(of: registry) }

    /// Every policy of `registry`, in `preferredOrder`, then any others by name.
    static func defaultPolicies(of registry: PolicyRegistry) -> [String] {
        let names = registry.names.filter { !onRequest.contains($0) }
        return preferredOrder.filter(names.contains) + names.filter { !preferredOrder.contains($0) }
    }
}

/// Options shared by `reveille evaluate` and `reveille bench eval`.
struct EvaluationCLIOptions: ParsableArguments {
    @Option(name: .customLong("policy"),
            help: "Policies to score (repeat or comma-separate; default: all registered that the mode supports: \(PolicyCatalog.defaultPolicies.joined(separator: ", "))).")
    var policies: [String] = []

    @Option(name: .customLong("budget"), help: ArgumentHelp("Daily budgets B (repeat or comma-separate; default 4,8,16,32).",
                                                            valueName: "B[,B…]"))
    var budgets: [BudgetListArgument] = []

    @Option(help: "Replay mode: daily (one plan per day), online (hourly re-planning) or event (a decision at every launch and hour).")
    var mode: EvaluationMode = .daily

    @Option(help: "Freshness window tau in minutes.")
    var tauMinutes: Double = 60

    @Option(help: "Warm-up days W that are never scored.")
    var warmupDays: Int = 7

    @Option(help: "Simulator ground truth (from `reveille simulate --truth`): adds the `bayes` policy, the limit a perfect model could reach.")
    var truth: String?

    func validate() throws {
        // `bayes` exists once --truth is loaded (in run); check the other names now.
        _ = try evaluationOptions(truth: nil, deferring: truth == nil ? [] : ["bayes"])
    }

    /// The library options these flags describe, loading `--truth` when given (bad truth → exit 65).
    func resolvedOptions() throws -> EvaluationOptions {
        try evaluationOptions(truth: try truth.map { try GroundTruth.load(path: $0) })
    }

    /// The note for a `--tau-minutes` the model-based policies plan on finer slots for
    /// (``SchedulingOptions/planningSlotNote``).
    var planningSlotNote: String? {
        var scheduling = SchedulingOptions()
        scheduling.tauMinutes = tauMinutes
        return scheduling.planningSlotNote
    }

    private func evaluationOptions(truth: GroundTruth?, deferring: Set<String> = []) throws -> EvaluationOptions {
        var options = EvaluationOptions()
        var registry = PolicyCatalog.registry
        if let truth { registry.registerBayes(truth: truth, file: self.truth ?? "ground truth") }
        options.registry = registry
        options.policies = policies.isEmpty
            ? PolicyCatalog.defaultPolicies(of: registry).filter { registry.supports($0, mode: mode) }
            : Self._split(policies)
        if !budgets.isEmpty { options.budgets = budgets.flatMap(\.budgets) }
        options.mode = mode
        options.tauMinutes = tauMinutes
        options.warmupDays = warmupDays
        do {
            try options.validate(deferring: deferring)
        } catch {
            throw ValidationError(error.description)
        }
        return options
    }

    private static func _split(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }
}

/// Prints evaluation progress (device-days, devices, time left) on stderr, rate-limited; nothing with `--quiet`.
func evaluationProgressNote(_ common: CommonOptions, label: String) -> EvaluationProgress.Handler? {
    ProgressPrinter(label: label, common: common).handler
}
