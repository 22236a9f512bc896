import Foundation
import Testing
import TestSupport

@Suite struct ReportCommandTests {
    static let history = "../shared/datasets/studentlife-small/launches.csv"
    static let schedule = #"""
    {"schedules": [{"device": "studentlife-u00", "horizon": {"start": "2013-04-26T00:00:00-04:00", "end": "2013-04-27T00:00:00-04:00"},
      "budget": {"limit": 2, "planned": 2},
      "windows": [{"app": "com.google.android.gm", "at": "2013-04-26T07:05:00-04:00"},
                  {"app": "com.google.android.gm", "at": "2013-04-26T12:30:00-04:00"}]}]}
    """#

    @Test func writesOneSelfContainedFileAndNothingToStdout() throws {
        let scheduleFile = try Fixtures.temporaryFile(Self.schedule, suffix: ".json")
        let output = try Fixtures.temporaryFile("", suffix: ".html")
        let r = try CLIRunner.run(["report", Self.history, "--schedule", scheduleFile,
                                   "--evaluation", Fixtures.referenceResult("studentlife-small.json"), "-o", output])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("wrote \(output)"))
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("<svg class=\"timeline\"") && html.contains("<svg class=\"curve\""))
        #expect(html.contains("2 of 34 cold launches hit"))
        #expect(!html.contains("<script"))
    }

    @Test func stdoutIsTheDefaultAndRunsAreByteIdentical() throws {
        let a = try CLIRunner.run(["report", Self.history, "--quiet", "--top-apps", "1"])
        let b = try CLIRunner.run(["report", Self.history, "--quiet", "--top-apps", "1"])
        #expect(a.status == 0 && a.stderr.isEmpty)
        #expect(a.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(a.stdout == b.stdout)
    }

    @Test func malformedScheduleExitsWith65AndNamesTheField() throws {
        let bad = try Fixtures.temporaryFile(#"{"device": "d", "windows": [{"app": "a", "at": "noon"}]}"#, suffix: ".json")
        let r = try CLIRunner.run(["report", Self.history, "--schedule", bad])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("schedules[0].windows[0].at"))
    }

    @Test func modelAddsProbabilityHeatmapsForTheDevicesTopApps() throws {
        let model = try PredictCommandTests.trainedModel()
        defer { try? FileManager.default.removeItem(atPath: model) }
        let r = try CLIRunner.run(["report", "-", "--model", model, "--top-apps", "1"], stdin: TrainCommandTests.csv)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let html = r.stdout
        #expect(html.contains("Model: probability of a launch in each hour"))
        let section = try #require(html.range(of: "Model: probability of a launch in each hour"))
        let after = html[section.upperBound...]
        // d1's most launched app is mail; one heatmap per device with --top-apps 1.
        #expect(after.contains("mail"))
        #expect(html.components(separatedBy: "Model: probability of a launch in each hour").count == 3)
        #expect(html.contains("model reveille-predict-"))
    }

    @Test func malformedOrMissingModelExitsWith65() throws {
        let bad = try Fixtures.temporaryFile(#"{"devices": {"d1": {"apps": 3}}}"#, suffix: ".json")
        let malformed = try CLIRunner.run(["report", Self.history, "--model", bad])
        #expect(malformed.status == 65)
        #expect(malformed.stdout.isEmpty)
        #expect(malformed.stderr.contains("unsupportedModel"))
        let missing = try CLIRunner.run(["report", Self.history, "--model", "/nonexistent/m.json"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("/nonexistent/m.json"))
    }

    @Test func devicesWithoutAModelAreNoted() throws {
        let model = try PredictCommandTests.trainedModel()
        defer { try? FileManager.default.removeItem(atPath: model) }
        let r = try CLIRunner.run(["report", Self.history, "--model", model, "--max-devices", "1"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("for 3 device(s): studentlife-u00"))
        #expect(!r.stdout.contains("Model: probability of a launch in each hour"))
    }

    @Test func deviceLimitIsNotedOnStderr() throws {
        let r = try CLIRunner.run(["report", Self.history, "--max-devices", "1"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("showing the 1 devices with the most launches of 3 (--max-devices)"))
    }

    @Test func negativeTopAppsIsRejected() throws {
        let r = try CLIRunner.run(["report", Self.history, "--top-apps", "-1"])
        #expect(r.status == 64)
    }
}
