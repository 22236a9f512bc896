import ArgumentParser
import Foundation
import ReveilleCore

/// `reveille bench all`: every speed figure of issue 17 in one run, each next to a reference
/// measured in the same run: the model and the baselines against the numpy replays, online and
/// event mode against daily, a scaled-down simulated fleet (throughput and peak memory at two
/// sizes), `reveille plan` as a whole process, and ingest of the simulator's own output.
struct BenchAllCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Every speed figure (model, baselines, modes, fleet, plan, ingest) in one run, each next to its same-run reference.",
        discussion: """
            About 3–6 minutes on the 2-core development machine with the defaults. Whole-process \
            figures (modes, fleet, plan) run this executable as a child and read the child's own \
            CPU time and peak memory (wait4); the model and baselines sections are `bench model` \
            and `bench baselines` with --rounds, the ingest section is `bench ingest --file` on a \
            freshly simulated file. Scratch files go to $TMPDIR and are removed. The first line \
            says whether this executable links the Swift runtime statically, as README's build \
            (--static-swift-stdlib) does: the whole-process figures depend on it.
            """
    )

    @Option(help: "Alternating rounds of the numpy comparisons.")
    var rounds = 1

    @Option(help: "History for the model comparison (default: the StudentLife sample if present, else the bundled dataset).")
    var modelDataset: String?

    @Option(help: "History for the baselines comparison.")
    var baselinesDataset = "Datasets/default/launches.csv"

    @Option(help: "A history for online and event vs daily (repeatable; default: Android Wellbeing, the StudentLife sample and the bundled dataset — few, sparse and many launches a day: the reactive modes' extra work grows with them).")
    var modesDataset: [String] = ["../shared/datasets/android-wellbeing/launches.csv",
                                  "../shared/datasets/studentlife-small/launches.csv", "Datasets/default/launches.csv"]

    @Option(help: "Devices of the larger simulated fleet (the smaller has half); 30 local days each.")
    var fleetDevices = 40

    @Option(help: "Devices of the simulated file whose ingest is measured (4 local days each).")
    var ingestDevices = 1000

    func validate() throws {
        guard (1...50).contains(rounds), (2...10_000).contains(fleetDevices), (1...100_000).contains(ingestDevices) else {
            throw ValidationError("--rounds must be in 1...50, --fleet-devices in 2...10000, --ingest-devices in 1...100000")
        }
    }

    func run() throws {
        try runMappingErrors {
            let me = Bundle.main.executablePath ?? CommandLine.arguments[0]
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-bench-all-\(getpid())").path
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let model = modelDataset ?? (FileManager.default.fileExists(atPath: "../shared/datasets/studentlife-small/launches.csv")
                ? "../shared/datasets/studentlife-small/launches.csv" : baselinesDataset)

            print("this executable: \(Self.runtimeLinkage())")
            Self.section("1. Evaluation with the model (reveille, B = 4/8/16/32, daily) vs the numpy KDE replay; target: CPU per device-day ≤ the reference")
            try BenchModelCommand.parse([model, "--rounds", "\(rounds)"]).run()
            Self.section("2. Baselines (interval, histogram, oracle) vs the numpy baselines replay; target: ≥ 20× faster")
            try BenchBaselinesCommand.parse([baselinesDataset, "--rounds", "\(rounds)"]).run()
            Self.section("3. Online and event vs daily (reveille, B = 4/8/16/32, whole process CPU); target: ≤ 1.5× daily")
            try modes(me)
            Self.section("4. Fleet: simulated devices × 30 days, every policy, B = 4/8/16/32, daily, `evaluate --stream` (whole process); target: 1,000 device-months ≤ 60 s wall, ≤ 300 MB")
            try fleet(me, scratch: scratch)
            Self.section("5. `reveille plan` for one device as a whole process (model file + history, 24 h, B = 12); target: ≤ 30 ms")
            try plan(me, scratch: scratch)
            Self.section("6. Ingest of the simulator's output (with durations, \(ingestDevices) devices × 4 days); target: ≥ 600 MB/s per core")
            let file = scratch + "/ingest.csv"
            try Self.child([me, "simulate", "--devices", "\(ingestDevices)", "--days", "4", "--seed", "17", "-o", file, "-q"])
            try BenchIngestCommand.parse(["--file", file, "--repetitions", "3"]).run()
            print("  (MB per CPU second: the file's size over the user + system CPU of the run with the least CPU; the first run pays the heap's growth; wall MB/s includes waiting for a shared core)")
        }
    }

    /// Section 3: per history, `max(rounds, 2)` rounds of daily, online and event in turn
    /// (D O E D O E …), each mode's ratio taken against the same round's daily run, then the
    /// median ratio over the rounds (a shared machine's drift moves a round's three runs alike).
    func modes(_ me: String) throws {
        let modes = ["daily", "online", "event"], count = max(rounds, 2)
        for history in modesDataset {
            var cpu: [String: [Double]] = [:]
            for _ in 0..<count {
                for mode in modes {
                    let run = try Self.child([me, "evaluate", history, "--policy", "reveille", "--budget", "4,8,16,32", "--mode", mode,
                                              "--json", "-q", "-o", "/dev/null"])
                    cpu[mode, default: []].append(run.cpu)
                }
            }
            let daily = cpu["daily"] ?? []
            print("  \(history) (\(count) rounds D O E …):")
            for mode in modes {
                let runs = cpu[mode] ?? []
                let ratios = zip(runs, daily).map { $0 / max($1, 1e-9) }
                let median = ModelBenchmark.median
                print("    \(mode.padding(toLength: 6, withPad: " ", startingAt: 0)) CPU median \(_fixed(median(runs), 2)) s"
                      + (mode == "daily" ? " (the reference)"
                         : "; \(_fixed(median(ratios), 2))× daily (per round: \(ratios.map { _fixed($0, 2) }.joined(separator: ", ")))"))
            }
        }
    }

    /// Section 4: two fleet sizes, so the peak memory is seen not to grow with the devices.
    func fleet(_ me: String, scratch: String) throws {
        var rate = 0.0, cpuPerDevice = 0.0
        for devices in [fleetDevices / 2, fleetDevices] {
            let file = scratch + "/fleet-\(devices).csv"
            try Self.child([me, "simulate", "--devices", "\(devices)", "--days", "30", "--seed", "17", "-o", file, "-q"])
            let run = try Self.child([me, "evaluate", file, "--stream", "--budget", "4,8,16,32", "--json", "-q", "-o", "/dev/null"])
            rate = Double(devices) / max(run.wall / 60, 1e-9)
            cpuPerDevice = run.cpu / Double(devices)
            print("  \(devices) device-months: wall \(_fixed(run.wall, 1)) s, CPU \(_fixed(run.cpu, 1)) s, peak memory \(_fixed(run.peakMB, 0)) MB, "
                  + "\(_fixed(rate, 1)) device-months per minute (wall)")
            try? FileManager.default.removeItem(atPath: file)
        }
        let cores = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
        print("  projection to 1,000 device-months (linear: devices are independent and streamed): \(_fixed(1000 / max(rate, 1e-9), 1)) min "
              + "at the larger fleet's wall rate; \(_fixed(1000 * cpuPerDevice / cores / 60, 1)) min from its CPU per device-month "
              + "on \(Int(cores)) idle cores; peak memory holds one device per core, not the fleet (a shared machine's load only adds wall time)")
    }

    /// Section 5, with the start-up of this executable (`--version`) as the floor.
    func plan(_ me: String, scratch: String) throws {
        let history = "Datasets/default/launches.csv", model = scratch + "/model.json"
        try Self.child([me, "train", history, "--device", "sim-000", "-o", model, "-q"])
        let args = [me, "plan", "--model", model, "--history", history, "--device", "sim-000", "--from", "2024-04-08T00:00:00-04:00",
                    "--hours", "24", "--budget", "12", "-q", "-o", scratch + "/schedule.json"]
        var plans: [(wall: Double, cpu: Double, peakMB: Double)] = [], starts: [(wall: Double, cpu: Double, peakMB: Double)] = []
        for _ in 0..<7 {
            plans.append(try Self.child(args))
            starts.append(try Self.child([me, "--version"]))
        }
        let median = ModelBenchmark.median
        func ms(_ runs: [(wall: Double, cpu: Double, peakMB: Double)]) -> String {
            let walls = runs.map { $0.wall * 1000 }
            return "median \(_fixed(median(walls), 1)) ms wall (min \(_fixed(walls.min() ?? 0, 1)), max \(_fixed(walls.max() ?? 0, 1))), "
                + "CPU \(_fixed(median(runs.map { $0.cpu * 1000 }), 1)) ms"
        }
        print("  plan: \(ms(plans)), 7 runs")
        print("  reference, same run: `reveille --version` (process start alone): \(ms(starts))")
    }

    /// How this executable links the Swift runtime: whole-process figures (plan, modes, fleet)
    /// include loading it. README's build links it statically (`--static-swift-stdlib`); a plain
    /// `swift build` loads about 20 shared libraries at every start (measured: `reveille plan`
    /// 21 ms static vs 28 ms dynamic, median wall of 41 paired runs).
    static func runtimeLinkage() -> String {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else {
            return "Swift runtime linkage unknown (no /proc/self/maps)"
        }
        return maps.contains("libswiftCore.so")
            ? "Swift runtime in shared libraries (a plain `swift build`; README builds with --static-swift-stdlib, whose processes start faster)"
            : "Swift runtime linked statically (--static-swift-stdlib, as README builds it)"
    }

    static func section(_ title: String) {
        print("\n== \(title)")
    }

    /// Runs `arguments` (the first an executable path) with standard output and error discarded:
    /// its wall seconds, CPU seconds (user + system) and peak resident memory, from `wait4`.
    /// Throws when it cannot start or exits non-zero.
    @discardableResult
    static func child(_ arguments: [String]) throws -> (wall: Double, cpu: Double, peakMB: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let clock = ContinuousClock(), start = clock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            throw ValidationError("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = start.duration(to: clock.now).components
        guard status == 0 else { throw ValidationError("\(arguments.dropFirst().prefix(2).joined(separator: " ")) failed (status \(status))") }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return (Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18, seconds(usage.ru_utime) + seconds(usage.ru_stime),
                Double(usage.ru_maxrss) / 1024)
    }
}
