import Foundation
import Testing
import TestSupport

@Suite struct BenchIngestCommandTests {
    @Test func generatedFileIsReadWholeAndComparedWithTheReference() throws {
        let r = try CLIRunner.run(["bench", "ingest", "--rows", "3000", "--repetitions", "1"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("ingest: 3000 rows, ") == true)
        #expect(lines.first?.contains("; least CPU of 1: user ") == true)
        #expect(lines.first?.contains("MB per CPU second") == true)
        #expect(lines.first?.contains("page faults; releasing the result afterwards:") == true)
        #expect(lines.last?.hasPrefix("reference: the same file read in the same 1 MiB chunks") == true)
    }

    @Test func aGivenFileIsMeasuredAndLeftInPlace() throws {
        let path = "../shared/datasets/studentlife-small/launches.csv"
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let r = try CLIRunner.run(["bench", "ingest", "--file", path, "--repetitions", "1"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("ingest: 3222 rows, 0.2 MB, best wall of 1: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aMissingFileIsBadData() throws {
        let r = try CLIRunner.run(["bench", "ingest", "--file", "/nonexistent/launches.csv"])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("fileNotFound"))
    }
}
