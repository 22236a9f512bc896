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

/// Streamed devices split their days as a loaded history does: the first devices (one per core)
/// are read before any starts, so a stream that ends among them keeps the idle cores busy.
@Suite struct StreamDaySplitTests {
    private static func options() -> EvaluationOptions {
        var options = EvaluationOptions()
        options.registry.registerReveille()
        options.policies = ["reveille", "histogram"]
        options.budgets = [4, 8]
        return options
    }

    @Test func aLoneStreamedDeviceSplitsItsDaysAndScoresAsLoaded() async throws {
        let path = Fixtures.dataset("android-wellbeing/launches.csv")
        let history = try HistoryReader.read(path: path)
        let device = try #require(history.devices.first)
        #expect(history.devices.count == 1)
        let evaluator = Evaluator(options: Self.options())
        var stream = try DeviceStream(path: path)
        var outcomes: [_DeviceOutcome] = []
        try await evaluator.replayInOrder(next: { try stream.next() }, progress: nil, width: 2) { outcomes.append($0) }
        #expect(outcomes.map(\.dayWorkers) == [2])
        let sequential = try evaluator.evaluateDevice(device, dayWorkers: 1)
        #expect(sequential.tallies != nil && sequential.deviceDays > 3)
        #expect(outcomes.first?.tallies == sequential.tallies)

        // The public streamed path (pooled) and the loaded path give the same report.
        var again = try DeviceStream(path: path)
        var pool = EvaluationPool(header: EvaluationPartial.Header(options: evaluator.options))
        try await evaluator.evaluate(next: { try again.next() }) { try pool.add($0) }
        let loaded = try await evaluator.evaluate(history).report
        #expect(try pool.report == loaded)
    }

    @Test func devicesShareTheCoresAsTheirCountAllows() async throws {
        let events = ["d1", "d2", "d3"].flatMap { d in
            (0..<4).flatMap { day in [Toy.launch(d, "mail", day, 8), Toy.launch(d, "news", day, 12, 30)] }
        }
        let history = LaunchHistory(events: events)
        let evaluator = Evaluator(options: Toy.options(["histogram"], budgets: [2]))
        func workers(devices: Int, width: Int) async throws -> [Int] {
            var iterator = history.devices.prefix(devices).makeIterator()
            var seen: [Int] = []
            try await evaluator.replayInOrder(next: { iterator.next() }, progress: nil, width: width) { seen.append($0.dayWorkers) }
            return seen
        }
        #expect(try await workers(devices: 2, width: 4) == [2, 2])
        #expect(try await workers(devices: 3, width: 2) == [1, 1, 1])
        #expect(try await workers(devices: 1, width: 3) == [3])
        #expect(try await workers(devices: 0, width: 2) == [])
    }
}
