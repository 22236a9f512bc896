import ArgumentParser
import Foundation
import ReveilleCore

/// `reveille bench baselines`: the baselines' evaluation (interval, histogram, oracle; budgets
/// 4, 8, 16, 32; daily mode) as a whole process, next to a plain-numpy replay of the same
/// protocol as a whole process, the two in alternating runs.
struct BenchBaselinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baselines",
        abstract: "Baseline evaluation CPU (whole process) vs a plain-numpy replay, alternating runs.",
        discussion: """
            Each round runs `reveille evaluate FILE --policy interval,histogram,oracle --json` (this \
            executable) and then the reference script (`python3 bench/numpy_baselines_replay.py`) \
            on the same file, each as a child process; CPU time is the child's user + system from \
            getrusage, so both figures include process start and reading the file. Medians over the \
            rounds are printed, with the median of the per-round ratios, and whether the two agree \
            on every hit, oracle hit and fetch count. Without Python and numpy only Reveille's \
            figure is printed.
            """
    )

    @Argument(help: "Canonical launch histories (default: the bundled and shared datasets).")
    var datasets: [String] = []

    @Option(help: "Alternating rounds (Reveille, then the reference).")
    var rounds = 3

    @Option(help: "The reference replay script (empty to skip it).")
    var reference = "bench/numpy_baselines_replay.py"

    func validate() throws {
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be in 1...50") }
    }

    func run() throws {
        try runMappingErrors {
            let paths = try BenchEvalCommand.paths(datasets)
            let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
            for path in paths {
                var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
                var ourJSON: [String: Any]?, theirJSON: [String: Any]?
                for _ in 0..<rounds {
                    guard let mine = ModelBenchmark.runChild([executable, "evaluate", path, "--policy", "interval,histogram,oracle",
                                                              "--budget", "4,8,16,32", "--json", "-q"]) else {
                        throw ValidationError("reveille evaluate failed on \(path)")
                    }
                    ours.append(mine.cpuSeconds)
                    ourJSON = mine.json
                    guard !reference.isEmpty, FileManager.default.fileExists(atPath: reference),
                          let other = ModelBenchmark.runChild(["python3", reference, path]) else { continue }
                    theirs.append(other.cpuSeconds)
                    theirJSON = other.json
                    ratios.append(other.cpuSeconds / max(mine.cpuSeconds, 1e-9))
                }
                print(Self.summary(path: path, ours: ours, theirs: theirs, ratios: ratios, ourJSON: ourJSON, theirJSON: theirJSON))
            }
        }
    }

    /// One dataset's block of output.
    static func summary(path: String, ours: [Double], theirs: [Double], ratios: [Double],
                        ourJSON: [String: Any]?, theirJSON: [String: Any]?) -> String {
        let median = ModelBenchmark.median
        var text = "\(path): \(ourJSON?["deviceDays"] as? Int ?? 0) device-days, \(ours.count) alternating rounds\n"
        text += "  baselines (interval, histogram, oracle; B = 4, 8, 16, 32), whole-process CPU: median \(_fixed(median(ours), 3)) s "
        text += "(min \(_fixed(ours.min() ?? 0, 3)), max \(_fixed(ours.max() ?? 0, 3)))\n"
        guard !theirs.isEmpty else { return text + "  reference (numpy baselines replay): not run\n" }
        text += "  reference (numpy baselines replay, same run): median \(_fixed(median(theirs), 3)) s "
        text += "(min \(_fixed(theirs.min() ?? 0, 3)), max \(_fixed(theirs.max() ?? 0, 3)))\n"
        text += "  reference / reveille: median \(_fixed(median(ratios), 1))× faster\n"
        let disagreements = Self.disagreements(ourJSON, theirJSON)
        text += disagreements.isEmpty ? "  counts agree (hits, oracle hits, fetches at every policy and budget)\n"
            : "  counts DISAGREE: \(disagreements.joined(separator: ", "))\n"
        return text
    }

    /// The (policy, budget, field) triples whose counts differ between the two outputs.
    static func disagreements(_ a: [String: Any]?, _ b: [String: Any]?) -> [String] {
        func rows(_ json: [String: Any]?) -> [String: [String: Any]] {
            var result: [String: [String: Any]] = [:]
            for row in json?["results"] as? [[String: Any]] ?? [] {
                result["\(row["policy"] as? String ?? "?")@\(row["budget"] as? Int ?? -1)"] = row
            }
            return result
        }
        let ours = rows(a), theirs = rows(b)
        var differing: [String] = []
        for key in Set(ours.keys).union(theirs.keys).sorted() {
            for field in ["hits", "oracleHits", "fetches"] where ours[key]?[field] as? Int != theirs[key]?[field] as? Int {
                differing.append("\(key) \(field)")
            }
        }
        return differing
    }
}
