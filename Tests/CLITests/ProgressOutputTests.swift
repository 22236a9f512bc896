import Foundation
import Testing
import TestSupport

/// Long commands report device-day progress on stderr (counts and the time left, rate-limited),
/// `--quiet` silences it, and stdout stays byte for byte the same.
@Suite struct ProgressOutputTests {
    static let studentLife = Fixtures.dataset("studentlife-small/launches.csv")

    /// Lines of `stderr` that start with `label: ` and count device-days.
    static func progressLines(_ stderr: String, label: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix(label + ": ") && $0.contains(" device-days, ") }
    }

    @Test func evaluateReportsDeviceDaysWithATimeLeftAndQuietSilencesIt() throws {
        let args = ["evaluate", Self.studentLife, "--policy", "histogram", "--budget", "8"]
        let loud = try CLIRunner.run(args)
        let quiet = try CLIRunner.run(args + ["--quiet"])
        #expect(loud.status == 0 && quiet.status == 0)
        #expect(loud.stdout == quiet.stdout && !loud.stdout.isEmpty)
        #expect(quiet.stderr.isEmpty)
        let lines = Self.progressLines(loud.stderr, label: "evaluate")
        // The first step is printed at once, after the first replayed day, with an estimate.
        let first = try #require(lines.first)
        #expect(first.hasPrefix("evaluate: 1/199 device-days, 0/3 devices, "))
        #expect(first.contains(" s left"))
        #expect(lines.last?.hasPrefix("evaluate: 199/199 device-days, 3/3 devices, ") == true)
        #expect(lines.last?.hasSuffix(", done") == true)
        // Rate-limited: 199 days are 199 steps, but at most one line per 0.5 s (plus first and last).
        let wall = try #require(loud.stderr.split(separator: "\n").first { $0.hasPrefix("evaluated in ") }
            .flatMap { Double($0.dropFirst("evaluated in ".count).dropLast(2)) })
        #expect(lines.count <= 3 + Int(wall / 0.5))
        #expect(lines.count < 199)
    }

    @Test func simulateCountsDaysWithinOneDevice() throws {
        let args = ["simulate", "--devices", "1", "--days", "40", "--seed", "4", "-o", "-"]
        let loud = try CLIRunner.run(args)
        let quiet = try CLIRunner.run(args + ["-q"])
        #expect(loud.status == 0 && loud.stdout == quiet.stdout && quiet.stderr.isEmpty)
        let lines = Self.progressLines(loud.stderr, label: "simulate")
        // Days advance inside the one device (its apps are simulated one after the other).
        #expect(lines.first?.contains("/40 device-days, 0/1 devices") == true)
        #expect(lines.last?.hasPrefix("simulate: 40/40 device-days, 1/1 devices, ") == true)
    }

    @Test func trainAndImportReportTheirDeviceDays() throws {
        let train = try CLIRunner.run(["train", Self.studentLife, "-o", "-"])
        let quietTrain = try CLIRunner.run(["train", Self.studentLife, "-o", "-", "-q"])
        #expect(train.status == 0 && train.stdout == quietTrain.stdout && quietTrain.stderr.isEmpty)
        let last = try #require(Self.progressLines(train.stderr, label: "train").last)
        #expect(last.contains(" device-days, 3/3 devices, ") && last.hasSuffix(", done"))
        let biome = try CLIRunner.run(["import", "biome", "Tests/DeviceImportTests/Fixtures/biome-infocus-v2.segb", "--utc-offset", "+00:00"])
        #expect(biome.status == 0)
        #expect(Self.progressLines(biome.stderr, label: "import").last?.contains(", 1/1 devices, ") == true)
    }

    @Test func quietKeepsWarningsButDropsProgress() throws {
        let input = "device,app,timestamp\nd,a,noon\nd,a,2020-01-01T00:00:00Z\nd,b,2020-01-02T00:00:00Z\n"
        let r = try CLIRunner.run(["train", "-", "--skip-invalid", "-o", "-", "-q"], stdin: input)
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("warning: skipped 1 invalid rows"))
        #expect(Self.progressLines(r.stderr, label: "train").isEmpty)
    }
}

/// Every command users start with shows examples in its help, in the same `Examples:` style.
@Suite struct HelpExamplesTests {
    @Test(arguments: [["import"], ["report"], ["bench"], ["bench", "eval"], ["evaluate"], ["train"], ["simulate"]])
    func helpHasAnExamplesSection(_ command: [String]) throws {
        let r = try CLIRunner.run(command + ["--help"])
        #expect(r.status == 0)
        let examples = try #require(r.stdout.components(separatedBy: "Examples:\n").dropFirst().first, "\(command) help lacks Examples")
        #expect(examples.hasPrefix("  reveille ") || examples.hasPrefix("  adb "), "\(command)")
    }
}
