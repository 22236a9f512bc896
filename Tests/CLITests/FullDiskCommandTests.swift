import Foundation
import Testing
import TestSupport

/// Issue 15: a full disk or `$TMPDIR` is exit 73 ("cannot write"), not 65 ("bad data"), and
/// leaves nothing behind.
@Suite struct FullDiskCommandTests {
    @Test func anOutputOnAFullDeviceIsExit73() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let r = try CLIRunner.run(["simulate", "--devices", "1", "--days", "2", "--seed", "1", "-o", "/dev/full"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write /dev/full: No space left on device"), "\(r.stderr)")
    }

    /// Regression: with standard output on a full device, `plan`, `explain`, `react` and
    /// `train -o -` trapped (SIGILL: `FileHandle.write(_:)` traps on a failed write), and
    /// `predict` and `inspect` exited 0 having lost their output (`print`). Each is now exit 73.
    @Test(arguments: [
        ["plan", "--history", "Datasets/default/launches.csv", "--device", "sim-000", "--from", "2024-04-08T00:00:00-04:00", "-q"],
        ["explain", "Datasets/default/launches.csv", "--device", "sim-000", "--app", "com.sim.mail", "-q"],
        ["inspect", "Datasets/default/launches.csv", "--device", "sim-000", "-q"],
        ["train", "Datasets/default/launches.csv", "--device", "sim-000", "-o", "-", "-q"],
        ["evaluate-push", "Datasets/default/launches.csv", "--device", "sim-000", "-q"],
    ])
    func standardOutputOnAFullDeviceIsExit73(_ arguments: [String]) throws {
        let r = try Self.runWithStandardOutputOnFullDevice(arguments)
        #expect(r.status == 73, "\(arguments[0]): \(r.stderr)")
        #expect(r.stderr.contains("cannot write standard output: No space left on device"), "\(arguments[0]): \(r.stderr)")
    }

    @Test func predictAndReactWithStandardOutputOnAFullDeviceAreExit73() throws {
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let trained = try CLIRunner.run(["train", "Datasets/default/launches.csv", "--device", "sim-000", "-o", model, "-q"])
        try #require(trained.status == 0, "\(trained.stderr)")
        let predicted = try Self.runWithStandardOutputOnFullDevice(["predict", "--model", model, "--from", "2024-04-08T00:00:00-04:00"])
        #expect(predicted.status == 73 && predicted.stderr.contains("cannot write standard output"), "\(predicted.stderr)")
        let reacted = try Self.runWithStandardOutputOnFullDevice(
            ["react", "--model", model], stdin: #"{"app": "com.sim.mail", "timestamp": "2024-04-08T09:00:00-04:00"}"# + "\n")
        #expect(reacted.status == 73 && reacted.stderr.contains("cannot write standard output"), "\(reacted.stderr)")
    }

    /// Runs `reveille arguments…` from the repository root with standard output on `/dev/full`.
    static func runWithStandardOutputOnFullDevice(_ arguments: [String], stdin: String = "") throws -> CLIRunner.Result {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let input = Pipe()
        try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        return try CLIRunner.run(arguments, input: input.fileHandleForReading, output: full)
    }

    @Test(.enabled(if: TinyFileSystem.mountPoint != nil, Comment(rawValue: TinyFileSystem.skipReason)))
    func anOutputOnAFullFileSystemIsExit73AndLeavesNoTemporaryFile() throws {
        let dir = try #require(TinyFileSystem.directory())
        TinyFileSystem.fill(dir)
        let r = try CLIRunner.run(["simulate", "--devices", "1", "--days", "30", "--seed", "1", "-o", dir + "/launches.csv"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(dir)/launches.csv"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["filler"])
    }

    @Test(.enabled(if: TinyFileSystem.mountPoint != nil, Comment(rawValue: TinyFileSystem.skipReason)))
    func importWithAFullTMPDIRIsExit73NotBadData() throws {
        let scratch = try #require(TinyFileSystem.directory())
        TinyFileSystem.fill(scratch)
        let r = try CLIRunner.run(["import", "knowledgec", Fixtures.dataset("apple/knowledgec-10.14.db"), "-o", "-"],
                                  environment: ["TMPDIR": scratch])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("scratchUnwritable"), "\(r.stderr)")
        #expect(r.stderr.contains("knowledgec-10.14.db"))
        #expect(r.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == ["filler"], "the private copy's directory is removed")
    }
}
