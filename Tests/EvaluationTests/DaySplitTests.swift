import Foundation
import LaunchHistory
import Scheduling
import Testing
import TestSupport
@testable import Evaluation

/// Device-day parallelism: a device's days split across threads (policies that plan each day
/// alone, planned by copies) give the tallies and executed fetches of the sequential replay.
@Suite struct DaySplitTests {
    @Test func splitDaysGiveTheSequentialResults() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let device = try #require(history.devices.first)
        var options = EvaluationOptions()
        options.registry.registerReveille()
        options.policies = ["reveille", "histogram"]
        options.budgets = [8]
        options.recordsFetches = true
        let evaluator = Evaluator(options: options)
        let sequential = try evaluator.evaluateDevice(device, dayWorkers: 1)
        let split = try evaluator.evaluateDevice(device, dayWorkers: 3)
        #expect(sequential.tallies != nil)
        #expect(split.tallies == sequential.tallies)
        #expect(split.executed == sequential.executed)
        #expect(split.deviceDays == sequential.deviceDays && split.deviceDays > 3)
    }

    @Test func reveilleWithScorerRefitsPlansEachDayAlone() throws {
        #expect(ForecastPolicy(name: "reveille", scheduling: try ReveillePolicy()).plansEachDayAlone)
        var daily = SchedulingOptions()
        daily.scorerRefitDays = 1
        #expect(!ForecastPolicy(name: "reveille", scheduling: try ReveillePolicy(options: daily)).plansEachDayAlone)
    }
}
