import Foundation
import Testing
import TestSupport

/// `bench all` runs for minutes, so only its option checks are tested here; each section is a
/// benchmark with tests of its own (`bench model`, `bench baselines`, `bench ingest`).
@Suite struct BenchAllCommandTests {
    @Test(arguments: [["--fleet-devices", "1"], ["--rounds", "0"], ["--ingest-devices", "0"]])
    func outOfRangeOptionsAreUsageErrors(_ options: [String]) throws {
        let r = try CLIRunner.run(["bench", "all"] + options)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("--fleet-devices in 2...10000"))
    }
}
