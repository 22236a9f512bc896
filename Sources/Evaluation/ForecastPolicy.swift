import FetchPlanner
import LaunchHistory
import ReveilleCore

/// Where a ``ForecastPolicy`` gets its probabilities: per app, P(at least one cold launch in each
/// slot `[start + i·slotSeconds, start + (i+1)·slotSeconds)`), knowing the launches before `start`.
public protocol LaunchForecaster: Sendable {
    /// Slot probabilities from `start` on. `context` is the policy's view (history before
    /// `windowStart`, the day's bounds and offset).
    mutating func slotProbabilities(_ context: PolicyContext, from start: Double, slots: Int, slotSeconds: Double) -> [String: [Double]]
}

/// A policy that turns a forecaster's slot probabilities into fetches with ``FetchPlanner``: it
/// plans the rest of the day under the remaining budget (fetches already spent today count) and
/// returns the planned fetches inside the current window. This is how `reveille` (the usage
/// model) and `bayes` (the simulator's true intensities) are evaluated.
///
/// Each planned window's `at` is a slot start `s` serving launches in `[s, s + τ)`; the fetch is
/// executed one second earlier (when that stays inside the window) so that a launch at exactly
/// `s` is covered too under the protocol's `t − τ ≤ f < t`.
public struct ForecastPolicy<Forecaster: LaunchForecaster>: FetchPolicy {
    public let name: String
    public var forecaster: Forecaster
    /// Slot length of the plan in seconds (τ must be a whole multiple).
    public var slotSeconds: Double
    /// Planner rules (minimum interval, caps, …).
    public var rules: PlatformRules
    /// Planning method.
    public var method: PlanningMethod

    public init(name: String, forecaster: Forecaster, slotSeconds: Double = 300,
                rules: PlatformRules = PlatformRules(), method: PlanningMethod = .best) {
        self.name = name
        self.forecaster = forecaster
        self.slotSeconds = slotSeconds
        self.rules = rules
        self.method = method
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        var hourly: [String: [Double]]? = nil
        if context.isFirstCallOfDay {
            hourly = forecaster.slotProbabilities(context, from: context.dayStart, slots: 24, slotSeconds: 3600)
        }
        let slots = Int(((context.dayEnd - context.windowStart) / slotSeconds).rounded(.down))
        guard context.remainingBudget > 0, slots > 0 else { return PolicyPlan(fetches: [], hourlyProbabilities: hourly) }
        let forecast = forecaster.slotProbabilities(context, from: context.windowStart, slots: slots, slotSeconds: slotSeconds)
        let floorApps = rules.dailyFloor ? Self._floorApps(context, forecast: forecast) : []
        let request = PlanningRequest(
            device: context.device, horizonStart: context.windowStart, slotSeconds: slotSeconds, slotCount: slots,
            utcOffsetSeconds: context.utcOffsetSeconds, tauSeconds: context.tauSeconds,
            budget: PlanningBudget(energyUnitsPerDay: Double(context.budget)),
            apps: forecast.keys.sorted().compactMap { app in
                guard let p = forecast[app] else { return nil }
                return AppForecast(app: app, slotProbabilities: p.map { min(1, max(0, $0.isFinite ? $0 : 0)) })
            },
            rules: rules,
            spentFetches: context.fetchesToday.map { SpentFetch(app: $0.app, at: $0.instant) },
            generatedAt: context.windowStart,
            floorApps: floorApps)
        let schedule = try FetchPlanner.plan(request, method: method)
        var fetches: [Fetch] = []
        for window in schedule.windows where window.atUnix >= context.windowStart && window.atUnix < context.windowEnd {
            let early = window.atUnix - 1
            fetches.append(Fetch(app: window.app, instant: early >= context.windowStart ? early : window.atUnix))
        }
        return PolicyPlan(fetches: Array(fetches.prefix(context.remainingBudget)), hourlyProbabilities: hourly,
                          floorApps: rules.dailyFloor && context.isFirstCallOfDay ? floorApps : nil)
    }

    /// Days of history that make an app owed the daily floor.
    public static var floorLookbackDays: Double { 7 }

    /// Apps with a launch in the `floorLookbackDays` before the day starts that the forecast knows.
    static func _floorApps(_ context: PolicyContext, forecast: [String: [Double]]) -> [String] {
        let since = context.dayStart - floorLookbackDays * LocalClock.secondsPerDay
        var apps = Set<String>()
        for launch in context.history.reversed() {
            guard launch.instant >= since else { break }
            if launch.instant < context.dayStart, forecast[launch.app] != nil { apps.insert(launch.app) }
        }
        return apps.sorted()
    }
}
