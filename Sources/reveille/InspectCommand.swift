import ArgumentParser
import LaunchHistory
import ReveilleCore

/// `reveille inspect`: a readable summary of a launch history.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a launch history: per device launches, apps, span, top apps, hourly histogram."
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var common: CommonOptions

    @Option(help: "How many top apps to list per device.")
    var top = 5

    func run() throws {
        try runMappingErrors {
            let history = try input.load(common)
            print(HistorySummary.text(history, topApps: top) + InspectStandby.text(history), terminator: "")
        }
    }
}
