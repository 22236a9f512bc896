import ArgumentParser

/// `reveille bench`: benchmarks, each measured against a reference on the same machine in the
/// same run (absolute times drift on shared machines).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks: ingest speed, model kernels, planning, and evaluation over datasets.",
        subcommands: [BenchIngestCommand.self, BenchPlanCommand.self]
    )
}
