import Foundation
import Testing
import TestSupport

@Suite struct EvaluateCommandTests {
    static let wellbeing = "../shared/datasets/android-wellbeing/launches.csv"

    @Test func tablePrintsEveryPolicyAndBudget() throws {
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--quiet"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("reveille-v1 daily, tau 60 min, warm-up 7 days: 1 devices scored (0 skipped), 23 device-days, 303 cold launches of 809 launches\n"))
        #expect(r.stdout.contains("oracle         32     1.000         1.000      1.000        13.17"))
        #expect(r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("histogram") }.count == 4)
    }

    @Test func jsonMatchesTheReferenceCountsAndIsDeterministic() throws {
        let args = ["evaluate", Self.wellbeing, "--json", "--policy", "interval,oracle", "--budget", "8", "--budget", "16"]
        let r = try CLIRunner.run(args)
        #expect(r.status == 0)
        #expect(r.stderr.contains("1/1 devices"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["protocol"] as? String == "reveille-v1")
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { "\($0["policy"] ?? "")\($0["budget"] ?? "")" } == ["interval8", "interval16", "oracle8", "oracle16"])
        #expect(results[0]["hits"] as? Int == 3 && results[0]["oracleHits"] as? Int == 160)
        #expect(results[0]["rocAuc"] is NSNull)
        let errors = try SchemaValidator(schema: "evaluation").errors(json: r.stdout)
        #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
        #expect(try CLIRunner.run(args).stdout == r.stdout)
    }

    @Test func outputFileAndPerDevice() throws {
        let path = try Fixtures.temporaryFile("old content", suffix: ".json")  // an existing file is replaced
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--json", "--per-device", "--mode", "online",
                                   "--policy", "histogram", "--budget", "4", "-o", path, "-q"])
        #expect(r.status == 0 && r.stdout.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"perDevice\"") && text.contains("\"mode\" : \"online\"") && text.contains("wellbeing-pixel"))
        #expect(try SchemaValidator(schema: "evaluation").errors(json: text).isEmpty)
    }

    @Test func eventModeScoresMarkovLikeTheReference() throws {
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--json", "--mode", "event", "--policy", "markov,histogram",
                                   "--budget", "8", "-q"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["mode"] as? String == "event")
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { $0["policy"] as? String } == ["markov", "histogram"])
        #expect(results[0]["hits"] as? Int == 7 && results[0]["fetches"] as? Int == 90)   // android-wellbeing-event.json
        #expect(results[1]["hits"] as? Int == 24)
        #expect(try SchemaValidator(schema: "evaluation").errors(json: r.stdout).isEmpty)
    }

    /// `--task next-app` prints one row per predictor, `reveille` first, and honours `--warmup-days`.
    @Test func nextAppTaskPrintsEveryPredictor() throws {
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--task", "next-app", "-q"])
        #expect(r.status == 0)
        let rows = r.stdout.components(separatedBy: "\n").compactMap { $0.components(separatedBy: " ").first }
        #expect(rows.filter { ["reveille", "mru", "mfu", "markov"].contains($0) } == ["reveille", "mru", "mfu", "markov"])
        #expect(r.stdout.hasPrefix("next-app prediction: 1 devices, 532 events"))
        let later = try CLIRunner.run(["evaluate", Self.wellbeing, "--task", "next-app", "--warmup-days", "14", "-q"])
        #expect(later.status == 0)
        #expect(!later.stdout.hasPrefix("next-app prediction: 1 devices, 532 events"))
    }

    /// Regression: `--task next-app` with `--stream`, `--partial`, `--per-device` or `--fetches` ran
    /// the fetch replay instead (or ignored the flag); now a usage error naming the flags.
    @Test(arguments: [["--stream"], ["--partial"], ["--per-device"], ["--fetches", "f.csv"]])
    func nextAppRefusesFetchOnlyFlags(_ flags: [String]) throws {
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--task", "next-app"] + flags)
        #expect(r.status == 64)
        #expect(r.stderr.contains("\(flags[0]) apply to --task fetch only"))
        #expect(r.stdout.isEmpty)
    }

    @Test func markovOutsideEventModeExitsWith64() throws {
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--policy", "markov"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("policy 'markov' cannot be evaluated in mode daily; it needs mode event"))
    }

    @Test func unknownPolicyExitsWith64() throws {
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--policy", "psychic"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown policy 'psychic'"))
    }

    @Test func badHistoryExitsWith65() throws {
        let r = try CLIRunner.run(["evaluate", "-"], stdin: "device,app,timestamp\nd,a,noon\n")
        #expect(r.status == 65)
    }

    @Test func benchEvalIsTheDefaultBenchSubcommand() throws {
        let r = try CLIRunner.run(["bench", Self.wellbeing, "--budget", "8", "-q"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("809 launches, 1 devices (0 skipped), 23 device-days, 303 cold launches"))
        #expect(r.stdout.contains("time: ingest"))
        #expect(r.stdout.contains("oracle          8     0.528         1.000      1.000"))
    }

    /// `--fetches -` with the report on standard output too writes both there, the fetch list
    /// first (the all-or-nothing output writer briefly refused a path named twice, `-` included).
    @Test func fetchesAndReportBothOnStandardOutput() throws {
        let r = try CLIRunner.run(["evaluate", "../shared/datasets/android-wellbeing/launches.csv", "--policy", "oracle",
                                   "--budget", "4", "--fetches", "-", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("device,policy,budget,local_day,instant,app,used,reason\n") && r.stdout.contains("oracle       4"))
    }
}
