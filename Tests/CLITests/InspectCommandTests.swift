import Foundation
import Testing
import TestSupport

@Suite struct InspectCommandTests {
    @Test func inspectPrintsTheThreeStudentLifeDevices() throws {
        let r = try CLIRunner.run(["inspect", "../shared/datasets/studentlife-small/launches.csv"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("3 devices, 3222 launches"))
        for d in ["studentlife-u00", "studentlife-u01", "studentlife-u02"] { #expect(r.stdout.contains("device \(d)")) }
    }

    @Test func badDataExitsWith65AndNamesTheLine() throws {
        let r = try CLIRunner.run(["inspect", "-"], stdin: "device,app,timestamp\nd,a,noon\n")
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("-:2") && r.stderr.contains("timestamp"))
    }

    @Test func badUsageExitsWith64() throws {
        let r = try CLIRunner.run(["inspect", "x.csv", "--utc-offset", "tomorrow"])
        #expect(r.status == 64)
    }

    /// Regression: a negative `--top` trapped (SIGILL in `prefix`); it is bad usage.
    @Test func negativeTopIsBadUsage() throws {
        let r = try CLIRunner.run(["inspect", "-", "--top=-1"], stdin: "device,app,timestamp\nd,a,2020-01-01T00:00:00Z\n")
        #expect(r.status == 64)
        #expect(r.stderr.contains("--top must be 0 or more"))
    }

    @Test func skipInvalidReportsOnStderr() throws {
        let r = try CLIRunner.run(["inspect", "-", "--skip-invalid"],
                                  stdin: "device,app,timestamp\nd,a,noon\nd,a,2020-01-01T00:00:00Z\n")
        #expect(r.status == 0)
        #expect(r.stderr.contains("skipped 1 invalid rows (first lines: 2)"))
        #expect(r.stdout.hasPrefix("1 devices, 1 launches"))
    }
}
