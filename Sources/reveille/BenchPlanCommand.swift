import ArgumentParser
import FetchPlanner
import LaunchHistory
import ReveilleCore

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
            let methods = PlanningMethod.allCases
            var seconds = [Double](repeating: 0, count: methods.count)
            var values = [[Double]](repeating: [], count: methods.count)
            var hits = [Double](repeating: 0, count: methods.count)
            for seed in 1...seeds {
                let request = SyntheticRequests.request(kind: kind, apps: apps, budget: budget, seed: UInt64(seed))
                for (m, method) in methods.enumerated() {
                    seconds[m] += try fastest { _ = try FetchPlanner.plan(request, method: method) }
                    let o = try FetchPlanner.objective(request, method: method)
                    values[m].append(o.value)
                    hits[m] += o.expectedHits
                }
            }
            for (m, method) in methods.enumerated() {
                let name = method.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                let total = values[m].reduce(0, +)
                print("\(name) \(_fixed(seconds[m] / Double(seeds) * 1000, 2)) ms/plan  expected hits \(_fixed(hits[m], 4))  value \(_fixed(total, 4))")
            }
            let pairs = zip(values[1], values[0])
            let better = pairs.filter { $0 > $1 + 1e-9 }.count, worse = pairs.filter { $0 < $1 - 1e-9 }.count
            let ratio = values[1].reduce(0, +) / max(1e-12, values[0].reduce(0, +))
            print("lagrangian vs greedy: better on \(better), worse on \(worse) of \(seeds) days; value ratio \(_fixed(ratio, 4))")
        }
    }

    /// The fastest of `repetitions` runs of `body`, in seconds.
    func fastest(_ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<repetitions {
            let clock = ContinuousClock(), start = clock.now
            try body()
            let elapsed = start.duration(to: clock.now)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }
}
