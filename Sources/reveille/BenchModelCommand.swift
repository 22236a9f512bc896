import ArgumentParser
import Evaluation
import FetchPlanner
import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Scheduling

/// `reveille bench model`: evaluation CPU per device-day with the model (the `reveille` policy,
/// daily mode), next to a plain-numpy KDE replay of the same protocol measured in the same run,
/// the two in alternating runs.
struct BenchModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Evaluation CPU per device-day with the model vs a plain-numpy KDE replay, alternating runs.",
        discussion: """
            Each round evaluates the `reveille` policy (budgets 4, 8, 16, 32, daily mode) in this \
            process, then runs the reference script (`python3 bench/numpy_kde_replay.py`) on the same \
            file as a child process; CPU time is user + system from getrusage (all threads; the \
            child's own). Medians over the rounds are printed, with the median of the per-round \
            ratios. Without Python and numpy only Reveille's figure is printed.
            """
    )

    @Argument(help: "Canonical launch histories (default: the bundled and shared datasets).")
    var datasets: [String] = []

    @Option(help: "Alternating rounds (Reveille, then the reference).")
    var rounds = 3

    @Option(help: "The reference replay script (empty to skip it).")
    var reference = "bench/numpy_kde_replay.py"

    @Flag(help: "Also count, in one more evaluation, how often the planner's `best` method kept the greedy plan over the Lagrangian one.")
    var methods = false

    func validate() throws {
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be in 1...50") }
    }

    func run() throws {
        try runMappingErrors {
            let paths = try BenchEvalCommand.paths(datasets)
            var options = EvaluationOptions()
            options.registry = PolicyCatalog.registry
            options.policies = ["reveille"]
            options.budgets = [4, 8, 16, 32]
            for path in paths {
                let history = try HistoryReader.read(path: path)
                var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
                var report: EvaluationReport?
                var referenceHits: [Int: Double] = [:]
                for _ in 0..<rounds {
                    let before = ModelBenchmark.cpuSeconds(.self)
                    report = try Evaluator(options: options).evaluateBlocking(history).report
                    let cpu = ModelBenchmark.cpuSeconds(.self) - before
                    let days = Double(max(1, report?.deviceDays ?? 0))
                    ours.append(cpu / days * 1000)
                    guard !reference.isEmpty, let child = ModelBenchmark.runReference(script: reference, path: path) else { continue }
                    theirs.append(child.cpuSeconds / Double(max(1, child.deviceDays)) * 1000)
                    referenceHits = child.hitRates
                    ratios.append(ours[ours.count - 1] / theirs[theirs.count - 1])
                }
                print(ModelBenchmark.summary(path: path, report: report, ours: ours, theirs: theirs, ratios: ratios,
                                             referenceHitRates: referenceHits))
                if methods { print(try ModelBenchmark.methodCounts(history, options: options)) }
            }
        }
    }
}

/// Measurements of the model benchmark.
enum ModelBenchmark {
    enum Who { case `self`, children }

    /// User + system CPU seconds of this process (all threads) or of its reaped children.
    static func cpuSeconds(_ who: Who) -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(who == .self ? RUSAGE_SELF.rawValue : RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(who == .self ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Runs the reference script on `path`: its CPU seconds, device-days and hit rate per budget,
    /// or `nil` when it cannot run (no script, no Python or numpy, bad output).
    static func runReference(script: String, path: String) -> (cpuSeconds: Double, deviceDays: Int, hitRates: [Int: Double])? {
        guard FileManager.default.fileExists(atPath: script), let (cpu, json) = runChild(["python3", script, path]),
              let days = json["deviceDays"] as? Int, let results = json["results"] as? [[String: Any]] else { return nil }
        var rates: [Int: Double] = [:]
        for r in results {
            if let b = r["budget"] as? Int, let h = r["hitRate"] as? Double { rates[b] = h }
        }
        return (cpu, days, rates)
    }

    /// Runs `arguments` (through `/usr/bin/env`) as a child process: its CPU seconds (user +
    /// system) and its standard output as a JSON object, or `nil` when it cannot run, fails or
    /// prints something else.
    static func runChild(_ arguments: [String]) -> (cpuSeconds: Double, json: [String: Any])? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let before = cpuSeconds(.children)
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let cpu = cpuSeconds(.children) - before
        guard process.terminationStatus == 0, let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (cpu, json)
    }

    /// The median of `values` (the mean of the middle two for an even count; 0 when empty).
    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// One dataset's block of output.
    static func summary(path: String, report: EvaluationReport?, ours: [Double], theirs: [Double], ratios: [Double],
                        referenceHitRates: [Int: Double]) -> String {
        var text = "\(path): \(report?.deviceDays ?? 0) device-days, \(ours.count) alternating rounds\n"
        text += "  evaluation CPU per device-day, reveille policy: median \(_fixed(median(ours), 2)) ms "
        text += "(min \(_fixed(ours.min() ?? 0, 2)), max \(_fixed(ours.max() ?? 0, 2)))\n"
        if theirs.isEmpty {
            text += "  reference (numpy KDE replay): not run\n"
        } else {
            text += "  reference (numpy KDE replay, same run): median \(_fixed(median(theirs), 2)) ms "
            text += "(min \(_fixed(theirs.min() ?? 0, 2)), max \(_fixed(theirs.max() ?? 0, 2)))\n"
            text += "  ratio reveille / reference: median \(_fixed(median(ratios), 2))\n"
        }
        for r in report?.results ?? [] {
            let theirs = referenceHitRates[r.budget].map { ", reference kde \(_fixed($0, 3))" } ?? ""
            text += "  B=\(r.budget): hit rate reveille \(_fixed(r.hitRate, 3))\(theirs)\n"
        }
        return text
    }
}

extension ModelBenchmark {
    /// Evaluates the `reveille` policy once more with a policy that plans exactly as it does and
    /// counts which method `best` kept: how often the greedy plan beat the Lagrangian one.
    static func methodCounts(_ history: LaunchHistory, options: EvaluationOptions) throws -> String {
        let tally = _MethodTally()
        var counting = options
        var registry = PolicyRegistry.builtIn
        registry.register("reveille") { setup in
            var o = SchedulingOptions()
            o.tauMinutes = setup.tauMinutes
            return _MethodCountingPolicy(scheduling: try ReveillePolicy(options: o), tally: tally)
        }
        counting.registry = registry
        let report = try Evaluator(options: counting).evaluateBlocking(history).report
        let (greedy, total) = tally.counts
        return "  planner method `best`: greedy kept in \(greedy) of \(total) plans (\(report.deviceDays) device-days × \(options.budgets.count) budgets)\n"
    }
}

/// Counts the planning methods `best` chose (shared by the per-device policy values).
final class _MethodTally: @unchecked Sendable {
    private let lock = NSLock()
    private var greedy = 0, total = 0
    func add(_ method: PlanningMethod) {
        lock.lock(); defer { lock.unlock() }
        total += 1
        if method == .greedy { greedy += 1 }
    }
    var counts: (greedy: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        return (greedy, total)
    }
}

/// The `reveille` policy in daily mode, counting each plan's method.
struct _MethodCountingPolicy: FetchPolicy {
    let name = "reveille"
    var scheduling: ReveillePolicy
    let tally: _MethodTally

    mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        guard context.remainingBudget > 0, scheduling.holdsWholeSlot(from: context.windowStart, to: context.dayEnd) else {
            return PolicyPlan(fetches: [])
        }
        let request = ScheduleRequest(context: context.forecastContext, start: context.windowStart, end: context.dayEnd,
                                      budgetPerDay: context.budget)
        let plan = try scheduling.plan(request)
        tally.add(plan.method)
        let fetches = plan.windows.filter { $0.executeAt >= context.windowStart && $0.executeAt < context.windowEnd }
            .map { Fetch(app: $0.app, instant: $0.executeAt) }
        return PolicyPlan(fetches: Array(fetches.prefix(context.remainingBudget)))
    }
}
