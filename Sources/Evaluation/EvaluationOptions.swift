import FetchPlanner
import LaunchHistory
import ReveilleCore

/// How often a policy re-plans during a scored day.
public enum EvaluationMode: String, Sendable, Codable, CaseIterable {
    /// One plan per day, made at `start(d)` for the whole day.
    case daily
    /// A plan at every hour boundary of the day for the coming hour; fetches already executed
    /// count against the day's budget.
    case online
    /// The policy sees every launch as it happens: a decision at every hour boundary and after
    /// every launch of the day (``EventDrivenPolicy``); other policies keep their `start(d)` plan.
    case event
}

/// Options of a `reveille-v1` evaluation. Defaults are the protocol's.
public struct EvaluationOptions: Sendable {
    /// Freshness window tau in minutes (default 60, must be positive).
    public var tauMinutes: Double = 60
    /// Warm-up days `W` that are never scored (default 7, in `0...maximumWarmupDays`).
    public var warmupDays: Int = 7
    /// The longest warm-up accepted: 365 days. A longer one would score nothing in any data set
    /// and report an empty result as if it were one.
    public static let maximumWarmupDays = 365
    /// The longest tau accepted, in minutes (one day, as for training): a longer window scores
    /// no day at all.
    public static let maximumTauMinutes: Double = 1440
    /// Devices with `last − first < warmupDays + minimumScoredDays` are skipped (default 7, the
    /// protocol's rule; lower it only for toy logs).
    public var minimumScoredDays: Int = 7
    /// Budgets reported, each in `0...maximumBudget` (default 4, 8, 16, 32); evaluated in
    /// ascending order.
    public var budgets: [Int] = [4, 8, 16, 32]
    /// The largest budget accepted: the planner's ``PlanningBudget/maximumEnergyUnitsPerDay`` (96
    /// fetches a day). Replay work and memory grow with the budget, so it is bounded.
    public static let maximumBudget = PlanningBudget.maximumEnergyUnitsPerDay
    /// Policies to score, by registry name, in output order (default interval, histogram, oracle).
    public var policies: [String] = ["interval", "histogram", "oracle"]
    /// Replay mode (default daily).
    public var mode: EvaluationMode = .daily
    /// Where policy names are looked up; add `reveille` or `bayes` here.
    public var registry: PolicyRegistry = .builtIn
    /// Whether the report keeps per-device results.
    public var perDevice = false
    /// Whether the report keeps every executed fetch (``EvaluationReport/executedFetches``).
    public var recordsFetches = false

    public init() {}

    /// tau in seconds.
    public var tauSeconds: Double { tauMinutes * 60 }

    /// The budgets sorted ascending without duplicates.
    public var sortedBudgets: [Int] { Array(Set(budgets)).sorted() }

    /// Throws ``EvaluationOptionsError`` when an option is out of range or a policy is unknown.
    /// Names in `deferred` are policies the caller registers later (the CLI's `bayes`, which
    /// exists once `--truth` is loaded): they count as policies but are not looked up.
    public func validate(deferring deferred: Set<String> = []) throws(EvaluationOptionsError) {
        guard tauMinutes.isFinite, tauMinutes > 0, tauMinutes <= Self.maximumTauMinutes else {
            throw .invalidOptions("tau (--tau-minutes) must be a number of minutes in (0, \(Int(Self.maximumTauMinutes))]")
        }
        guard (0...Self.maximumWarmupDays).contains(warmupDays), minimumScoredDays >= 1 else {
            throw .invalidOptions("warm-up days (--warmup-days) must be in 0…\(Self.maximumWarmupDays) and minimum scored days ≥ 1")
        }
        guard !budgets.isEmpty, budgets.allSatisfy({ (0...Self.maximumBudget).contains($0) }) else {
            throw .invalidOptions("budgets (--budget) must be one or more integers in 0…\(Self.maximumBudget)")
        }
        guard !policies.isEmpty else { throw .invalidOptions("at least one policy is needed") }
        for name in policies where !deferred.contains(name) && registry.factory(named: name) == nil {
            throw .unknownPolicy(name: name, available: registry.names)
        }
        for name in policies where !registry.supports(name, mode: mode) {
            throw .policyNeedsOtherMode(policy: name, mode: mode, supported: registry.supportedModes(of: name))
        }
    }
}

/// What a policy is made for: one device (its full history, so that an oracle can look ahead;
/// forecasting policies must only use `PolicyContext.history`) under the evaluation's `tau`.
public struct PolicySetup: Sendable {
    /// The device's whole history.
    public var device: DeviceHistory
    /// The evaluation's freshness window in minutes: a policy that plans with its own `tau`
    /// must use this one.
    public var tauMinutes: Double
    /// The one app a push evaluation times (`nil` in fetch evaluations).
    public var targetApp: String?
    /// The replay mode the policy is made for (a policy may react to launches in mode `event`).
    public var mode: EvaluationMode

    /// Creates a setup.
    public init(device: DeviceHistory, tauMinutes: Double, targetApp: String? = nil, mode: EvaluationMode = .daily) {
        self.device = device
        self.tauMinutes = tauMinutes
        self.targetApp = targetApp
        self.mode = mode
    }
}

/// Makes a fresh policy value for one device.
public typealias PolicyFactory = @Sendable (PolicySetup) throws -> any FetchPolicy

/// Policies by name. `builtIn` holds `interval`, `histogram`, `oracle` and `markov`; integrators
/// add theirs: `options.registry.register("mine") { setup in MyPolicy(tauMinutes: setup.tauMinutes) }`.
public struct PolicyRegistry: Sendable {
    private var factories: [String: PolicyFactory]
    /// Modes a policy is restricted to; absent when it runs in every mode.
    private var restrictedModes: [String: Set<EvaluationMode>] = [:]

    /// A registry with the given factories (each usable in every mode).
    public init(_ factories: [String: PolicyFactory] = [:]) {
        self.factories = factories
    }

    /// The protocol's baselines: `interval`, `histogram`, the exact `oracle`, and `markov`
    /// (mode `event` only).
    public static let builtIn: PolicyRegistry = {
        var registry = PolicyRegistry([
            "interval": { _ in IntervalPolicy() },
            "histogram": { _ in HistogramPolicy() },
            "oracle": { setup in OraclePolicy(device: setup.device) },
        ])
        registry.register("markov", modes: [.event]) { _ in MarkovPolicy() }
        return registry
    }()

    /// Adds or replaces the factory for `name`, usable in every mode.
    public mutating func register(_ name: String, _ factory: @escaping PolicyFactory) {
        factories[name] = factory
        restrictedModes[name] = nil
    }

    /// Adds or replaces the factory for `name`, usable only in `modes`
    /// (``EvaluationOptions/validate()`` refuses it in the others).
    public mutating func register(_ name: String, modes: Set<EvaluationMode>, _ factory: @escaping PolicyFactory) {
        factories[name] = factory
        restrictedModes[name] = modes
    }

    /// The modes `name` may be evaluated in, in declaration order (every mode when unrestricted).
    public func supportedModes(of name: String) -> [EvaluationMode] {
        guard let modes = restrictedModes[name] else { return EvaluationMode.allCases }
        return EvaluationMode.allCases.filter(modes.contains)
    }

    /// Whether `name` may be evaluated in `mode`.
    public func supports(_ name: String, mode: EvaluationMode) -> Bool {
        restrictedModes[name]?.contains(mode) ?? true
    }

    /// The factory registered under `name`.
    public func factory(named name: String) -> PolicyFactory? { factories[name] }

    /// Registered names, sorted.
    public var names: [String] { factories.keys.sorted() }

    /// A fresh policy for `setup`, or `nil` when `name` is not registered.
    public func makePolicy(name: String, setup: PolicySetup) throws -> (any FetchPolicy)? {
        guard let factory = factories[name] else { return nil }
        return try factory(setup)
    }
}
