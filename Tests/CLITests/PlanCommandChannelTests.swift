import Foundation
import Testing
import TestSupport

/// `reveille plan --channel push` and `--channel processing`.
@Suite struct PlanCommandChannelTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Problems of `text` against `schemas/<schema>.schema.json`.
    static func schemaErrors(_ text: String, _ schema: String) throws -> [String] {
        try SchemaValidator(schema: schema).errors(json: text)
    }

    @Test func pushPlanKeepsTheBudgetAndIsDeterministic() throws {
        let (model, history) = try PlanCommandTests.trained()
        let args = ["plan", "--channel", "push", "--app", "mail", "--model", model, "--device", "d1", "--from", PlanCommandTests.from,
                    "--hours", "48", "--pushes-per-day", "2", "--push-spacing-hours", "4", "--history", history]
        let r = try CLIRunner.run(args), again = try CLIRunner.run(args)
        #expect(r.status == 0)
        #expect(r.stdout == again.stdout)
        #expect(try Self.schemaErrors(r.stdout, "push-plan").isEmpty)
        let doc = try Self.json(r.stdout)
        #expect(doc["device"] as? String == "d1" && doc["app"] as? String == "mail")
        let pushes = try #require(doc["pushes"] as? [[String: Any]])
        let times = pushes.compactMap { $0["sendAtUnix"] as? Double }
        #expect(!times.isEmpty && times.count <= 4)
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 4 * 3600) }
        // The mail window the trained scorer plans is 07:50–07:55 (see PlanCommandTests).
        #expect(pushes.contains { ($0["reason"] as? String)?.hasPrefix("opened on 2 of the last 12 weekdays between 07:50") == true })
    }

    @Test func pushPlansEveryDeviceSortedAndNeedsAnApp() throws {
        let (model, _) = try PlanCommandTests.trained()
        let r = try CLIRunner.run(["plan", "--channel", "push", "--app", "game", "--model", model, "--from", PlanCommandTests.from])
        #expect(r.status == 0)
        let plans = try #require(try Self.json(r.stdout)["plans"] as? [[String: Any]])
        #expect(plans.compactMap { $0["device"] as? String } == ["d1", "d2"])
        for plan in plans {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
            #expect(try Self.schemaErrors(text, "push-plan").isEmpty)
        }
        let missing = try CLIRunner.run(["plan", "--channel", "push", "--model", model, "--from", PlanCommandTests.from])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--app"))
    }
}

extension PlanCommandChannelTests {
    @Test func processingWindowsLieInTheNightsTheDeviceCharges() throws {
        let (model, _) = try PlanCommandTests.trained()
        var csv = "device,start,end\n"
        for day in 1...4 { csv += "d1,2024-01-0\(day)T23:00:00+01:00,2024-01-0\(day + 1)T07:00:00+01:00\n" }
        let plugged = try Fixtures.temporaryFile(csv)
        let r = try CLIRunner.run(["plan", "--channel", "processing", "--charging", plugged, "--model", model, "--device", "d1",
                                   "--from", "2024-01-05T12:00:00+01:00"])
        #expect(r.status == 0)
        #expect(try Self.schemaErrors(r.stdout, "processing-plan").isEmpty)
        #expect(try Self.schemaErrors(r.stdout, "push-plan").contains("$: missing app"))  // the channels' layouts differ
        let windows = try #require(try Self.json(r.stdout)["windows"] as? [[String: Any]])
        #expect(windows.count == 1)
        #expect(windows.first?["start"] as? String == "2024-01-05T23:00:00+01:00")
        #expect((windows.first?["end"] as? String).map { $0 <= "2024-01-06T07:00:00+01:00" } == true)
        let bad = try Fixtures.temporaryFile("device,start,end\nd1,yesterday,now\n")
        let failed = try CLIRunner.run(["plan", "--channel", "processing", "--charging", bad, "--model", model, "--device", "d1",
                                        "--from", "2024-01-05T12:00:00+01:00"])
        #expect(failed.status == 65)
        let missing = try CLIRunner.run(["plan", "--channel", "processing", "--model", model, "--from", PlanCommandTests.from])
        #expect(missing.status == 64)
    }
}
