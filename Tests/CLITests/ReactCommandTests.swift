import Foundation
import Testing
import TestSupport

/// `reveille react` runs the policy `evaluate --mode event` scores as `reveille`: trained on the
/// launches before a day and fed the day's launches (after the previous day's, for recency), it
/// executes exactly the fetches the evaluation lists for that device-day.
@Suite struct ReactCommandTests {
    static let csv = Fixtures.dataset("android-wellbeing/launches.csv")
    static let day = "2023-06-20"

    @Test func reactFetchesEqualEventEvaluationFetches() throws {
        let rows = try String(contentsOfFile: Self.csv, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = rows[0], launches = rows.dropFirst()
        let dayStart = "\(Self.day)T00:00:00+00:00", previousStart = "2023-06-19T00:00:00+00:00"
        let nextStart = "2023-06-21T00:00:00+00:00"
        func stamp(_ row: String) -> String { String(row.split(separator: ",")[2]) }
        let before = try Fixtures.temporaryFile(([header] + launches.filter { stamp($0) < dayStart }).joined(separator: "\n") + "\n")
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let trained = try CLIRunner.run(["train", before, "-o", model, "-q"])
        #expect(trained.status == 0, "\(trained.stderr)")

        let fetches = try Fixtures.temporaryFile("", suffix: ".csv")
        let evaluated = try CLIRunner.run(["evaluate", Self.csv, "--mode", "event", "--policy", "reveille", "--budget", "8",
                                           "--fetches", fetches, "-q"])
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        let expected = Set(try String(contentsOfFile: fetches, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("wellbeing-pixel,reveille,8,\(Self.day),") }
            .map { row in let f = row.split(separator: ","); return "\(f[5])@\(f[4])" })
        #expect(expected.count == 8)

        let stream = launches.filter { stamp($0) >= previousStart && stamp($0) < nextStart }.map { row in
            let f = row.split(separator: ",")
            return #"{"app": "\#(f[1])", "timestamp": "\#(f[2])"}"#
        } + [#"{"tick": "\#(nextStart)"}"#]
        let reacted = try CLIRunner.run(["react", "--model", model, "--budget", "8"], stdin: stream.joined(separator: "\n") + "\n")
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
        #expect(made.contains { !$0.hasSuffix("00") }, "the day has trigger fetches (not on the hour)")
    }

    @Test func malformedLineIsBadDataNamingTheLine() throws {
        let history = try Fixtures.temporaryFile("device,app,timestamp\nd,a,2023-06-01T08:00:00+00:00\nd,b,2023-06-01T08:05:00+00:00\n")
        let trained = try Fixtures.temporaryFile("", suffix: ".json")
        #expect(try CLIRunner.run(["train", history, "-o", trained, "-q"]).status == 0)
        let result = try CLIRunner.run(["react", "--model", trained], stdin: #"{"app": "x", "timestamp": "yesterday"}"# + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("<stdin>:1") && result.stderr.contains("'timestamp'"))
    }
}
