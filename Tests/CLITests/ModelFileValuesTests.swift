import Foundation
import Testing
import TestSupport

/// Values a model file may hold, and values it may not, as `plan` meets them.
@Suite struct ModelFileValuesTests {
    static let wellbeing = "../shared/datasets/android-wellbeing/launches.csv"
    static let from = "2023-06-29T00:00:00+00:00"

    /// `train --half-life-days inf` (no recency decay, a documented option) wrote a model that
    /// every `plan` refused with exit 70: the schedule's model digest encoded the infinite option
    /// as a JSON number. The digest now writes it as the file does (`"inf"`).
    @Test func aModelWithoutRecencyDecayPlans() throws {
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let train = try CLIRunner.run(["train", Self.wellbeing, "--half-life-days", "inf", "-o", model, "-q"])
        #expect(train.status == 0, "\(train.stderr)")
        #expect(try String(contentsOfFile: model, encoding: .utf8).contains(#""halfLifeDays":"inf""#))
        let plan = try CLIRunner.run(["plan", "--model", model, "--from", Self.from, "--hours", "24", "--budget", "4", "-q"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        #expect((doc["modelDigest"] as? String)?.hasPrefix("sha256:") == true)

        // A tau that is not a multiple of 5 minutes (which train never writes) planned on
        // 1-minute slots with a 1,439-slot cover: now refused as bad data.
        let text = try String(contentsOfFile: model, encoding: .utf8)
        #expect(text.contains(#""tauMinutes":60"#))
        let odd = try Fixtures.temporaryFile(text.replacingOccurrences(of: #""tauMinutes":60"#, with: #""tauMinutes":1439"#),
                                             suffix: ".json")
        let refused = try CLIRunner.run(["plan", "--model", odd, "--from", Self.from, "--hours", "168", "--budget", "4", "-q"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("tauMinutes a multiple of 5"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    /// Regressions: a model file whose model names another device than its key was blamed on
    /// `--device` (exit 64, "no device 'other'") by predict and planned as that device by plan
    /// and react; a model offset of 17 s made a window's `at` disagree with its `atUnix`. Both
    /// are bad data naming the field (exit 65).
    @Test(arguments: [
        (#""device":"wellbeing-pixel""#, #""device":"other""#, "devices.wellbeing-pixel.device"),
        (#""utcOffsetSeconds":0"#, #""utcOffsetSeconds":17"#, "whole minutes"),
    ])
    func aModelInconsistentWithItselfIsBadData(_ field: String, replacement: String, named: String) throws {
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let train = try CLIRunner.run(["train", Self.wellbeing, "-o", model, "-q"])
        try #require(train.status == 0, "\(train.stderr)")
        let text = try String(contentsOfFile: model, encoding: .utf8)
        try #require(text.contains(field))
        let edited = try Fixtures.temporaryFile(text.replacingOccurrences(of: field, with: replacement), suffix: ".json")
        for command in [["plan", "--model", edited, "--from", Self.from, "-q"],
                        ["predict", "--model", edited, "--device", "wellbeing-pixel", "--from", Self.from]] {
            let r = try CLIRunner.run(command)
            #expect(r.status == 65, "\(command[0]): \(r.stderr)")
            #expect(r.stderr.contains(named), "\(command[0]): \(r.stderr)")
        }
    }

    /// Regression: a model file of several devices without `--device` was bad data (exit 65)
    /// for predict and react, while a wrong `--device` was bad usage (64); both are usage now,
    /// listing the devices.
    @Test func severalDevicesWithoutDeviceIsBadUsage() throws {
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let train = try CLIRunner.run(["train", "../shared/datasets/studentlife-small/launches.csv", "-o", model, "-q"])
        try #require(train.status == 0, "\(train.stderr)")
        let predict = try CLIRunner.run(["predict", "--model", model, "--from", "2013-05-01T00:00:00-04:00"])
        let react = try CLIRunner.run(["react", "--model", model], stdin: "")
        for r in [predict, react] {
            #expect(r.status == 64, "\(r.stderr)")
            #expect(r.stderr.contains("holds 3 devices: name one with --device (studentlife-u00, studentlife-u01"), "\(r.stderr)")
        }
    }

    /// Regression: a truncated model file, a `NaN` in it and an offset of 1.5 s all said "The given
    /// data was not valid JSON." (Foundation's decoder says only that), the last of valid JSON.
    /// The parser's own message with its position is given, or that a value does not fit.
    @Test func undecodableModelFilesSayWhy() throws {
        let model = try Fixtures.temporaryFile("", suffix: ".json")
        let train = try CLIRunner.run(["train", Self.wellbeing, "-o", model, "-q"])
        try #require(train.status == 0, "\(train.stderr)")
        let text = try String(contentsOfFile: model, encoding: .utf8)
        let cases = [
            (String(text.prefix(text.count / 2)), "the parser says: Unexpected end of file"),
            (text.replacingOccurrences(of: #""utcOffsetSeconds":0"#, with: #""utcOffsetSeconds":NaN"#), "the parser says: Invalid value around character"),
            (text.replacingOccurrences(of: #""utcOffsetSeconds":0"#, with: #""utcOffsetSeconds":1.5"#), "the JSON is valid, but a value does not"),
        ]
        for (content, says) in cases {
            let file = try Fixtures.temporaryFile(content, suffix: ".json")
            let r = try CLIRunner.run(["plan", "--model", file, "--from", Self.from, "-q"])
            #expect(r.status == 65 && r.stderr.contains(says), "\(r.stderr)")
        }
    }
}
