import Foundation
import Testing
import TestSupport

@Suite struct PredictCommandTests {
    static func trainedModel() throws -> String {
        let out = Scratch.path("reveille-predict-", suffix: ".json").path
        let r = try CLIRunner.run(["train", "-", "-o", out, "-q"], stdin: TrainCommandTests.csv)
        #expect(r.status == 0)
        return out
    }

    @Test func textTableHasOneRowPerAppAndOneColumnPerSlot() throws {
        let model = try Self.trainedModel()
        defer { try? FileManager.default.removeItem(atPath: model) }
        let r = try CLIRunner.run(["predict", "--model", model, "--device", "d1", "--from", "2024-01-04T06:00:00+01:00", "--hours", "4"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasSuffix("06:00 07:00 08:00 09:00"))
        #expect(lines[2].hasPrefix("mail") && lines[3].hasPrefix("news"))
    }

    @Test func jsonHasSlotsAndProbabilities() throws {
        let model = try Self.trainedModel()
        defer { try? FileManager.default.removeItem(atPath: model) }
        let r = try CLIRunner.run(["predict", "--model", model, "--device", "d1", "--from", "2024-01-04T06:00:00+01:00",
                                   "--hours", "2", "--slot-minutes", "30", "--json"])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((doc["slots"] as? [String])?.first == "2024-01-04T06:00:00+01:00")
        let p = try #require(doc["probabilities"] as? [String: [Double]])
        #expect(p["mail"]?.count == 4)
        #expect(p.values.allSatisfy { $0.allSatisfy { (0...1).contains($0) } })
    }

    @Test func severalDevicesNeedDeviceAndBadTimeIsUsage() throws {
        let model = try Self.trainedModel()
        defer { try? FileManager.default.removeItem(atPath: model) }
        let ambiguous = try CLIRunner.run(["predict", "--model", model, "--from", "2024-01-04T06:00:00+01:00"])
        #expect(ambiguous.status == 64, "a device to name is usage, as a wrong --device is")
        #expect(ambiguous.stderr.contains("holds 2 devices: name one with --device"))
        let badTime = try CLIRunner.run(["predict", "--model", model, "--from", "tomorrow"])
        #expect(badTime.status == 64)
        let missing = try CLIRunner.run(["predict", "--model", "/nonexistent/model.json", "--from", "2024-01-04T06:00:00+01:00"])
        #expect(missing.status == 65)
    }

    /// Regression: with `--zone` over a DST change, every slot was forecast and labelled in the
    /// offset at the start (on 2024-03-10 in New York: a nonexistent "02:00", and `plan`'s windows
    /// an hour late). Each slot is now in its own local time: from the change on, the forecast is
    /// the one made on the new offset throughout (a model whose clock is −04:00), before it not.
    @Test func slotsAfterADSTChangeAreForecastInTheNewLocalTime() throws {
        let model = Scratch.path("reveille-predict-dst-", suffix: ".json").path
        defer { try? FileManager.default.removeItem(atPath: model) }
        let train = try CLIRunner.run(["train", "Datasets/default/launches.csv", "--device", "sim-000", "-o", model, "-q"])
        try #require(train.status == 0, "\(train.stderr)")
        let arguments = ["predict", "--model", model, "--from", "2024-03-10T05:00:00Z", "--hours", "6", "--json", "-q"]
        let zoned = try CLIRunner.run(arguments + ["--zone", "America/New_York"])
        let fixed = try CLIRunner.run(arguments)
        try #require(zoned.status == 0 && fixed.status == 0, "\(zoned.stderr) \(fixed.stderr)")
        let z = try #require(try JSONSerialization.jsonObject(with: Data(zoned.stdout.utf8)) as? [String: Any])
        let f = try #require(try JSONSerialization.jsonObject(with: Data(fixed.stdout.utf8)) as? [String: Any])
        #expect(z["slots"] as? [String] == ["2024-03-10T00:00:00-05:00", "2024-03-10T01:00:00-05:00", "2024-03-10T03:00:00-04:00",
                                             "2024-03-10T04:00:00-04:00", "2024-03-10T05:00:00-04:00", "2024-03-10T06:00:00-04:00"])
        let zp = try #require(z["probabilities"] as? [String: [Double]]), fp = try #require(f["probabilities"] as? [String: [Double]])
        let browser = try #require(zp["com.sim.browser"]), same = try #require(fp["com.sim.browser"])
        #expect(Array(browser[2...]) == Array(same[2...]), "after the change: the new offset's forecast")
        #expect(browser[0] != same[0], "before it: the old offset's")
    }
}
