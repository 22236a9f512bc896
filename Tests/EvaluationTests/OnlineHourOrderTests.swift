import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport
@testable import Evaluation

/// Online mode calls a policy hour by hour, each hour boundary's budgets in turn (so the
/// `reveille` planner can reuse one problem across budgets that have spent the same fetches,
/// and the baselines keep one day plan per budget): every budget must get the results and the
/// executed fetches it gets when it is evaluated alone, on Wellbeing, for the product and for
/// every baseline built on a day plan.
@Suite struct OnlineHourOrderTests {
    static func report(budgets: [Int]) async throws -> EvaluationReport {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        var options = EvaluationOptions()
        var registry = PolicyRegistry.builtIn
        registry.registerReveille()
        registry.registerAndroidPrefetch()
        options.registry = registry
        options.policies = ["reveille", "interval", "histogram", "oracle", "android-prefetch"]
        options.mode = .online
        options.budgets = budgets
        options.perDevice = true
        options.recordsFetches = true
        return try await Evaluator(options: options).evaluate(history).report
    }

    @Test func everyBudgetPlansAsItDoesAlone() async throws {
        let together = try await Self.report(budgets: [4, 8])
        #expect(together.results.count == 10)
        for budget in [4, 8] {
            let alone = try await Self.report(budgets: [budget])
            #expect(together.results.filter { $0.budget == budget } == alone.results, "B = \(budget)")
            let devices = together.perDevice?.map { device in
                DeviceResult(device: device.device, deviceDays: device.deviceDays, coldLaunches: device.coldLaunches,
                             results: device.results.filter { $0.budget == budget })
            }
            #expect(devices == alone.perDevice, "B = \(budget)")
            let fetches = together.executedFetches.filter { $0.budget == budget }
            #expect(!fetches.isEmpty)
            #expect(fetches == alone.executedFetches, "B = \(budget)")
        }
    }
}
