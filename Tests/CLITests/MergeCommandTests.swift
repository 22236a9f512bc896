import Foundation
import Testing
import TestSupport

/// `evaluate --stream --partial` from standard input, then `merge`, prints what `evaluate` prints;
/// unsorted input to `--stream` is refused with exit 65 naming the line.
@Suite struct MergeCommandTests {
    static let history = Fixtures.dataset("studentlife-small/launches.csv")
    static let options = ["--policy", "histogram,oracle", "--budget", "8", "-q"]

    @Test func streamedPartialsMergeToTheSingleRunsJSON() throws {
        let single = try CLIRunner.run(["evaluate", Self.history, "--format", "json"] + Self.options)
        try #require(single.status == 0)
        let csv = try String(contentsOfFile: Self.history, encoding: .utf8)
        let partial = try CLIRunner.run(["evaluate", "-", "--stream", "--partial"] + Self.options, stdin: csv)
        try #require(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stdout.split(separator: "\n").count == 4)
        let file = try Fixtures.temporaryFile(partial.stdout, suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let merged = try CLIRunner.run(["merge", file, "--format", "json"])
        #expect(merged.status == 0)
        #expect(merged.stdout == single.stdout)
    }

    @Test func unsortedStreamIsBadData() throws {
        let csv = "device,app,timestamp\nb,mail,2024-01-01T08:00:00+01:00\na,mail,2024-01-01T09:00:00+01:00\n"
        let r = try CLIRunner.run(["train", "-", "--stream", "-o", "-"], stdin: csv)
        #expect(r.status == 65)
        #expect(r.stderr.contains(":3:") && r.stderr.contains("sorted by device"))
    }

    @Test func mergeOfAFileWithoutHeaderIsBadData() throws {
        let file = try Fixtures.temporaryFile("{\"device\":\"x\",\"launches\":1}\n", suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try CLIRunner.run(["merge", file])
        #expect(r.status == 65)
        #expect(r.stderr.contains("partial header"))
    }
}
