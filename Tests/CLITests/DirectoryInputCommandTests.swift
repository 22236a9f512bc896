import Foundation
import Testing
import TestSupport

/// Regression: a directory given where a file is read — `merge DIR`, or a directory redirected to
/// standard input of `merge -`, `import dumpsys -` and `plan --charging -` — trapped (SIGILL:
/// Foundation's non-throwing reads trap on a failed read). Each is bad data naming the input.
@Suite struct DirectoryInputCommandTests {
    static let directory = FileManager.default.temporaryDirectory.path

    @Test func mergeOfADirectoryIsBadData() throws {
        let r = try CLIRunner.run(["merge", Self.directory])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("\(Self.directory):1") && r.stderr.contains("Is a directory"), "\(r.stderr)")
    }

    @Test(arguments: [
        (["merge", "-"], "-:1"),
        (["import", "dumpsys", "-", "--utc-offset=+00:00", "-o", "-"], "-: unreadable"),
        (["plan", "--channel", "processing", "--charging", "-", "--history", "Datasets/default/launches.csv",
          "--device", "sim-000", "--from", "2024-04-08T00:00:00-04:00", "-q"], "invalidCharging"),
    ])
    func aDirectoryOnStandardInputIsBadData(_ arguments: [String], names: String) throws {
        let input = try #require(FileHandle(forReadingAtPath: Self.directory))
        let r = try CLIRunner.run(arguments, input: input)
        let stderr = r.stderr
        #expect(r.status == 65, "\(arguments[0]): \(stderr)")
        #expect(stderr.contains(names), "\(arguments[0]): \(stderr)")
    }
}
