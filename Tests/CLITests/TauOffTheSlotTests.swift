import Foundation
import Testing
import TestSupport

/// A `tau` that is not a multiple of the 15-minute planning slot (20 minutes) trains, evaluates,
/// plans, predicts and reacts, on 5-minute slots with a note on stderr (once refused with exit 64
/// by every command after the default slot became 15 minutes).
@Suite struct TauOffTheSlotTests {
    static let wellbeing = "../shared/datasets/android-wellbeing/launches.csv"
    static let note = "tau 20 min is not a multiple of the 15-minute planning slot: planning on 5-minute slots"

    @Test func everyCommandWorksAtTauTwenty() throws {
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let train = try CLIRunner.run(["train", Self.wellbeing, "--tau-minutes", "20", "-o", model])
        #expect(train.status == 0, "\(train.stderr)")
        #expect(train.stderr.contains(Self.note))

        let evaluate = try CLIRunner.run(["evaluate", Self.wellbeing, "--tau-minutes", "20", "--budget", "4",
                                          "--policy", "reveille", "--json"])
        #expect(evaluate.status == 0, "\(evaluate.stderr)")
        #expect(evaluate.stderr.contains(Self.note))
        #expect(evaluate.stdout.contains(#""tauMinutes":20"#) || evaluate.stdout.contains(#""tauMinutes" : 20"#))

        let from = "2024-01-01T00:00:00+01:00"
        let plan = try CLIRunner.run(["plan", "--model", model, "--from", from, "--hours", "24", "--budget", "4", "-q"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let windows = try #require(doc["windows"] as? [[String: Any]])
        // The device's clock is its last offset (UTC): 24 hours from 00:00+01:00 touch two local days.
        let days = try #require((doc["budget"] as? [String: Any])?["days"] as? [[String: Any]])
        #expect(!windows.isEmpty)
        #expect(windows.count == days.reduce(0) { $0 + (($1["planned"] as? Int) ?? -99) })
        #expect(days.allSatisfy { ($0["planned"] as? Int ?? 99) <= 4 })

        let predict = try CLIRunner.run(["predict", "--model", model, "--from", from, "--hours", "2"])
        #expect(predict.status == 0, "\(predict.stderr)")

        let react = try CLIRunner.run(["react", "--model", model, "--tau-minutes", "20"],
                                      stdin: #"{"app":"x","timestamp":"2024-01-01T10:00:00+01:00"}"# + "\n")
        #expect(react.status == 0, "\(react.stderr)")
        #expect(react.stderr.contains(Self.note))
    }
}
