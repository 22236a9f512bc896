import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling

/// The push rules and bookkeeping every push policy shares: the spacing also holds across local
/// midnight, so each policy remembers its last push.
struct _PushSpacing: Sendable {
    let rules: PushRules
    private(set) var lastPush = -Double.infinity

    init(rules: PushRules) {
        self.rules = rules
    }

    /// The earliest allowed push of the context's day.
    func notBefore(_ context: PolicyContext) -> Double { max(context.dayStart, lastPush + rules.minimumSpacingSeconds) }

    /// Records the day's pushes (ascending) and returns them as fetches of `app`.
    mutating func fetches(_ pushes: [Double], app: String) -> PolicyPlan {
        if let last = pushes.last { lastPush = last }
        return PolicyPlan(fetches: pushes.map { Fetch(app: app, instant: $0) })
    }
}

/// `every6h`: pushes at `start(d) + 0, 6, 12, 18 h`, the first ones up to the daily cap, each
/// dropped when it would come closer than the spacing to the previously kept push.
public struct Every6hPushPolicy: FetchPolicy {
    public let name = "every6h"
    let app: String
    var spacing: _PushSpacing

    /// Pushes for `app` under `rules`.
    public init(app: String, rules: PushRules) {
        self.app = app
        self.spacing = _PushSpacing(rules: rules)
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let gap = spacing.rules.minimumSpacingSeconds
        var kept: [Double] = []
        for hour in [0.0, 6, 12, 18] where kept.count < spacing.rules.maxPushesPerDay {
            let f = context.dayStart + hour * 3600
            if f < context.dayEnd, f >= max(spacing.notBefore(context), (kept.last ?? -.infinity) + gap) { kept.append(f) }
        }
        return spacing.fetches(kept, app: app)
    }
}

/// `oracle`: knows the day's cold launches of the app and pushes with ``PushOracle``'s exact best
/// cover under the cap and the spacing.
public struct OraclePushPolicy: FetchPolicy {
    public let name = "oracle"
    let app: String
    var spacing: _PushSpacing
    /// The app's cold launches by local day.
    let coldByDay: [Int: [Double]]

    /// The oracle for `app` on `device` (its whole history: the oracle looks ahead).
    public init(device: DeviceHistory, app: String, rules: PushRules, tauSeconds: Double) {
        self.app = app
        self.spacing = _PushSpacing(rules: rules)
        let launches = Array(device.launches).filter { $0.app == app }
        let cold = ColdLaunches.scan(launches, tauSeconds: tauSeconds).cold
        var byDay: [Int: [Double]] = [:]
        for (launch, isCold) in zip(launches, cold) where isCold { byDay[launch.localDay, default: []].append(launch.instant) }
        coldByDay = byDay
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let notBefore = spacing.notBefore(context)
        let coverable = (coldByDay[context.localDay] ?? []).filter { $0 - 1 >= notBefore && $0 - 1 < context.dayEnd }
        let pushes = PushOracle.pushInstants(times: coverable, tauSeconds: context.tauSeconds, maxPushes: spacing.rules.maxPushesPerDay,
                                             spacingSeconds: spacing.rules.minimumSpacingSeconds, notBefore: notBefore)
        return spacing.fetches(pushes, app: app)
    }
}

/// `model`: the product forecaster (``ReveillePolicy``'s, refitted per day) gives the app's
/// probabilities per planning slot (``SchedulingOptions/planningSlotMinutes``) and ``PushPlanner`` times the pushes; each is executed at
/// `sendAt − 1 s`. The horizon starts one second after the earliest allowed push, so every push
/// keeps the spacing, and its slots reach the day's end: the last one starts before `start(d+1)`
/// and may run past it (pushes are sent at a slot's start, so every push stays inside the day).
/// Whole slots only would leave the day's last partial slot unplanned — up to a slot less one
/// second, since the horizon starts one second past the grid.
public struct ModelPushPolicy: FetchPolicy {
    public let name = "model"
    let app: String
    var spacing: _PushSpacing
    var scheduling: ReveillePolicy

    /// Pushes for `app` under `rules`, forecasting with `options`.
    public init(app: String, rules: PushRules, options: SchedulingOptions) throws {
        self.app = app
        self.spacing = _PushSpacing(rules: rules)
        self.scheduling = try ReveillePolicy(options: options)
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let slotSeconds = scheduling.options.slotSeconds, start = spacing.notBefore(context) + 1
        let slots = Int(((context.dayEnd - start) / slotSeconds).rounded(.up))
        guard slots > 0, spacing.rules.maxPushesPerDay > 0 else { return spacing.fetches([], app: app) }
        let forecast = try scheduling.forecast(context.forecastContext, from: start, slotCount: slots, slotSeconds: slotSeconds)
        let local = context.forecastContext.plannerOffsets(dayEnd: context.dayEnd, from: start)
        let request = PushRequest(
            device: context.device, app: app, horizonStart: start, slotSeconds: slotSeconds,
            slotProbabilities: forecast.probabilities(of: app) ?? Array(repeating: 0, count: slots), utcOffsetSeconds: local.initial,
            offsetChanges: local.changes, tauSeconds: context.tauSeconds, rules: spacing.rules, generatedAt: context.dayStart)
        let pushes = try PushPlanner.plan(request).pushes.map { $0.sendAtUnix - 1 }.filter { $0 < context.dayEnd }
        return spacing.fetches(pushes, app: app)
    }
}

extension PolicyRegistry {
    /// The push policies `model`, `every6h` and `oracle` under `rules`, for the setup's
    /// ``PolicySetup/targetApp``; `model` forecasts with `options` at the evaluation's `tau`.
    public static func pushPolicies(rules: PushRules, options: SchedulingOptions = SchedulingOptions()) -> PolicyRegistry {
        var registry = PolicyRegistry()
        registry.register("model") { setup in
            var o = options
            o.tauMinutes = setup.tauMinutes
            return try ModelPushPolicy(app: setup.targetApp ?? "", rules: rules, options: o)
        }
        registry.register("every6h") { setup in Every6hPushPolicy(app: setup.targetApp ?? "", rules: rules) }
        registry.register("oracle") { setup in
            OraclePushPolicy(device: setup.device, app: setup.targetApp ?? "", rules: rules, tauSeconds: setup.tauMinutes * 60)
        }
        return registry
    }
}
