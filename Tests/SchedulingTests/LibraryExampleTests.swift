import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport

/// The Scheduling catalog's example, as a library user writes it.
@Suite struct LibraryExampleTests {
    @Test func planTomorrowFromAHistory() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path
        let output = try Fixtures.temporaryFile("", suffix: ".json")
        // --- the example ---
        let history = try HistoryReader.read(path: path)
        let device = history.devices[0]
        let start = 1_712_548_800.0                 // 2024-04-08T00:00:00-04:00
        var policy = try ReveillePolicy()          // the shipped defaults
        let context = ForecastContext.planning(device: device.device, history: Array(device.launches)[...],
                                               start: start, utcOffsetSeconds: -4 * 3600,
                                               tauSeconds: policy.options.tauSeconds)
        let plan = try policy.plan(ScheduleRequest(context: context, start: start, end: start + 86_400,
                                                   budgetPerDay: 12, explains: true))
        try AtomicFile.write(try FetchSchedule(plan).jsonText(), to: output)
        // --- checks ---
        #expect(plan.windows.count == 12)
        #expect(plan.windows.allSatisfy { $0.at >= start && $0.at < start + 86_400 && $0.executeAt == $0.at - 1 })
        let schedule = try JSONDecoder().decode(FetchSchedule.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(schedule.windows.map(\.atUnix) == plan.windows.map(\.at))
        #expect(schedule.windows.contains { $0.reason.hasPrefix("opened on") })
    }
}
