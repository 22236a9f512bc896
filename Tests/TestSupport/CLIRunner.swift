import Foundation

/// Runs the built `reveille` executable and captures what it printed, for CLI tests that assert
/// stdout, stderr and the exit status.
public enum CLIRunner {
    /// What one run produced.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `reveille` binary beside the running test bundle (SwiftPM puts all products of a
    /// configuration in one folder).
    public static var executable: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates {
            var d = dir
            for _ in 0..<4 {
                let url = d.appendingPathComponent("reveille")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                d = d.deletingLastPathComponent()
            }
        }
        return Fixtures.repositoryRoot.appendingPathComponent(".build/debug/reveille")
    }

    /// Runs `reveille arguments…` in `directory` (default: the repository root), feeding `stdin`,
    /// with `environment` added to (or replacing) the test process's variables.
    public static func run(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Fixtures.repositoryRoot
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Drain both pipes concurrently so a chatty process cannot block on a full pipe.
        let errData = LockedBox(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

extension CLIRunner {
    /// Runs `reveille arguments…` from the repository root with standard input read from
    /// `input` (e.g. a directory) and standard output written to `output` (e.g. `/dev/full`),
    /// for tests of failed reads and writes; captures standard error (stdout is `""` when
    /// `output` is given).
    public static func run(_ arguments: [String], input: FileHandle, output: FileHandle? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = output ?? out
        process.standardError = err
        try process.run()
        let errData = LockedBox(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        let outData = output == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

/// A small lock-protected box for handing a value back from another thread.
final class LockedBox<T>: @unchecked Sendable {
    private var value: T
    private let lock = NSLock()
    init(_ value: T) { self.value = value }
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T { lock.lock(); defer { lock.unlock() }; return value }
}
