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
}
