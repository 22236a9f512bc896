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
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: errData, as: UTF8.self)
        #expect(process.terminationStatus == 65, "\(arguments[0]): \(stderr)")
        #expect(stderr.contains(names), "\(arguments[0]): \(stderr)")
    }
}
