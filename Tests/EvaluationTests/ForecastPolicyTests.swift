import Testing
import LaunchHistory
import ReveilleCore
import TestSupport
import FetchPlanner
import Scheduling
@testable import Evaluation

/// The planner-backed policies: `reveille` (usage model) and any forecaster through ForecastPolicy.
@Suite struct ForecastPolicyTests {
    /// Knows the day's cold launches: probability 1 in the slot holding each one.
    struct PerfectForecaster: Forecaster {
        let device: DeviceHistory
        mutating func forecast(_ c: ForecastContext, from start: Double, slotCount slots: Int, slotSeconds: Double) -> SlotForecast {
            let cold = ColdLaunches.scan(device.launches, tauSeconds: c.tauSeconds).cold
            var result: [String: [Double]] = [:]
            for (k, launch) in device.launches.enumerated() where cold[k] {
                let slot = Int(((launch.instant - start) / slotSeconds).rounded(.down))
                guard slot >= 0, slot < slots else { continue }
                result[launch.app, default: Array(repeating: 0, count: slots)][slot] = 1
            }
            return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slots,
                                rows: result.map { (app: $0.key, probabilities: $0.value) })
        }
    }

    static func perfect(_ name: String, _ setup: PolicySetup, floor: Bool = false) throws -> ForecastPolicy<PerfectForecaster> {
        var options = SchedulingOptions()
        options.tauMinutes = setup.tauMinutes
        options.rules.dailyFloor = floor
        return ForecastPolicy(name: name, scheduling: try SchedulingPolicy(options: options, forecaster: PerfectForecaster(device: setup.device)))
    }

    static func evaluate(_ path: String, policies: [String], budgets: [Int], registry: PolicyRegistry,
                         mode: EvaluationMode = .daily) async throws -> EvaluationReport {
        var options = EvaluationOptions()
        options.registry = registry
        options.policies = policies
        options.budgets = budgets
        options.mode = mode
        let history = try HistoryReader.read(path: path)
        return try await Evaluator(options: options).evaluate(history, progress: nil).report
    }

    @Test func perfectForecastThroughThePlannerReachesTheOracle() async throws {
        var registry = PolicyRegistry.builtIn
        registry.register("perfect") { try Self.perfect("perfect", $0) }
        let report = try await Self.evaluate(Fixtures.dataset("android-wellbeing/launches.csv"),
                                             policies: ["perfect", "oracle"], budgets: [8, 32], registry: registry)
        for budget in [8, 32] {
            let perfect = try #require(report.result(policy: "perfect", budget: budget))
            let oracle = try #require(report.result(policy: "oracle", budget: budget))
            // Slot-grid placement can lose a launch to the grid, never gain over the oracle.
            #expect(perfect.hits <= oracle.hits)
            #expect(Double(perfect.hits) >= 0.97 * Double(oracle.hits), "perfect \(perfect.hits) vs oracle \(oracle.hits)")
        }
    }

    @Test func dailyFloorShareIsReportedAndGrowsWithTheBudget() async throws {
        var registry = PolicyRegistry.builtIn
        registry.register("perfect-floor") { try Self.perfect("perfect-floor", $0, floor: true) }
        registry.register("perfect") { try Self.perfect("perfect", $0) }
        let report = try await Self.evaluate(Fixtures.dataset("android-wellbeing/launches.csv"),
                                             policies: ["perfect-floor", "perfect"], budgets: [4, 64], registry: registry)
        let small = try #require(report.result(policy: "perfect-floor", budget: 4)?.floorShare)
        let large = try #require(report.result(policy: "perfect-floor", budget: 64)?.floorShare)
        #expect(small > 0 && small < large)
        #expect(large == 1)
        #expect(report.result(policy: "perfect", budget: 4)?.floorShare == nil)
        let errors = try SchemaValidator(schema: "evaluation").errors(json: try report.json())  // with floorShare and probCells
        #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
    }

    @Test func reveilleStaysInBudgetAndBeatsTheIntervalBaseline() async throws {
        var registry = PolicyRegistry.builtIn
        registry.registerReveille()
        let report = try await Self.evaluate(Fixtures.dataset("android-wellbeing/launches.csv"),
                                             policies: ["reveille", "interval"], budgets: [8], registry: registry)
        let reveille = try #require(report.result(policy: "reveille", budget: 8))
        let interval = try #require(report.result(policy: "interval", budget: 8))
        #expect(reveille.fetchesPerDay <= 8)
        #expect(reveille.hits > 2 * interval.hits)
        let auc = try #require(reveille.rocAuc)
        #expect(auc > 0.7)
    }
}
