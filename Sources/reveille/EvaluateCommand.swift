import ArgumentParser
import Evaluation
import LaunchHistory
import ReveilleCore

/// `reveille evaluate`: score fetch policies on a launch history by protocol `reveille-v1`.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score fetch policies on a launch history by walk-forward replay (protocol reveille-v1).",
        discussion: """
            Prints hit rate, oracle ratio, precision, fetches per day, staleness and probability scores \
            per policy and budget. --json writes the protocol's JSON (sorted keys, deterministic; \
            schemas/evaluation.schema.json).
            """
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var evaluation: EvaluationCLIOptions
    @OptionGroup var common: CommonOptions

    @Flag(help: "Write the protocol JSON instead of a table.")
    var json = false

    @Flag(help: "Add per-device results.")
    var perDevice = false

    @Option(name: .shortAndLong, help: "Output file (- for standard output).")
    var output = "-"

    @Option(help: ArgumentHelp("Also write every executed fetch as CSV (device, policy, budget, local_day, instant, app, used).",
                               valueName: "fetches.csv"))
    var fetches: String?

    func run() throws {
        try runMappingErrors {
            let history = try input.load(common)
            var options = try evaluation.resolvedOptions()
            options.perDevice = perDevice
            options.recordsFetches = fetches != nil
            let (report, timing) = try Evaluator(options: options)
                .evaluateBlocking(history, progress: evaluationProgressNote(common, label: "evaluate"))
            common.note("evaluated in \(_fixed(timing.wallSeconds, 2)) s")
            let text = json ? try report.json() : EvaluationTable.text(report)
            if let fetches { try AtomicFile.write(ExecutedFetch.csv(report.executedFetches), to: fetches) }
            if output == "-" {
                print(text, terminator: "")
            } else {
                try AtomicFile.write(text, to: output)
            }
        }
    }
}
