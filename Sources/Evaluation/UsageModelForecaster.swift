import Foundation
import LaunchHistory
import ReveilleCore
import FetchPlanner
import UsageModel

/// Forecasts with Reveille's ``UsageModel``: refitted once per local day on every launch before
/// the day starts; later calls the same day (online mode) pass the day's launches so far as
/// `recentLaunches`, which update the recency features without refitting.
///
/// The model's slot probabilities are blended with the empirical hour-of-day frequency of cold
/// launches over the last 28 days (`empiricalWeight`), which sharpens the top of the ranking
/// where the smooth model spreads mass over neighbouring hours.
public struct UsageModelForecaster: LaunchForecaster {
    public var options: UsageModelOptions
    /// Weight of the empirical hourly frequency in the blend, in [0, 1]. The default 0.5 was
    /// chosen on the two real sets (StudentLife, Wellbeing) by hit rate at B = 8, 16, 32 over
    /// 0, 0.3, 0.5, 0.7, 1: 0 (model only) trails the histogram at B = 8, 1 loses the model's
    /// advantage at B = 32 and its ROC AUC.
    public var empiricalWeight: Double
    private var fitted: (day: Int, model: UsageModel?, hourly: [String: [Double]])?

    public init(options: UsageModelOptions = UsageModelOptions(), empiricalWeight: Double = 0.5) {
        self.options = options
        self.empiricalWeight = empiricalWeight
    }

    public mutating func slotProbabilities(
        _ context: PolicyContext, from start: Double, slots: Int, slotSeconds: Double
    ) -> [String: [Double]] {
        if fitted?.day != context.localDay {
            let training = Array(context.history.prefix { $0.instant < context.dayStart })
            let model = training.isEmpty ? nil : try? UsageModel.fit(training, options: options)
            fitted = (context.localDay, model, Self._hourlyFrequencies(context))
        }
        guard let fitted, let model = fitted.model else { return [:] }
        let today = context.history.drop { $0.instant < context.dayStart }
        var forecast = model.slotProbabilities(from: start, utcOffsetSeconds: context.utcOffsetSeconds, slots: slots,
                                               slotSeconds: slotSeconds, recentLaunches: Array(today))
        guard empiricalWeight > 0 else { return forecast }
        let w = min(1, empiricalWeight)
        for app in Set(forecast.keys).union(fitted.hourly.keys) {
            let modelSlots = forecast[app] ?? Array(repeating: 0, count: slots)
            let hours = fitted.hourly[app] ?? Array(repeating: 0, count: 24)
            forecast[app] = (0..<slots).map { i in
                let t = start + Double(i) * slotSeconds
                let hour = LocalClock.hour(localSeconds: t + Double(context.utcOffsetSeconds))
                let empirical = 1 - pow(1 - min(0.999, hours[hour]), slotSeconds / 3600)
                return (1 - w) * modelSlots[i] + w * empirical
            }
        }
        return forecast
    }

    /// Cold launches per app and local hour over the protocol's last-28-days window, divided by
    /// the window's day count (the `histogram` baseline's frequencies).
    static func _hourlyFrequencies(_ context: PolicyContext) -> [String: [Double]] {
        let recent = _RecentColdLaunches(context)
        let days = Double(max(1, recent.dayCount))
        return HistogramPolicy.counts(recent).mapValues { $0.map { Double($0) / days } }
    }
}

extension PolicyRegistry {
    /// Registers the `reveille` policy (the usage model planned by ``FetchPlanner``) and
    /// `reveille-floor`, the same with the daily floor: every app launched in the last 7 days gets
    /// at least one fetch per local day, inside the budget (its cost is the hit-rate difference).
    public mutating func registerReveille(options: UsageModelOptions = UsageModelOptions()) {
        register("reveille") { _ in ForecastPolicy(name: "reveille", forecaster: UsageModelForecaster(options: options)) }
        register("reveille-floor") { _ in
            ForecastPolicy(name: "reveille-floor", forecaster: UsageModelForecaster(options: options),
                           rules: PlatformRules(dailyFloor: true))
        }
    }
}
