import Foundation
import Testing
import TestSupport

@Suite struct TrainCommandTests {
    static let csv = """
        device,app,timestamp
        d1,mail,2024-01-01T08:00:00+01:00
        d1,news,2024-01-01T12:30:00+01:00
        d1,mail,2024-01-02T08:05:00+01:00
        d1,mail,2024-01-03T07:55:00+01:00
        d2,game,2024-01-01T21:00:00+01:00

        """

    @Test func writesOneModelPerDeviceAndNotesOnStderr() throws {
        let out = Scratch.path("reveille-train-", suffix: ".json").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLIRunner.run(["train", "-", "-o", out], stdin: Self.csv)
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("d1: ") && r.stderr.contains("trained 2 device model(s)"))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.hasPrefix(#"{"devices":{"d1":{"apps":["mail","news"]"#))
        #expect(text.contains(#""schemaVersion":2"#))
    }

    @Test func quietSilencesNotesAndDashWritesStdout() throws {
        let r = try CLIRunner.run(["train", "-", "-o", "-", "--device", "d2", "--quiet"], stdin: Self.csv)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.contains(#""d2":"#) && !r.stdout.contains(#""d1":"#))
    }

    @Test func unknownDeviceAndBadOptionsFail() throws {
        let unknown = try CLIRunner.run(["train", "-", "-o", "-", "--device", "nope"], stdin: Self.csv)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no device 'nope'") && unknown.stderr.contains("(d1, d2)"))
        let bad = try CLIRunner.run(["train", "-", "-o", "-", "--tau-minutes", "7"], stdin: Self.csv)
        #expect(bad.status == 64)
    }
}
