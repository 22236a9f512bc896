import Foundation
import Testing
import TestSupport

/// `reveille react` runs the policy `evaluate --mode event` scores as `reveille`: trained on the
/// launches before a day, given them as `--history` and fed the day's launches, it executes exactly
/// the fetches the evaluation lists for that device-day — at B = 8 (the histogram's windows) and
/// at B = 4, where validation chose the usage model's windows for that day (the model file's
/// `modelWindows`), so `react` plans them with the same pipeline. The day is not an anchor of the
/// trigger scorer's refit (its day number, 19,528, is not divisible by `scorerRefitDays` = 10):
/// its scorer comes through the days from the anchor on, and `train` learns them as the
/// evaluator does, so the trained model's scorer is the evaluator's.
@Suite struct ReactCommandTests {
    static let csv = Fixtures.dataset("android-wellbeing/launches.csv")
    static let day = "2023-06-20"

    /// The launches before the day (a CSV file), the model `train` made of them, and the fetches
    /// `evaluate --mode event` executed at B = 4 and 8: made once for both budgets' tests (the
    /// model does not depend on the budget, and each budget's fetches are evaluated apart).
    struct Prepared: Sendable {
        var launches: [String]
        var before: String
        var model: String
        var fetches: String
    }

    static let prepared: Result<Prepared, any Error> = Result {
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = rows[0], launches = Array(rows.dropFirst())
        let before = try Fixtures.temporaryFile(([header] + launches.filter { stamp($0) < "\(day)T00:00:00+00:00" })
            .joined(separator: "\n") + "\n")
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let trained = try CLIRunner.run(["train", before, "-o", model, "-q"])
        guard trained.status == 0 else { throw CLIFailure(command: "train", stderr: trained.stderr) }
        let fetches = try Fixtures.temporaryFile("", suffix: ".csv")
        let evaluated = try CLIRunner.run(["evaluate", csv, "--mode", "event", "--policy", "reveille", "--budget", "4,8",
                                           "--fetches", fetches, "-q"])
        guard evaluated.status == 0 else { throw CLIFailure(command: "evaluate", stderr: evaluated.stderr) }
        return Prepared(launches: launches, before: before, model: model, fetches: fetches)
    }

    struct CLIFailure: Error { var command: String; var stderr: String }

    static func stamp(_ row: String) -> String { String(row.split(separator: ",")[2]) }

    @Test(arguments: [(8, false), (4, true)])
    func reactFetchesEqualEventEvaluationFetches(_ budget: Int, modelWindows: Bool) throws {
        let prepared = try Self.prepared.get()
        let (launches, before, model, fetches) = (prepared.launches, prepared.before, prepared.model, prepared.fetches)
        let dayStart = "\(Self.day)T00:00:00+00:00"
        let nextStart = "2023-06-21T00:00:00+00:00"
        let stamp = Self.stamp
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: model))) as? [String: Any])
        let device = try #require((file["devices"] as? [String: Any])?["wellbeing-pixel"] as? [String: Any])
        let validation = try #require((device["reactive"] as? [String: Any])?["validation"] as? [[String: Any]])
        #expect((validation[budget - 1]["modelWindows"] as? Bool ?? false) == modelWindows)

        let expected = Set(try String(contentsOfFile: fetches, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("wellbeing-pixel,reveille,\(budget),\(Self.day),") }
            .map { row in let f = row.split(separator: ","); return "\(f[5])@\(f[4])" })
        #expect(expected.count == budget)

        let stream = launches.filter { stamp($0) >= dayStart && stamp($0) < nextStart }.map { row in
            let f = row.split(separator: ",")
            return #"{"app": "\#(f[1])", "timestamp": "\#(f[2])"}"#
        } + [#"{"tick": "\#(nextStart)"}"#]
        let reacted = try CLIRunner.run(["react", "--model", model, "--history", before, "--budget", "\(budget)"],
                                        stdin: stream.joined(separator: "\n") + "\n")
        #expect(reacted.status == 0, "\(reacted.stderr)")
        let start = 1_687_219_200.0, end = start + 86_400   // 2023-06-20 UTC
        var made = Set<String>()
        for line in reacted.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let instant = try #require(object["instant"] as? Double)
            guard instant >= start, instant < end, let app = object["app"] as? String else { continue }
            let key = "\(app)@\(Int(instant))"
            if object["action"] as? String == "cancel" { made.remove(key) } else { made.insert(key) }
        }
        #expect(made == expected)
        #expect(made.contains { !$0.hasSuffix("00") }, "the day has fetches off the hour (triggers or model windows)")
    }

    @Test func malformedLineIsBadDataNamingTheLine() throws {
        let history = try Fixtures.temporaryFile("device,app,timestamp\nd,a,2023-06-01T08:00:00+00:00\nd,b,2023-06-01T08:05:00+00:00\n")
        let trained = try Fixtures.temporaryFile("", suffix: ".json")
        #expect(try CLIRunner.run(["train", history, "-o", trained, "-q"]).status == 0)
        let result = try CLIRunner.run(["react", "--model", trained], stdin: #"{"app": "x", "timestamp": "yesterday"}"# + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("<stdin>:1") && result.stderr.contains("'timestamp'"))
    }

    /// Regression: a launch from before a line above it was scored and answered with a trigger
    /// fetch at a time already gone (exit 0); it is bad data naming the line and field.
    @Test func launchFromThePastIsBadDataNamingTheLine() throws {
        let model = try Self.prepared.get().model
        let stream = [#"{"app": "com.google.android.youtube", "timestamp": "2023-06-20T09:00:00+00:00"}"#,
                      #"{"app": "com.whatsapp", "timestamp": "2023-06-20T08:00:00+00:00"}"#]
        let result = try CLIRunner.run(["react", "--model", model, "--budget", "8"], stdin: stream.joined(separator: "\n") + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("<stdin>:2") && result.stderr.contains("outOfOrder") && result.stderr.contains("'timestamp'"))
        #expect(!result.stdout.contains("2023-06-20T08:00:01"), "no decision for the refused line")
    }

    /// A stream that first repeats the last launches `--history` holds (as `tail -f` prints a
    /// file's last lines again) makes the same decisions as the stream without them, with a
    /// note per repeated line; a line before the history's last launch that it does not hold
    /// is bad data.
    @Test func linesRepeatingTheHistoryArePassedOver() throws {
        let prepared = try Self.prepared.get()
        let json = { (row: String) in
            let f = row.split(separator: ",")
            return #"{"app": "\#(f[1])", "timestamp": "\#(f[2])"}"#
        }
        let history = try String(contentsOfFile: prepared.before, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
        let day = prepared.launches.filter { Self.stamp($0) >= "\(Self.day)T00:00:00+00:00" }.prefix(20).map(json)
        let arguments = ["react", "--model", prepared.model, "--history", prepared.before, "--budget", "8"]
        let plain = try CLIRunner.run(arguments, stdin: day.joined(separator: "\n") + "\n")
        let repeated = try CLIRunner.run(arguments, stdin: (history.suffix(3).map(json) + day).joined(separator: "\n") + "\n")
        #expect(plain.status == 0 && repeated.status == 0, "\(repeated.stderr)")
        #expect(!plain.stdout.isEmpty && repeated.stdout == plain.stdout)
        #expect(repeated.stderr.components(separatedBy: "passed over").count - 1 == 3)
        let last = try #require(history.last)
        #expect(Self.stamp(last) > "2023-06-19T00:00:00")
        let before = try CLIRunner.run(arguments, stdin: #"{"app": "not.in.history", "timestamp": "2023-06-19T00:00:00+00:00"}"# + "\n")
        #expect(before.status == 65 && before.stderr.contains("<stdin>:1") && before.stderr.contains("outOfOrder"))
    }
}
