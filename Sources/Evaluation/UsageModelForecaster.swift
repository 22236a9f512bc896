import LaunchHistory
import UsageModel

/// Forecasts with Reveille's ``UsageModel``: refitted once per local day on every launch before
/// the day starts; later calls the same day (online mode) pass the day's launches so far as
/// `recentLaunches`, which update the recency features without refitting.
public struct UsageModelForecaster: LaunchForecaster {
    public var options: UsageModelOptions
    private var fitted: (day: Int, model: UsageModel?)?

    public init(options: UsageModelOptions = UsageModelOptions()) {
        self.options = options
    }

    public mutating func slotProbabilities(
        _ context: PolicyContext, from start: Double, slots: Int, slotSeconds: Double
    ) -> [String: [Double]] {
        if fitted?.day != context.localDay {
            let training = Array(context.history.prefix { $0.instant < context.dayStart })
            fitted = (context.localDay, training.isEmpty ? nil : try? UsageModel.fit(training, options: options))
        }
        guard let model = fitted?.model else { return [:] }
        let today = context.history.drop { $0.instant < context.dayStart }
        return model.slotProbabilities(from: start, utcOffsetSeconds: context.utcOffsetSeconds, slots: slots,
                                       slotSeconds: slotSeconds, recentLaunches: Array(today))
    }
}

extension PolicyRegistry {
    /// Registers the `reveille` policy: the usage model planned by ``FetchPlanner``.
    public mutating func registerReveille(options: UsageModelOptions = UsageModelOptions()) {
        register("reveille") { _ in ForecastPolicy(name: "reveille", forecaster: UsageModelForecaster(options: options)) }
    }
}
