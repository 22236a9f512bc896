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

    /// Regression: `merge` trapped (SIGILL) when counts summed over the devices overflowed, and
    /// merged a line whose hits exceeded its cold launches (hit rate 302) or whose finite
    /// staleness sums added up to infinity (`nan`; exit 70 with `--format json`). Each is bad
    /// data naming the line, the reason said once. Cases: (field, value on every device line,
    /// the line named, the reason).
    @Test(arguments: [
        ("coldLaunches", "4611686018427387903", 3, "fit in 62 bits"),
        ("hits", "5000", 2, "at most the cold launches"),
        ("stalenessMinutesSum", "1e308", 3, "total is finite"),
    ])
    func inconsistentDeviceLinesAreBadData(_ field: String, value: String, line: Int, reason: String) throws {
        let partial = try CLIRunner.run(["evaluate", Self.history, "--partial", "--policy", "interval", "--budget", "8", "-q"])
        try #require(partial.status == 0, "\(partial.stderr)")
        let lines = partial.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4 && lines[1].contains("\"\(field)\":"))
        let edited = [lines[0]] + lines.dropFirst().map {
            $0.replacingOccurrences(of: "\"\(field)\":[0-9.e+]+", with: "\"\(field)\":\(value)", options: .regularExpression)
        }
        let file = try Fixtures.temporaryFile(edited.joined(separator: "\n") + "\n", suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try CLIRunner.run(["merge", file, "--format", "json"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("\(file):\(line):") && r.stderr.contains(reason), "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "invalid partial result").count == 2, "the reason is said once: \(r.stderr)")
    }

    @Test func mergeOfAFileWithoutHeaderIsBadData() throws {
        let file = try Fixtures.temporaryFile("{\"device\":\"x\",\"launches\":1}\n", suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try CLIRunner.run(["merge", file])
        #expect(r.status == 65)
        #expect(r.stderr.contains("partial header"))
    }
}
