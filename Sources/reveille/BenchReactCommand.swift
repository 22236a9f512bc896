import ArgumentParser
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// `reveille bench react`: decision latency of the reactive scheduler per launch.
struct BenchReactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "react",
        abstract: "Time ReactiveScheduler.observe per launch on synthetic statistics (target: ≤ 1 ms with 150 apps)."
    )

    @Option(help: "Apps the statistics know (all candidates).")
    var apps = 150

    @Option(help: "Daily budget (fetches).")
    var budget = 32

    @Option(help: "Launches fed to the scheduler (about 60 a day).")
    var launches = 20_000

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard apps > 1, budget >= 0, launches > 0 else { throw ValidationError("--apps > 1, --budget ≥ 0, --launches > 0") }
    }

    func run() throws {
        try runMappingErrors {
            var random = _XorShift(state: 0x9E37_79B9_7F4A_7C15)
            let names = (0..<apps).map { "app.\($0)" }.sorted()
            let hourly = names.indices.map { _ in (0..<24).map { _ in Int(random.next() % 4) } }
            var transitions: [ReactiveStatistics.Transition] = []
            for a in names.indices {
                for b in names.indices where a != b && random.next() % 5 == 0 {
                    transitions.append(.init(from: a, to: b, count: 1 + Int(random.next() % 9)))
                }
            }
            let statistics = ReactiveStatistics(
                apps: names, days: 28, hourlyColdLaunches: hourly, launches: names.map { _ in 40 },
                transitions: transitions, coefficients: [1.8, 1.3, -2.1, 0.5, 0.4, -0.25, 0.1, -1.1, 3.0],
                triggerScores: (0..<400).map { Double(400 - $0) / 400 }, scoreDays: 14)
            var scheduler = ReactiveScheduler(statistics: statistics, budget: budget, triggers: true)
            var instant = 1_700_000_000.0
            let clock = ContinuousClock()
            var slowest = Duration.zero, total = Duration.zero, triggers = 0
            var spents: [Duration] = []
            spents.reserveCapacity(launches)
            for _ in 0..<launches {
                instant += Double(60 + random.next() % 2_400)
                let launch = LaunchEvent(device: "bench", app: names[Int(random.next() % UInt64(apps))], instant: instant,
                                         utcOffsetSeconds: 0)
                let started = clock.now
                let decisions = scheduler.observe(launch)
                let spent = clock.now - started
                total += spent
                slowest = max(slowest, spent)
                spents.append(spent)
                triggers += decisions.filter { $0.reason == .trigger }.count
            }
            let mean = _microseconds(total) / Double(launches)
            common.note("react: \(apps) apps, budget \(budget), \(launches) launches, \(triggers) trigger fetches")
            spents.sort()
            let p99 = spents.isEmpty ? Duration.zero : spents[min(spents.count - 1, spents.count * 99 / 100)]
            print("observe: mean \(_fixed(mean, 1)) µs/launch, 99th percentile \(_fixed(_microseconds(p99), 1)) µs, "
                  + "slowest \(_fixed(_microseconds(slowest), 1)) µs (target ≤ 1000 µs)")
        }
    }

    private func _microseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    }
}

/// A small deterministic generator for synthetic benchmark data.
private struct _XorShift {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
