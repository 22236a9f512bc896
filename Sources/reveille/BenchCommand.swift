import ArgumentParser

/// `reveille bench`: benchmarks, each measured against a reference on the same machine in the
/// same run (absolute times drift on shared machines).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks: ingest speed, model kernels, planning, evaluation over datasets, and evaluation (with the model, and of the baselines) vs numpy replays.",
        discussion: """
            Examples:
              reveille bench
              reveille bench eval launches.csv --policy reveille,histogram --budget 8
              reveille bench ingest
              reveille bench plan
              reveille bench baselines
              reveille bench all
            """,
        subcommands: [BenchEvalCommand.self, BenchBaselinesCommand.self, BenchIngestCommand.self, BenchKernelCommand.self, BenchModelCommand.self, BenchPlanCommand.self,
                      BenchReactCommand.self, BenchAllCommand.self],
        defaultSubcommand: BenchEvalCommand.self
    )
}
