import ArgumentParser
import Foundation
import Evaluation
import LaunchHistory
import ReveilleCore

/// `reveille evaluate`: score fetch policies on a launch history by protocol `reveille-v1`.
struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score fetch policies on a launch history by walk-forward replay (protocol reveille-v1).",
        discussion: """
            Prints hit rate, oracle ratio, precision, fetches per day, staleness and probability scores \
            per policy and budget. --format json writes the protocol's JSON (sorted keys, deterministic; \
            schemas/evaluation.schema.json). The policy `reveille` is exactly what `reveille plan` ships.

            Examples:
              reveille evaluate ../shared/datasets/studentlife-small/launches.csv
              reveille evaluate launches.csv --policy reveille,histogram --budget 8,16 --format json -o eval.json
              reveille evaluate launches.csv --mode event --policy reveille,markov,histogram
              reveille evaluate launches.csv --policy reveille --budget 8 --fetches fetches.csv --device u00
              sort -t, -k1,1 -s launches.csv | reveille evaluate - --stream --partial > part.jsonl; reveille merge part.jsonl --format json
            """
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var evaluation: EvaluationCLIOptions
    @OptionGroup var output: OutputFormatOptions
    @OptionGroup var common: CommonOptions

    @Option(help: ArgumentHelp("Evaluate only this device.", valueName: "device-id"))
    var device: String?

    @Flag(help: "Add per-device results.")
    var perDevice = false

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Output file (- for standard output).", valueName: "file"))
    var outputPath = "-"

    @Option(help: ArgumentHelp("Also write every executed fetch as CSV (device, policy, budget, local_day, instant, app, used, reason: plan, hour or launch).",
                               valueName: "fetches.csv"))
    var fetches: String?

    @Option(help: ArgumentHelp("What to score: fetch (the protocol's fetch replay, default) or next-app (HR@1/3/5 and MRR@5 of reveille, mru, mfu and markov).", valueName: "task"))
    var task: EvaluationTask = .fetch

    @Flag(help: "Write a partial result (JSON Lines: a header, then one line per device as it ends) for `reveille merge`.")
    var partial = false

    @Flag(help: "Read the history one device at a time (canonical CSV sorted by device, - for standard input): memory holds one device per core.")
    var stream = false

    /// `--task next-app` scores one loaded history into one report: the fetch replay's streaming,
    /// partial, per-device and fetch-log outputs do not apply to it (refused rather than ignored).
    func validate() throws {
        guard task == .nextApp else { return }
        let fetchOnly = [("--stream", stream), ("--partial", partial), ("--per-device", perDevice), ("--fetches", fetches != nil)]
            .filter(\.1).map(\.0)
        guard fetchOnly.isEmpty else {
            throw ValidationError("\(fetchOnly.joined(separator: ", ")) apply to --task fetch only, not to --task next-app")
        }
    }

    func run() async throws {
        try await runMappingErrors {
            if task == .fetch, let note = evaluation.planningSlotNote { common.note(note) }
            if partial || stream { return try await runStreaming() }
            let history = try input.load(common).only(device: device, source: input.history)
            if task == .nextApp {
                let report = NextAppEvaluation.evaluate(history, warmupDays: evaluation.warmupDays)
                let text = output.resolved == .json ? try DeterministicJSON.text(report) : NextAppTable.text(report)
                try AtomicFile.write(text, to: outputPath)
                return
            }
            var options = try evaluation.resolvedOptions()
            options.perDevice = perDevice
            options.recordsFetches = fetches != nil
            let (report, timing) = try await Evaluator(options: options)
                .evaluate(history, progress: evaluationProgressNote(common, label: "evaluate"))
            common.note("evaluated in \(_fixed(timing.wallSeconds, 2)) s")
            let text = output.resolved == .json ? try report.json() : EvaluationTable.text(report)
            // Both outputs or neither (an unwritable -o leaves no fetch list behind).
            var outputs: [(data: Data, path: String)] = []
            if let fetches { outputs.append((Data(ExecutedFetch.csv(report.executedFetches).utf8), fetches)) }
            outputs.append((Data(text.utf8), outputPath))
            try AtomicFile.write(outputs)
        }
    }
}

/// What `reveille evaluate` scores.
enum EvaluationTask: String, ExpressibleByArgument, CaseIterable {
    /// The protocol's fetch replay.
    case fetch
    /// Next-app prediction (HR@k, MRR@5).
    case nextApp = "next-app"
}

/// The next-app report as a text table.
enum NextAppTable {
    static func text(_ report: NextAppReport) -> String {
        var lines = ["next-app prediction: \(report.devices) devices, \(report.results.first?.events ?? 0) events", "",
                     "predictor  HR@1   HR@3   HR@5   MRR@5  | per user: HR@1   HR@3   HR@5   MRR@5"]
        func f(_ x: Double) -> String { String(format: "%.3f", x) }
        for r in report.results {
            let name = r.predictor.padding(toLength: 9, withPad: " ", startingAt: 0)
            lines.append("\(name)  \(f(r.hr1))  \(f(r.hr3))  \(f(r.hr5))  \(f(r.mrr5))  |           \(f(r.userHr1))  \(f(r.userHr3))  \(f(r.userHr5))  \(f(r.userMrr5))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
