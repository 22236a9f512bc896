import Testing
import LaunchHistory
import TestSupport
@testable import Evaluation

/// Mode `event` scores `reveille`'s probabilities as mode `daily` does: the usage model's hourly
/// forecast of each day. (It once reported the hourly cold-launch frequencies, the histogram's
/// very cells: ROC AUC .638 on Android Wellbeing, the histogram's, where the model has .765.)
@Suite struct EventModeProbabilityTests {
    static func report(_ history: LaunchHistory, mode: EvaluationMode) async throws -> EvaluationReport {
        var registry = PolicyRegistry.builtIn
        registry.registerReveille()
        var options = EvaluationOptions()
        options.mode = mode
        options.policies = ["reveille", "histogram"]
        options.budgets = [4]
        options.registry = registry
        return try await Evaluator(options: options).evaluate(history).report
    }

    @Test func eventModeReportsTheUsageModelsForecast() async throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let daily = try await Self.report(history, mode: .daily)
        let event = try await Self.report(history, mode: .event)
        let dailyModel = try #require(daily.result(policy: "reveille", budget: 4))
        let eventModel = try #require(event.result(policy: "reveille", budget: 4))
        let histogram = try #require(event.result(policy: "histogram", budget: 4))
        let auc = try #require(eventModel.rocAuc)
        #expect(eventModel.rocAuc == dailyModel.rocAuc)
        #expect(eventModel.logLoss == dailyModel.logLoss)
        #expect(eventModel.brier == dailyModel.brier)
        #expect(auc > (histogram.rocAuc ?? 1) + 0.05, "the model ranks the day's cells better than the frequencies")
    }
}
