import ArgumentParser
import LaunchHistory
import ReveilleCore
import Report
import UsageModel

/// `reveille report`: one self-contained HTML page with heatmaps, schedule timelines, the hit rate
/// versus budget curve and a calibration plot.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a self-contained HTML report (inline SVG and CSS, no scripts) of a history, schedule and evaluation.",
        discussion: """
            Examples:
              reveille report Datasets/default/launches.csv -o report.html
              reveille report launches.csv --model model.json --schedule plan.json -o report.html
              reveille report launches.csv --evaluation eval.json --device u01 -o u01.html
            """
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var common: CommonOptions

    @Option(help: "Fitted model JSON (from `reveille train`): adds probability heatmaps and, without --evaluation calibration bins, the calibration plot.")
    var model: String?

    @Option(help: "Schedule JSON (from `reveille plan`): one schedule, an array, or {\"schedules\": [...]}.")
    var schedule: String?

    @Option(help: "Evaluation JSON (from `reveille evaluate --json`, protocol reveille-v1).")
    var evaluation: String?

    @Option(name: .shortAndLong, help: "Output HTML file, or - for standard output.")
    var output = "-"

    @Option(help: "Most launched apps per device that get their own heatmap.")
    var topApps = 6

    @Option(help: "Most devices shown (those with the most launches).")
    var maxDevices = 25

    @Option(name: .customLong("device"), help: "Show only this device (repeatable).")
    var devices: [String] = []

    @Option(help: "Page title.")
    var title = "Reveille report"

    func validate() throws {
        guard topApps >= 0 else { throw ValidationError("--top-apps must be 0 or more") }
        guard maxDevices >= 1 else { throw ValidationError("--max-devices must be 1 or more") }
    }

    func run() throws {
        try runMappingErrors {
            let history = try input.load(common)
            let schedules = try schedule.map { path throws(ReportInputError) in try PlannedSchedule.load(path: path) } ?? []
            let summary = try evaluation.map { path throws(ReportInputError) in try EvaluationSummary.load(path: path) }
            let profiles = try _profiles(history)
            let options = ReportOptions(title: title, subtitle: _subtitle(), topApps: topApps, maxDevices: maxDevices,
                                        devices: devices.isEmpty ? nil : Set(devices))
            let report = ReportInput(history: history, profiles: profiles, schedules: schedules, evaluation: summary)
            let shown = HTMLReport.shownDevices(report, options: options).count
            if !devices.isEmpty, shown == 0 {
                throw ValidationError("--device: none of \(devices.joined(separator: ", ")) is in the inputs")
            }
            if devices.isEmpty, shown < history.devices.count {
                common.note("showing the \(shown) devices with the most launches of \(history.devices.count) (--max-devices)")
            }
            let html = HTMLReport.render(report, options: options)
            try AtomicFile.write(html, to: output)
            if output != "-" { common.note("wrote \(output) (\(html.utf8.count) bytes)") }
        }
    }

    /// Probability heatmaps from `--model` (see `ProbabilityProfile.profiles`); none without it.
    func _profiles(_ history: LaunchHistory) throws -> [ProbabilityProfile] {
        guard let model else { return [] }
        let built = try ProbabilityProfile.profiles(try UsageModelFile.load(path: model), history: history, topApps: topApps)
        if !built.unmodelled.isEmpty {
            common.warn("no model in \(_baseName(model)) for \(built.unmodelled.count) device(s): \(built.unmodelled.prefix(5).joined(separator: ", "))")
        }
        return built.profiles
    }

    /// The input file names, shown under the title.
    func _subtitle() -> String {
        var parts = ["history \(_baseName(input.history))"]
        if let model { parts.append("model \(_baseName(model))") }
        if let schedule { parts.append("schedule \(_baseName(schedule))") }
        if let evaluation { parts.append("evaluation \(_baseName(evaluation))") }
        return parts.joined(separator: " · ")
    }

    func _baseName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
