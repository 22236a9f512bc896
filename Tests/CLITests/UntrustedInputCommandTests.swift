import Foundation
import Testing
import TestSupport

/// Regression tests of issue 15 through the CLI: each reproducer ends with the documented exit
/// status and a message naming the file, line and field (or option) — or with correct output.
@Suite struct UntrustedInputCommandTests {
    static func temporary(_ name: String) -> String {
        Scratch.path("reveille-cli-", suffix: "-\(name)").path
    }

    @Test func trainsOnATokyoToHonoluluFlight() throws {
        let csv = "device,app,timestamp\nd,a,2023-05-30T12:00:00+09:00\nd,b,2023-05-31T08:00:00+09:00\nd,c,2023-05-30T20:00:00-10:00\n"
        let out = Self.temporary("model.json")
        let r = try CLIRunner.run(["train", "-", "-o", out], stdin: csv)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("trained 1 device model(s)"))
        let model = try String(contentsOfFile: out, encoding: .utf8)
        #expect(model.contains("\"apps\":[\"a\",\"b\",\"c\"]"))
        try? FileManager.default.removeItem(atPath: out)
    }

    /// The last launch is on an earlier local day than the first: the report's calibration loop
    /// over `first...last` trapped.
    @Test func reportsOnAWestwardFlightWithAModel() throws {
        let csv = "device,app,timestamp\nd,b,2023-05-31T08:00:00+09:00\nd,c,2023-05-30T20:00:00-10:00\n"
        let history = try Fixtures.temporaryFile(csv)
        let model = Self.temporary("model.json"), report = Self.temporary("report.html")
        #expect(try CLIRunner.run(["train", history, "-o", model]).status == 0)
        let r = try CLIRunner.run(["report", history, "--model", model, "-o", report])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("over 2 local days, 2023-05-30 (Tue) to 2023-05-31 (Wed)"))
        for path in [model, report] { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A launch before the horizon on a later local day than the horizon's start (+14:00 against
    /// --from at −10:00): the reasons' day range was reversed and trapped.
    @Test func plansWhenTheHistoryIsAheadOfFromsLocalDay() throws {
        let csv = "device,app,timestamp\nk,a,2024-04-09T22:30:00+14:00\nk,b,2024-04-09T22:40:00+14:00\n"
        let history = try Fixtures.temporaryFile(csv)
        let model = Self.temporary("model.json")
        #expect(try CLIRunner.run(["train", history, "-o", model]).status == 0)
        let r = try CLIRunner.run(["plan", "--model", model, "--history", history, "--from", "2024-04-08T23:00:00-10:00", "--budget", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"windows\""))
        try? FileManager.default.removeItem(atPath: model)
    }

    static let hugeRow = "d,a,1" + String(repeating: "0", count: 300)

    @Test(arguments: [["inspect"], ["report", "-o", "REPORT"], ["evaluate"], ["evaluate-push"], ["train", "-o", "MODEL"]])
    func anOutOfRangeTimestampIsExit65NamingLineAndField(command: [String]) throws {
        let path = try Fixtures.temporaryFile("device,app,timestamp\nd,a,2023-05-30T12:00:00+09:00\n\(Self.hugeRow)\n")
        let out = Self.temporary("out")
        let arguments = [command[0], path] + command.dropFirst().map { $0 == "REPORT" || $0 == "MODEL" ? out : $0 }
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(path):3: instantOutOfRange in field 'timestamp': expected an instant from 1990-01-01T00:00:00Z up to 2100-12-31T23:59:59Z"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: ["d,a,100000000000000000000", "d,a,9999-01-01T00:00:00Z", "d,a,0001-01-01T00:00:00Z", "d,a,0"])
    func otherOutOfRangeRowsAreSkippedUnderSkipInvalid(row: String) throws {
        let csv = "device,app,timestamp\nd,a,2023-05-30T12:00:00+09:00\n\(row)\n"
        let strict = try CLIRunner.run(["evaluate", "-"], stdin: csv)
        #expect(strict.status == 65 && strict.stderr.contains("-:3: instantOutOfRange in field 'timestamp'"), "\(strict.stderr)")
        let lenient = try CLIRunner.run(["inspect", "-", "--skip-invalid"], stdin: csv)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.hasPrefix("1 devices, 1 launches"))
    }

    @Test func anEndlessLineIsExit65NamingLineOne() throws {
        let r = try CLIRunner.run(["inspect", "/dev/zero"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("/dev/zero:1: lineTooLong: expected lines of at most 1048576 bytes"), "\(r.stderr)")
    }

    @Test(arguments: [("device,app,timestamp\n", "found none"),
                      ("device,app,timestamp\nd,a,noon\n", "found none (1 invalid rows skipped, the first at line 2: -:2: malformedTimestamp")])
    func historiesWithoutLaunchesAreExit65(csv: String, found: String) throws {
        let out = Self.temporary("model.json")
        let r = try CLIRunner.run(["train", "-", "--skip-invalid", "-o", out], stdin: csv)
        #expect(r.status == 65)
        #expect(r.stderr.contains("-: noLaunches: expected at least one valid launch row; \(found)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aDuplicateTimestampColumnIsExit65() throws {
        let r = try CLIRunner.run(["inspect", "-"], stdin: "device,app,timestamp,timestamp\nd,a,2023-01-01T00:00:00Z,2023-01-01T00:00:00Z\n")
        #expect(r.status == 65)
        #expect(r.stderr.contains("-:1: duplicateColumn in field 'timestamp'"), "\(r.stderr)")
    }

    @Test func impossibleDatesInFromAreExit64() throws {
        let model = Self.temporary("model.json")
        #expect(try CLIRunner.run(["train", "../shared/datasets/studentlife-small/launches.csv", "-o", model]).status == 0)
        for from in ["2023-02-30T00:00:00-04:00", "2023-04-31T00:00:00-04:00", "9999-01-01T00:00:00Z", "1970-01-01T00:00:00Z"] {
            for command in ["plan", "predict"] {
                let r = try CLIRunner.run([command, "--model", model, "--device", "studentlife-u00", "--from", from])
                #expect(r.status == 64, "\(command) \(from): \(r.stderr)")
                #expect(r.stderr.contains("is invalid for '--from <iso-time>'") && r.stderr.contains("a real date in the years 1990–2100"))
            }
        }
        try? FileManager.default.removeItem(atPath: model)
    }

    @Test func budgetsHaveDocumentedUpperBounds() throws {
        let plan = try CLIRunner.run(["plan", "--model", "m.json", "--from", "2024-04-08T00:00:00-04:00", "--budget", "1000"])
        #expect(plan.status == 64 && plan.stderr.contains("--budget must be in 0…96"), "\(plan.stderr)")
        let evaluate = try CLIRunner.run(["evaluate", "Datasets/default/launches.csv", "--budget", "1000000000"])
        #expect(evaluate.status == 64 && evaluate.stderr.contains("budgets (--budget) must be one or more integers in 0…96"), "\(evaluate.stderr)")
        let warmup = try CLIRunner.run(["evaluate", "Datasets/default/launches.csv", "--warmup-days", "100000"])
        #expect(warmup.status == 64 && warmup.stderr.contains("warm-up days (--warmup-days) must be in 0…365"), "\(warmup.stderr)")
        // Regression: hours and minutes beyond any day were bad data (65: invalidRule) or, for
        // nan, "must be ≥ 0"; they are bad usage naming the range.
        for (option, value) in [("--push-spacing-hours", "1e308"), ("--push-spacing-hours", "nan")] {
            let r = try CLIRunner.run(["evaluate-push", "Datasets/default/launches.csv", option, value])
            #expect(r.status == 64 && r.stderr.contains("in 0…8784"), "\(r.stderr)")
        }
        let spacing = try CLIRunner.run(["plan", "--history", "Datasets/default/launches.csv", "--device", "sim-000", "--from",
                                         "2024-04-08T00:00:00-04:00", "--channel", "push", "--app", "com.sim.mail",
                                         "--push-spacing-hours", "1e308"])
        #expect(spacing.status == 64 && spacing.stderr.contains("in 0…8784"), "\(spacing.stderr)")
        let window = try CLIRunner.run(["plan", "--history", "Datasets/default/launches.csv", "--device", "sim-000", "--from",
                                        "2024-04-08T00:00:00-04:00", "--channel", "processing", "--charging", "x.csv",
                                        "--min-window-minutes", "1e308"])
        #expect(window.status == 64 && window.stderr.contains("in 0…527040"), "\(window.stderr)")
        let push = try CLIRunner.run(["evaluate-push", "Datasets/default/launches.csv", "--pushes-per-day", "1000000000"])
        #expect(push.status == 64 && push.stderr.contains("--pushes-per-day must be in 0…288"), "\(push.stderr)")
    }

    @Test func bayesAloneIsEvaluated() throws {
        let history = Self.temporary("s.csv"), truth = Self.temporary("t.json")
        let sim = try CLIRunner.run(["simulate", "--devices", "1", "--days", "16", "--seed", "3", "-o", history, "--truth", truth])
        #expect(sim.status == 0)
        let r = try CLIRunner.run(["evaluate", history, "--truth", truth, "--policy", "bayes", "--budget", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\nbayes        4"), "\(r.stdout)")
        for path in [history, truth] { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Regression: a truth file of another simulated history was accepted and `bayes` scored 0
    /// hits (exit 0); it is bad data naming the file and the device it lacks, also with --stream.
    @Test func aTruthWithoutTheHistorysDevicesIsBadData() throws {
        for extra in [[], ["--stream"]] {
            let r = try CLIRunner.run(["evaluate", "../shared/datasets/studentlife-small/launches.csv", "--truth",
                                       "Datasets/default/truth.json", "--policy", "bayes", "--budget", "8", "-q"] + extra)
            #expect(r.status == 65, "\(extra): \(r.stderr)")
            #expect(r.stderr.contains("Datasets/default/truth.json: no device 'studentlife-u00'"), "\(extra): \(r.stderr)")
        }
    }

    /// Regression: `--tau-minutes 1439` planned the model policies on 1-minute slots with
    /// 1,439-slot covers (94 s on StudentLife where 1,440 takes a second); like `train`, the model
    /// policies take a multiple of 5 minutes (exit 64), the baselines any tau.
    @Test func theModelPoliciesTakeATauInWholeFiveMinutes() throws {
        let history = "../shared/datasets/studentlife-small/launches.csv"
        for policy in ["reveille", "reveille-floor"] {
            let r = try CLIRunner.run(["evaluate", history, "--tau-minutes", "1439", "--policy", policy, "-q"])
            #expect(r.status == 64 && r.stderr.contains("multiple of 5 minutes for the model policies"), "\(policy): \(r.stderr)")
        }
        let baselines = try CLIRunner.run(["evaluate", history, "--tau-minutes", "1439", "--policy", "histogram,oracle", "-q"])
        #expect(baselines.status == 0, "\(baselines.stderr)")
    }

    @Test func aStateFileWithCountsNearIntMaxPlans() throws {
        let model = Self.temporary("model.json")
        #expect(try CLIRunner.run(["train", "../shared/datasets/studentlife-small/launches.csv", "--device", "studentlife-u00", "-o", model]).status == 0)
        let state = try Fixtures.temporaryFile("""
            {"apps": [{"app": "com.android.chrome", "fetchResults": {"newData": 9223372036854775807, "noData": 9223372036854775807, "failed": 9223372036854775807}}]}
            """, suffix: ".json")
        let r = try CLIRunner.run(["plan", "--model", model, "--state", state, "--from", "2013-05-01T00:00:00-04:00", "--budget", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"windows\""))
        try? FileManager.default.removeItem(atPath: model)
    }
}
