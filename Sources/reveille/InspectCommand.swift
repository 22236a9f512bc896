import ArgumentParser
import LaunchHistory
import ReveilleCore

/// `reveille inspect`: a readable summary of a launch history.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a launch history: per device launches, apps, span, top apps, hourly histogram.",
        discussion: """
            Examples:
              reveille inspect Datasets/default/launches.csv
              reveille inspect launches.csv --device sim-003 --top 10
              reveille inspect app_usage.sqlite --input-format wellbeing --export-device pixel
            """
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var common: CommonOptions

    @Option(help: "How many top apps to list per device.")
    var top = 5

    @Option(help: ArgumentHelp("Summarise only this device.", valueName: "device-id"))
    var device: String?

    func validate() throws {
        guard top >= 0 else { throw ValidationError("--top must be 0 or more") }
    }

    func run() throws {
        try runMappingErrors {
            let history = try input.load(common).only(device: device, source: input.history)
            try StandardOutput.write(HistorySummary.text(history, topApps: top) + InspectStandby.text(history))
        }
    }
}
