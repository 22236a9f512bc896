import Foundation
import Testing
import TestSupport

/// The command line's typed options: one meaning per name, parsed once, the same errors everywhere.
@Suite struct PipelineOptionsTests {
    static let bundled = Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path
    static let wellbeing = Fixtures.dataset("android-wellbeing/launches.csv")

    @Test func utcOffsetTakesANegativeValueAsTheHelpSays() throws {
        let lsapp = try Fixtures.temporaryFile("user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n1\t1\t2019-03-01 08:00:00\tMail\tOpened\n",
                                              suffix: ".tsv")
        let r = try CLIRunner.run(["inspect", lsapp, "--utc-offset", "-04:00"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("lsapp-1"))
        let bad = try CLIRunner.run(["inspect", lsapp, "--utc-offset", "-25:00"])
        #expect(bad.status == 64)
    }

    @Test(arguments: [
        ["evaluate", bundled, "--device", "nobody"],
        ["inspect", bundled, "--device", "nobody"],
        ["train", bundled, "--device", "nobody", "-o", "/dev/null"],
        ["evaluate-push", bundled, "--device", "nobody"],
        ["plan", "--history", bundled, "--device", "nobody", "--from", "2024-04-08T00:00:00-04:00"],
    ])
    func unknownDeviceIsTheSameUsageErrorEverywhere(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 64, "\(arguments[0]): \(r.stderr)")
        #expect(r.stderr.contains("no device 'nobody'"))
        #expect(r.stderr.contains("sim-000, sim-001"))
        #expect(r.stderr.contains("20 devices"))
    }

    @Test func rulesFileReachesThePlannerAndTyposAreRejected() throws {
        let args = ["plan", "--history", Self.bundled, "--device", "sim-000", "--from", "2024-04-08T00:00:00-04:00", "--budget", "12", "-q"]
        let capped = try Fixtures.temporaryFile(#"{"maxFetchesPerAppPerDay": 1, "leadMinutes": 5}"#, suffix: ".json")
        let errors = try SchemaValidator(schema: "rules").errors(json: try String(contentsOfFile: capped, encoding: .utf8))
        #expect(errors.isEmpty, "\(errors)")
        let r = try CLIRunner.run(args + ["--rules", capped])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let windows = try #require(doc["windows"] as? [[String: Any]])
        let apps = windows.compactMap { $0["app"] as? String }
        #expect(!apps.isEmpty && Set(apps).count == apps.count, "one fetch per app per day")
        let typo = try Fixtures.temporaryFile(#"{"dailyFlor": true}"#, suffix: ".json")
        let bad = try CLIRunner.run(args + ["--rules", typo])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("dailyFlor"))
        #expect(bad.stderr.contains(typo))
        #expect(try !SchemaValidator(schema: "rules").errors(json: #"{"dailyFlor": true}"#).isEmpty)
    }

    @Test func zoneCarriesTheDSTChangeIntoThePlan() throws {
        let r = try CLIRunner.run(["plan", "--history", Self.bundled, "--device", "sim-000", "--from", "2024-03-09T12:00:00-05:00",
                                   "--hours", "48", "--budget", "4", "--zone", "America/New_York", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let horizon = try #require(doc["horizon"] as? [String: Any])
        #expect(horizon["start"] as? String == "2024-03-09T12:00:00-05:00")
        #expect(horizon["end"] as? String == "2024-03-11T13:00:00-04:00")
        let windows = try #require(doc["windows"] as? [[String: Any]])
        #expect(windows.contains { ($0["at"] as? String)?.hasSuffix("-04:00") == true })
        let bad = try CLIRunner.run(["plan", "--history", Self.bundled, "--from", "2024-03-09T12:00:00-05:00", "--zone", "Mars/Olympus"])
        #expect(bad.status == 64)
    }

    @Test func formatJsonAndTheOldJsonFlagPrintTheSameBytes() throws {
        let a = try CLIRunner.run(["evaluate", Self.wellbeing, "--policy", "histogram", "--budget", "8", "--format", "json", "-q"])
        let b = try CLIRunner.run(["evaluate", Self.wellbeing, "--policy", "histogram", "--budget", "8", "--json", "-q"])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(a.stdout.hasPrefix("{"))
    }

    @Test func fetchesFileListsEveryExecutedFetch() throws {
        let out = try Fixtures.temporaryFile("", suffix: ".csv")
        let r = try CLIRunner.run(["evaluate", Self.wellbeing, "--policy", "histogram,interval", "--budget", "4,8",
                                   "--fetches", out, "--format", "json", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "device,policy,budget,local_day,instant,app,used,reason")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try #require(doc["results"] as? [[String: Any]])
        let fetches = results.compactMap { $0["fetches"] as? Int }.reduce(0, +)
        let used = results.compactMap { $0["usedFetches"] as? Int }.reduce(0, +)
        #expect(rows.count - 1 == fetches)
        #expect(rows.dropFirst().filter { $0.hasSuffix(",1,plan") }.count == used)
        #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(",plan") })  // daily mode: every fetch is the day's plan
    }

    /// The fetches file of `evaluate <wellbeing> --mode event --policy reveille --budget 4,8`
    /// (ReactCommandTests' run, made once for both suites).
    @Test func eventModeFetchesNameWhatTriggeredThem() throws {
        let out = try ReactCommandTests.prepared.get().fetches
        let reasons = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").last.map(String.init) ?? "" }
        #expect(Set(reasons).isSubset(of: ["plan", "launch", "hour"]))
        #expect(reasons.contains("plan") && reasons.contains("launch"))
    }
}
