import LaunchHistory
import ReveilleCore

/// Evaluates silent-push timing for one app per device: protocol `reveille-v1` daily mode (same
/// `start(d)`, warm-up, last day not scored, device skipping), restricted to that app's cold
/// launches, with the push rules (``PushEvaluationOptions/rules``) in place of the fetch budget.
/// A push at `f` hits a cold launch at `t` iff `t − tau ≤ f < t` the same local day.
public enum PushEvaluator {
    /// Evaluates every device (or only `device`) for `app`, or for each device's most launched app
    /// when `app` is `nil`. Devices that never launched `app` are left out.
    /// - Throws: ``EvaluationOptionsError`` for bad options, ``PushEvaluationInputError`` for an
    ///   unknown device or app, ``PushRuleViolation`` when a policy breaks the rules (a bug),
    ///   `PlanningError` from the push planner.
    /// - Complexity: one usage-model fit per scored day and device (the `model` policy).
    public static func evaluate(_ history: LaunchHistory, app: String? = nil, device: String? = nil,
                                options: PushEvaluationOptions = PushEvaluationOptions()) throws -> PushEvaluationReport {
        try options.validate()
        var selected = history.devices
        if let device {
            selected = selected.filter { $0.device == device }
            guard !selected.isEmpty else { throw PushEvaluationInputError.unknownDevice(device) }
        }
        if let app {
            selected = selected.filter { $0.launches.contains { $0.app == app } }
            guard !selected.isEmpty else { throw PushEvaluationInputError.unknownApp(app) }
        }
        var results: [PushDeviceResult] = [], skipped: [String] = []
        var pooled = options.policies.map { PushPolicyResult(policy: $0) }
        for d in selected {
            guard let target = app ?? mostLaunchedApp(d),
                  let result = try evaluateDevice(d, app: target, options: options) else {
                skipped.append(d.device)
                continue
            }
            results.append(result)
            for i in pooled.indices { pooled[i].merge(result.results[i]) }
        }
        return PushEvaluationReport(tauMinutes: options.tauMinutes, warmupDays: options.warmupDays,
                                    maxPushesPerDay: options.rules.maxPushesPerDay,
                                    spacingHours: options.rules.minimumSpacingSeconds / 3600,
                                    devices: results, skippedDevices: skipped.sorted(), pooled: pooled)
    }

    /// One device and app, or `nil` when the device's history is too short to score.
    public static func evaluateDevice(_ device: DeviceHistory, app: String,
                                      options: PushEvaluationOptions = PushEvaluationOptions()) throws -> PushDeviceResult? {
        try options.validate()
        let timeline = _DeviceTimeline(history: device, tauSeconds: options.tauSeconds)
        guard let days = timeline.scoredDays(warmupDays: options.warmupDays, minimumScoredDays: options.minimumScoredDays) else {
            return nil
        }
        var replay = try _PushReplay(timeline: timeline, app: app, options: options, days: days)
        return PushDeviceResult(device: device.device, app: app, results: try replay.run())
    }

    /// The app with the most launches on the device (ties: the smaller name), `nil` when empty.
    public static func mostLaunchedApp(_ device: DeviceHistory) -> String? {
        var counts: [String: Int] = [:]
        for launch in device.launches { counts[launch.app, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.first?.key
    }
}

/// A device or app named for the push evaluation that the history does not hold (CLI exit 64).
public enum PushEvaluationInputError: UsageMistake, Equatable {
    /// No device with this identifier.
    case unknownDevice(String)
    /// No selected device ever launched this app.
    case unknownApp(String)

    public var description: String {
        switch self {
        case let .unknownDevice(device): return "no device '\(device)' in the history"
        case let .unknownApp(app): return "no launch of app '\(app)' on the selected devices"
        }
    }
}
