import Foundation
import Testing
import TestSupport

/// `reveille plan --model M --device D --history H` reads only D's launches of H: another
/// device's rows (even invalid ones) change nothing, and the schedule is byte for byte the one
/// planned from D's launches alone.
@Suite struct PlanOneDeviceHistoryTests {
    @Test func otherDevicesInTheHistoryChangeNothing() throws {
        let (model, history) = try PlanCommandTests.trained()
        let fleet = try Fixtures.temporaryFile(PlanCommandTests.csv + """
            zz,mail,2024-01-02T09:00:00+01:00
            zz,news,not a time
            d2,game,2024-01-04T21:00:00+01:00

            """)
        let args = ["plan", "--model", model, "--device", "d1", "--from", PlanCommandTests.from, "--budget", "3", "-q"]
        let alone = try CLIRunner.run(args + ["--history", history])
        let beside = try CLIRunner.run(args + ["--history", fleet])
        #expect(alone.status == 0 && beside.status == 0)
        #expect(!alone.stdout.isEmpty && beside.stdout == alone.stdout)
        // Without a model file the history is the training data of every device: still read whole.
        let historyOnly = try CLIRunner.run(["plan", "--history", fleet, "--device", "d1", "--from", PlanCommandTests.from, "-q"])
        #expect(historyOnly.status == 65 && historyOnly.stderr.contains(":\(PlanCommandTests.csv.split(separator: "\n").count + 2)"))
    }
}
