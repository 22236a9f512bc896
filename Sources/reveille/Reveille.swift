import ArgumentParser

/// The `reveille` command: routes to one subcommand per job.
@main
struct Reveille: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reveille",
        abstract: "Predict when apps will be opened and plan background fetches just before.",
        version: "0.1.0",
        subcommands: [
            InspectCommand.self, TrainCommand.self, PredictCommand.self, PlanCommand.self, EvaluateCommand.self,
            BenchCommand.self, SimulateCommand.self, ImportCommand.self, ReportCommand.self, EvaluatePushCommand.self, ExplainCommand.self,
            ReactCommand.self, MergeCommand.self,
        ]
    )
}
