import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// Options of a push evaluation (protocol `reveille-v1`, daily mode, restricted to one app).
public struct PushEvaluationOptions: Sendable {
    /// Freshness window tau in minutes (default 60; positive, a whole multiple of 5 for `model`).
    public var tauMinutes: Double = 60
    /// Warm-up days `W` never scored (default 7, at most ``EvaluationOptions/maximumWarmupDays``).
    public var warmupDays: Int = 7
    /// Devices with `last − first < warmupDays + minimumScoredDays` are skipped (default 7).
    public var minimumScoredDays: Int = 7
    /// The push budget (default at most 4 per local day, at least 3 h apart). The spacing also
    /// holds across local midnight: a day's first push is at least the spacing after the previous
    /// day's last push of the same policy.
    public var rules = PushRules()
    /// Policies by registry name, in output order (default model, every6h, oracle).
    public var policies: [String] = ["model", "every6h", "oracle"]
    /// Options of the usage model fitted by `model`.
    public var modelOptions = UsageModelOptions()
    /// Where policy names are looked up: by default ``PolicyRegistry/pushPolicies(rules:options:)``
    /// under ``rules`` and ``modelOptions``; integrators may add theirs (each gets the app as
    /// ``PolicySetup/targetApp`` and must return fetches of that app only).
    public var registry: PolicyRegistry {
        get { customRegistry ?? .pushPolicies(rules: rules, options: schedulingOptions) }
        set { customRegistry = newValue }
    }
    private var customRegistry: PolicyRegistry?

    /// The scheduling options of `model`: ``modelOptions`` at ``tauMinutes``.
    public var schedulingOptions: SchedulingOptions {
        var o = SchedulingOptions()
        o.usageModel = modelOptions
        o.tauMinutes = tauMinutes
        return o
    }

    public init() {}

    /// tau in seconds.
    public var tauSeconds: Double { tauMinutes * 60 }

    /// Throws ``EvaluationOptionsError/invalidOptions(_:)`` when an option is out of range.
    public func validate() throws(EvaluationOptionsError) {
        guard tauMinutes.isFinite, tauMinutes > 0, (tauMinutes / 5).rounded() == tauMinutes / 5 else {
            throw .invalidOptions("tau must be a positive whole multiple of 5 minutes")
        }
        guard (0...EvaluationOptions.maximumWarmupDays).contains(warmupDays), minimumScoredDays >= 1 else {
            throw .invalidOptions("warm-up days must be in 0…\(EvaluationOptions.maximumWarmupDays) and minimum scored days ≥ 1")
        }
        guard (0...PushRules.maximumPushesPerDay).contains(rules.maxPushesPerDay), rules.minimumSpacingSeconds.isFinite,
              rules.minimumSpacingSeconds >= 0 else {
            throw .invalidOptions("pushes per day must be in 0…\(PushRules.maximumPushesPerDay) and the spacing a finite number of hours ≥ 0")
        }
        guard !policies.isEmpty else { throw .invalidOptions("at least one policy is needed") }
        let registry = self.registry
        for name in policies where registry.factory(named: name) == nil {
            throw .unknownPolicy(name: name, available: registry.names)
        }
    }
}

/// A push policy broke the push rules (a bug, never a result).
public struct PushRuleViolation: Error, CustomStringConvertible, Equatable {
    /// Policy name.
    public var policy: String
    /// Device identifier.
    public var device: String
    /// Local day number.
    public var localDay: Int
    /// What was broken.
    public var detail: String

    public var description: String {
        "push policy \(policy) broke the push rules on device \(device), local day \(localDay): \(detail)"
    }
}
