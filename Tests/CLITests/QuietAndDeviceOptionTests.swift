import Foundation
import Testing
import TestSupport

/// `--quiet` silences notes but not warnings; `report --device` keeps one device.
@Suite struct QuietAndDeviceOptionTests {
    @Test func quietKeepsWarnings() throws {
        let input = "device,app,timestamp\nd,a,noon\nd,a,2020-01-01T00:00:00Z\n"
        let quiet = try CLIRunner.run(["inspect", "-", "--skip-invalid", "--quiet"], stdin: input)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.hasPrefix("warning: skipped 1 invalid rows (first lines: 2); first reason: -:2: malformedTimestamp"))
        #expect(quiet.stderr.split(separator: "\n").count == 1)
    }

    @Test func quietSilencesImportNotesAndProvenanceLines() throws {
        let r = try CLIRunner.run(["import", "biome", "Tests/DeviceImportTests/Fixtures/biome-infocus-v2.segb", "--utc-offset", "+00:00", "-q"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
    }

    @Test func reportDeviceOptionKeepsOneDevice() throws {
        let history = "../shared/datasets/studentlife-small/launches.csv"
        let r = try CLIRunner.run(["report", history, "--device", "studentlife-u01", "--top-apps", "1", "-q"])
        #expect(r.status == 0)
        #expect(r.stdout.components(separatedBy: "<section class=\"device\"").count - 1 == 1)
        #expect(r.stdout.contains("Device studentlife-u01"))
        let missing = try CLIRunner.run(["report", history, "--device", "nobody", "-q"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--device"))
    }
}
