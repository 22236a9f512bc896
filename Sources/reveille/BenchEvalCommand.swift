import ArgumentParser
import Evaluation
import Foundation
import LaunchHistory
import ReveilleCore

/// `reveille bench eval` (the default `bench` subcommand): evaluation over datasets with timings.
struct BenchEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate policies over datasets: hit rate, oracle ratio, precision and time per stage.",
        discussion: """
            Default datasets: Datasets/default/launches.csv if it exists, plus every \
            ../shared/datasets/*/launches.csv that exists.

            Examples:
              reveille bench
              reveille bench eval launches.csv --policy reveille,histogram --budget 8
              reveille bench eval launches.csv --mode event --policy reveille -q
            """
    )

    @Argument(help: "Canonical launch histories (default: the bundled and shared datasets).")
    var datasets: [String] = []

    @OptionGroup var evaluation: EvaluationCLIOptions
    @OptionGroup var common: CommonOptions

    func run() async throws {
        try await runMappingErrors {
            let paths = try Self.paths(datasets)
            let options = try evaluation.resolvedOptions()
            for path in paths {
                let clock = ContinuousClock()
                let started = clock.now
                let history = try HistoryReader.read(path: path)
                let ingest = started.duration(to: clock.now)
                let (report, timing) = try await Evaluator(options: options)
                    .evaluate(history, progress: evaluationProgressNote(common, label: path))
                print(Self.summary(path: path, report: report, timing: timing, ingest: ingest))
            }
        }
    }

    /// One dataset's block of output.
    static func summary(path: String, report: EvaluationReport, timing: EvaluationTiming, ingest: Duration) -> String {
        let seconds = Double(ingest.components.seconds) + Double(ingest.components.attoseconds) * 1e-18
        var text = "\(path): \(report.launches) launches, \(report.devices) devices (\(report.skippedDevices) skipped), "
        text += "\(report.deviceDays) device-days, \(report.coldLaunches) cold launches, mode \(report.mode.rawValue)\n"
        text += "  time: ingest \(_fixed(seconds * 1000, 1)) ms, training+planning \(_fixed(timing.planningSeconds * 1000, 1)) ms, "
        text += "replay \(_fixed(timing.replaySeconds * 1000, 1)) ms (CPU summed over devices), evaluation wall \(_fixed(timing.wallSeconds * 1000, 1)) ms\n"
        text += EvaluationTable.render(report.results, columns: [.policy, .budget, .hitRate, .oracleRatio, .precision], indent: "  ")
        return text
    }

    /// `given`, or the default datasets when none are given; an error when there are none.
    static func paths(_ given: [String]) throws -> [String] {
        let paths = given.isEmpty ? defaultDatasets() : given
        guard !paths.isEmpty else {
            throw ValidationError("no datasets given and none found at Datasets/default or ../shared/datasets")
        }
        return paths
    }

    /// `Datasets/default/launches.csv` if it exists, then `../shared/datasets/*/launches.csv` (sorted).
    static func defaultDatasets() -> [String] {
        let files = FileManager.default
        var paths: [String] = []
        if files.fileExists(atPath: "Datasets/default/launches.csv") { paths.append("Datasets/default/launches.csv") }
        let shared = "../shared/datasets"
        for name in ((try? files.contentsOfDirectory(atPath: shared)) ?? []).sorted() {
            let path = "\(shared)/\(name)/launches.csv"
            if files.fileExists(atPath: path) { paths.append(path) }
        }
        return paths
    }
}
