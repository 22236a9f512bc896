import Foundation
import Testing
import TestSupport

/// `fleet/` on Spark local mode (4 partitions) gives exactly the single process's results: the
/// evaluation report byte for byte (daily and event mode); train and plan are checked device by
/// device in ``FleetSparkDeviceTests``.
/// Needs Java and pyspark (`fleet/.venv` or `python3`); skipped without them unless CI=true.
@Suite(.serialized) struct FleetSparkTests {
    /// The bundled dataset's first five devices, whole (a debug build trains the full 20 devices
    /// in minutes, and each test runs the single process and Spark): with 4 partitions, one
    /// partition still holds two devices.
    static let history: String = {
        let whole = (try? String(contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path,
                                 encoding: .utf8)) ?? ""
        let kept = ["sim-000,", "sim-001,", "sim-002,", "sim-003,", "sim-004,"]
        let lines = whole.split(separator: "\n").enumerated().filter { index, line in
            index == 0 || kept.contains { line.hasPrefix($0) }
        }
        return (try? Fixtures.temporaryFile(lines.map { $0.element }.joined(separator: "\n") + "\n")) ?? ""
    }()

    /// A Python that imports pyspark: fleet's own virtual environment, else `python3`.
    static let python: String? = {
        let venv = Fixtures.repositoryRoot.appendingPathComponent("fleet/.venv/bin/python").path
        for candidate in [venv, "python3"] where _status("/usr/bin/env", [candidate, "-c", "import pyspark"]) == 0 {
            return candidate
        }
        return nil
    }()

    static let enabled = python != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    @Test(.enabled(if: enabled, "pyspark is not installed (fleet/run-local.sh sets it up); CI=true makes this a failure"),
          arguments: [["--mode", "daily", "--policy", "histogram,interval,oracle"],
                      ["--mode", "event", "--policy", "markov,histogram", "--budget", "8,16"]])
    func evaluationOnSparkEqualsTheSingleRunByteForByte(_ options: [String]) throws {
        let single = try CLIRunner.run(["evaluate", Self.history, "--format", "json", "-q"] + options)
        try #require(single.status == 0, "\(single.stderr)")
        let spark = try Self.fleet("evaluate", options)
        #expect(spark == single.stdout)
    }

    /// Regression: a stream without launches is refused now (as a whole file without any is), so
    /// an empty partition must run no process: one device over 8 partitions (7 of them empty)
    /// gives the single run's report.
    @Test(.enabled(if: enabled, "pyspark is not installed (fleet/run-local.sh sets it up); CI=true makes this a failure"))
    func emptyPartitionsRunNoProcess() throws {
        let wellbeing = Fixtures.dataset("android-wellbeing/launches.csv")
        let options = ["--policy", "histogram,oracle", "--budget", "4"]
        let single = try CLIRunner.run(["evaluate", wellbeing, "--format", "json", "-q"] + options)
        try #require(single.status == 0, "\(single.stderr)")
        #expect(try Self.fleet("evaluate", options, history: wellbeing, partitions: 8) == single.stdout)
    }

    /// Runs `python -m reveille_fleet command` on Spark local[2] with 4 partitions; its output file.
    static func fleet(_ command: String, _ options: [String], history: String = history, partitions: Int = 4) throws -> String {
        let python = try #require(Self.python, "python3 with pyspark is required when CI=true")
        let out = Scratch.path("reveille-fleet-").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let root = Fixtures.repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = root.appendingPathComponent("fleet").path
        let status = _status("/usr/bin/env", [python, "-m", "reveille_fleet", command, history, out, "--partitions", "\(partitions)",
                                              "--master", "local[2]", "--reveille", CLIRunner.executable.path, "--"] + options,
                             environment: environment, directory: root)
        try #require(status == 0, "reveille_fleet \(command) exited with \(status)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }
}


/// `fleet/`'s train and plan on Spark equal the single process device by device. A suite apart from
/// ``FleetSparkTests``' evaluations, so that its two Spark jobs can overlap theirs: as one serialized
/// suite of four Spark jobs it was the test run's last 110 seconds, alone on the machine.
@Suite(.serialized) struct FleetSparkDeviceTests {
    @Test(.enabled(if: FleetSparkTests.enabled, "pyspark is not installed (fleet/run-local.sh sets it up); CI=true makes this a failure"))
    func trainOnSparkEqualsTheSingleProcessDeviceByDevice() throws {
        let out = try Fixtures.temporaryFile("", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let single = try CLIRunner.run(["train", FleetSparkTests.history, "-o", out, "-q"])
        try #require(single.status == 0, "\(single.stderr)")
        let whole = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let models = try #require(whole["devices"] as? [String: Any])
        let lines = try FleetSparkTests.fleet("train", []).split(separator: "\n")
        #expect(lines.count == models.count && models.count > 1)
        for line in lines {
            let one = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let devices = try #require(one["devices"] as? [String: Any])
            let (id, model) = try #require(devices.first)
            #expect(NSDictionary(dictionary: ["m": model]).isEqual(to: ["m": models[id] as Any]), "model of \(id)")
        }
    }

    @Test(.enabled(if: FleetSparkTests.enabled, "pyspark is not installed (fleet/run-local.sh sets it up); CI=true makes this a failure"))
    func planOnSparkEqualsTheSingleProcessDeviceByDevice() throws {
        let from = ["--from", "2024-03-25T00:00:00-05:00", "--budget", "8"]
        let single = try CLIRunner.run(["plan", "--history", FleetSparkTests.history, "-q"] + from)
        try #require(single.status == 0, "\(single.stderr)")
        let whole = try #require(try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
        let schedules = try #require(whole["schedules"] as? [[String: Any]])
        let lines = try FleetSparkTests.fleet("plan", from).split(separator: "\n")
        #expect(lines.count == schedules.count && schedules.count > 1)
        for (line, expected) in zip(lines, schedules) {
            let schedule = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(NSDictionary(dictionary: schedule).isEqual(to: expected), "schedule of \(expected["device"] ?? "")")
        }
    }
}

/// Runs a process to its end (its output to the test log); its exit status, -1 if it cannot start.
private func _status(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}
