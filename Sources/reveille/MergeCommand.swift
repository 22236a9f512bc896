import ArgumentParser
import Evaluation
import ReveilleCore

/// `reveille merge`: one evaluation report from partial results of disjoint device sets.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge partial evaluation results (from `reveille evaluate --partial`) into one report.",
        discussion: """
            The partials must come from the same evaluation settings (mode, tau, warm-up, policies, \
            budgets, per-device) and hold each device once. The report is byte for byte what \
            `reveille evaluate` prints for all their devices together, in any order of files and lines.

            Examples:
              reveille evaluate part-a.csv --partial -o a.jsonl; reveille evaluate part-b.csv --partial -o b.jsonl
              reveille merge a.jsonl b.jsonl --format json -o eval.json
            """
    )

    @Argument(help: ArgumentHelp("Partial result files (- for standard input).", valueName: "partial.jsonl"))
    var partials: [String]

    @OptionGroup var output: OutputFormatOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Output file (- for standard output).", valueName: "file"))
    var outputPath = "-"

    func validate() throws {
        guard !partials.isEmpty else { throw ValidationError("give at least one partial file") }
    }

    func run() throws {
        try runMappingErrors {
            let report = try EvaluationPartial.merge(partials)
            try AtomicFile.write(output.resolved == .json ? try report.json() : EvaluationTable.text(report), to: outputPath)
        }
    }
}
