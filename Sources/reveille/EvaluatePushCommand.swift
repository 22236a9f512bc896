import ArgumentParser
import Evaluation
import FetchPlanner
import LaunchHistory
import ReveilleCore

/// `reveille evaluate-push`: score silent-push timing for one app per device (protocol
/// `reveille-v1` daily mode restricted to that app, under the push budget).
struct EvaluatePushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-push",
        abstract: "Score silent-push timing for one app by walk-forward replay (model vs every-6-hours vs oracle).",
        discussion: """
            Per device (and pooled): the app's cold launches, hits (a push at f hits a cold launch at t iff \
            t - tau <= f < t, same local day), hit rate, pushes and precision for the policies model \
            (usage model + push planner), every6h (pushes at 0, 6, 12, 18 h local) and oracle (exact best \
            cover). The spacing also holds across local midnight. Without --app, each device's most \
            launched app is used. --format json writes the report as JSON (sorted keys, deterministic; \
            schemas/push-evaluation.schema.json).

            Examples:
              reveille evaluate-push Datasets/default/launches.csv
              reveille evaluate-push launches.csv --app com.example.news --pushes-per-day 6 --format json
            """
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var common: CommonOptions

    @Option(help: "App whose pushes are timed (default: each device's most launched app).")
    var app: String?

    @Option(help: "Evaluate only this device.")
    var device: String?

    @Option(help: "Push budget: at most this many pushes per local day.")
    var pushesPerDay = 4

    @Option(help: "Push budget: at least this many hours between pushes (also across midnight).")
    var pushSpacingHours: Double = 3

    @OptionGroup var format: OutputFormatOptions

    @Option(name: .shortAndLong, help: "Output file (- for standard output).")
    var output = "-"

    func validate() throws {
        guard (0...288).contains(pushesPerDay) else { throw ValidationError("--pushes-per-day must be in 0…288") }
        guard (0...8_784).contains(pushSpacingHours) else {
            throw ValidationError("--push-spacing-hours must be a number of hours in 0…8784 (a leap year)")
        }
    }

    func run() throws {
        try runMappingErrors {
            let history = try input.load(common)
            var options = PushEvaluationOptions()
            options.rules = PushRules(maxPushesPerDay: pushesPerDay, minimumSpacingSeconds: pushSpacingHours * 3600)
            let report = try PushEvaluator.evaluate(try history.only(device: device, source: input.history), app: app,
                                                    device: device, options: options)
            if !report.skippedDevices.isEmpty {
                common.note("skipped (history too short): \(report.skippedDevices.joined(separator: ", "))")
            }
            let text = format.resolved == .json ? try report.json() : report.table()
            try AtomicFile.write(text, to: output)
        }
    }
}
