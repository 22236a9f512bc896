import Foundation
import Testing
import TestSupport

@Suite struct SimulateCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = Scratch.path("reveille-simulate-")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func simulateWritesCSVAndTruthAtomicallyAndReproducibly() throws {
        let dir = try Self.temporaryDirectory()
        let csv = dir.appendingPathComponent("launches.csv").path, truth = dir.appendingPathComponent("truth.json").path
        let r = try CLIRunner.run(["simulate", "--devices", "2", "--days", "8", "--seed", "7", "-o", csv, "--truth", truth])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("2 devices"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["launches.csv", "truth.json"])
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.hasPrefix("device,app,timestamp,duration\nsim-000,"))
        let again = try CLIRunner.run(["simulate", "--devices", "2", "--days", "8", "--seed", "7", "-o", "-", "--quiet"])
        #expect(again.status == 0 && again.stderr.isEmpty)
        #expect(again.stdout == text)
        // Overwriting an existing file replaces it whole (and leaves no temporary file behind).
        let other = try CLIRunner.run(["simulate", "--devices", "1", "--days", "3", "--seed", "8", "-o", csv, "-q"])
        #expect(other.status == 0)
        #expect(try String(contentsOfFile: csv, encoding: .utf8) != text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["launches.csv", "truth.json"])
        let inspect = try CLIRunner.run(["inspect", csv])
        #expect(inspect.status == 0 && inspect.stdout.hasPrefix("1 devices"))
    }

    @Test(arguments: [["--devices", "0"], ["--days", "0"], ["--start", "2024-02-30"], ["--seed", "-1"]])
    func badOptionsExitWith64(_ bad: [String]) throws {
        var arguments = ["simulate", "--devices", "1", "--days", "3", "--seed", "1", "-o", "-"]
        for pair in stride(from: 0, to: bad.count, by: 2) {
            if let i = arguments.firstIndex(of: bad[pair]) { arguments[i + 1] = bad[pair + 1] } else { arguments += [bad[pair], bad[pair + 1]] }
        }
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
    }

    @Test func unwritableOutputExitsWith73AndLeavesNothing() throws {
        let dir = try Self.temporaryDirectory()
        let target = dir.appendingPathComponent("missing/launches.csv").path
        let r = try CLIRunner.run(["simulate", "--devices", "1", "--days", "2", "--seed", "1", "-o", target])
        #expect(r.status == 73)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func theBundledDefaultDatasetRegeneratesByteForByteAndLoads() throws {
        // The exact command in Datasets/README.md.
        let dir = try Self.temporaryDirectory()
        let csv = dir.appendingPathComponent("launches.csv").path, truth = dir.appendingPathComponent("truth.json").path
        let r = try CLIRunner.run(["simulate", "--devices", "20", "--days", "35", "--seed", "20240304",
                                   "-o", csv, "--truth", truth, "-q"])
        #expect(r.status == 0)
        let bundled = Fixtures.repositoryRoot.appendingPathComponent("Datasets/default")
        #expect(try Data(contentsOf: URL(fileURLWithPath: csv)) == Data(contentsOf: bundled.appendingPathComponent("launches.csv")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: truth)) == Data(contentsOf: bundled.appendingPathComponent("truth.json")))
        let inspect = try CLIRunner.run(["inspect", "Datasets/default/launches.csv"])
        #expect(inspect.status == 0 && inspect.stdout.hasPrefix("20 devices, 69713 launches"))
    }

    /// Regression: `simulate --start 1989-12-31` (or days running past 2100) wrote a history its
    /// own readers refuse (`instantOutOfRange`); the range is bad usage now, and the first
    /// accepted days read back.
    @Test func simulatedDaysStayWithinTheReadersRange() throws {
        for (start, days) in [("1989-12-31", "3"), ("2100-12-25", "20")] {
            let r = try CLIRunner.run(["simulate", "--devices", "1", "--days", days, "--start", start, "--seed", "1", "-o", "-"])
            #expect(r.status == 64 && r.stdout.isEmpty, "\(start): \(r.stderr)")
            #expect(r.stderr.contains("1990-01-01"), "\(start): \(r.stderr)")
        }
        let early = try CLIRunner.run(["simulate", "--devices", "1", "--days", "3", "--start", "1990-01-02", "--seed", "1", "-o", "-", "-q"])
        #expect(early.status == 0)
        let read = try CLIRunner.run(["inspect", "-"], stdin: early.stdout)
        #expect(read.status == 0, "\(read.stderr)")
    }
}
