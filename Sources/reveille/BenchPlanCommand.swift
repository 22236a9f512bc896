import ArgumentParser
import FetchPlanner
import LaunchHistory

extension SyntheticRequests.Kind: ExpressibleByArgument {}

/// `reveille bench plan`: plans a synthetic day with each method and reports time and objective.
struct BenchPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Time a 24-hour fetch plan (greedy vs Lagrangian) for synthetic apps at 5-minute resolution."
    )

    @Option(help: "Apps in the synthetic day.")
    var apps = 100

    @Option(help: "Daily budget (fetches).")
    var budget = 16

    @Option(help: "Shape of the synthetic forecasts.")
    var kind: SyntheticRequests.Kind = .realistic

    @Option(help: "Seeds (one synthetic day each); objectives are summed over them.")
    var seeds = 5

    @Option(help: "Timed repetitions per seed; the best is reported.")
    var repetitions = 3

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard apps > 0, budget >= 0, seeds > 0, repetitions > 0 else {
            throw ValidationError("--apps, --seeds and --repetitions must be positive, --budget ≥ 0")
        }
    }

    func run() throws {
        try runMappingErrors {
            common.note("plan: \(kind.rawValue) forecasts, \(apps) apps × 288 slots, budget \(budget), \(seeds) seeds")
            var lines: [String] = []
            for method in PlanningMethod.allCases {
                var best = 0.0, value = 0.0, hits = 0.0
                for seed in 1...seeds {
                    let request = SyntheticRequests.request(kind: kind, apps: apps, budget: budget, seed: UInt64(seed))
                    var fastest = Double.infinity
                    for _ in 0..<repetitions {
                        let clock = ContinuousClock(), start = clock.now
                        _ = try FetchPlanner.plan(request, method: method)
                        let elapsed = start.duration(to: clock.now)
                        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                    }
                    best += fastest
                    let o = try FetchPlanner.objective(request, method: method)
                    value += o.value
                    hits += o.expectedHits
                }
                let name = method.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                lines.append("\(name) \(_fixed(best / Double(seeds) * 1000, 2)) ms/plan  expected hits \(_fixed(hits, 4))  value \(_fixed(value, 4))")
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
