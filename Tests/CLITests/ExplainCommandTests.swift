import Foundation
import Testing
import TestSupport

/// `reveille explain` on the bundled dataset and on a real Android history.
@Suite struct ExplainCommandTests {
    static let bundled = Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path
    static let wellbeing = Fixtures.dataset("android-wellbeing/launches.csv")

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func bundledDatasetJSONFollowsTheSchema() throws {
        let r = try CLIRunner.run(["explain", Self.bundled, "--app", "com.sim.mail", "--device", "sim-000", "--days", "2",
                                   "--format", "json", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(try SchemaValidator(schema: "explain").errors(json: r.stdout).isEmpty)
        let object = try Self.json(r.stdout)
        #expect(object["device"] as? String == "sim-000" && object["app"] as? String == "com.sim.mail")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 2)
        #expect(days.allSatisfy { ($0["wakes"] as? Int ?? 0) > 0 })  // a daily app under the default budget
        #expect((object["modelDigest"] as? String)?.hasPrefix("sha256:") == true)
    }

    @Test func wellbeingTextAnswersWhenAndWhyNot() throws {
        let state = try Fixtures.temporaryFile(#"{"apps": [{"app": "com.whatsapp", "forceQuit": true}]}"#, suffix: ".json")
        var r = try CLIRunner.run(["explain", Self.wellbeing, "--app", "com.google.android.apps.maps", "--days", "3",
                                   "--from", "2023-06-29T00:00:00+00:00"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("com.google.android.apps.maps on wellbeing-pixel (UTC+00:00)"))
        #expect(r.stdout.contains("2023-06-29") && r.stdout.contains("2023-07-01") && r.stdout.contains("Assumptions:"))
        #expect(r.stderr.contains("wakes per day over 3 days"))
        r = try CLIRunner.run(["explain", Self.wellbeing, "--app", "com.whatsapp", "--days", "1", "--state", state, "-q"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("no wake — forceQuit: the app was force-quit"))
        r = try CLIRunner.run(["explain", Self.wellbeing, "--app", "com.example.never", "--days", "1", "--format", "json", "-q"])
        let day = try #require((try Self.json(r.stdout)["days"] as? [[String: Any]])?.first)
        #expect((day["whyNot"] as? [String: Any])?["code"] as? String == "neverUsed")
    }

    /// `--from` is resolved as `plan --from` is: without an offset it is a wall-clock time on the
    /// device's clock (here `--zone Asia/Kolkata`), with one an instant whose local day on that
    /// clock is the first day; impossible dates are refused (issue 15).
    @Test func fromWithoutAnOffsetIsTheDevicesLocalTime() throws {
        let local = try CLIRunner.run(["explain", Self.wellbeing, "--app", "com.google.android.apps.maps", "--days", "1",
                                       "--from", "2023-06-29T00:00:00", "--zone", "Asia/Kolkata", "-q"])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout.contains("(UTC+05:30)") && local.stdout.contains("2023-06-29"))
        // 2023-06-28T20:00:00Z is 2023-06-29T01:30 in Kolkata: the same first day.
        let instant = try CLIRunner.run(["explain", Self.wellbeing, "--app", "com.google.android.apps.maps", "--days", "1",
                                         "--from", "2023-06-28T20:00:00Z", "--zone", "Asia/Kolkata", "-q"])
        #expect(instant.status == 0, "\(instant.stderr)")
        #expect(instant.stdout == local.stdout)
        let impossible = try CLIRunner.run(["explain", Self.wellbeing, "--app", "x", "--from", "2023-02-30T00:00:00"])
        #expect(impossible.status == 64)
        #expect(impossible.stderr.contains("--from"))
    }

    @Test func badUsageExits64() throws {
        var r = try CLIRunner.run(["explain", Self.wellbeing, "--app", "x", "--days", "0"])
        #expect(r.status == 64 && r.stderr.contains("--days must be in 1…31"))
        r = try CLIRunner.run(["explain", Self.wellbeing, "--app", "x", "--format", "yaml"])
        #expect(r.status == 64)
        r = try CLIRunner.run(["explain", Self.wellbeing, "--app", "x", "--device", "nope"])
        #expect(r.status == 64 && r.stderr.contains("no device 'nope'"))
    }

    @Test func inspectShowsStandbyBuckets() throws {
        let r = try CLIRunner.run(["inspect", Self.wellbeing])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Android standby buckets at local midnight, last 7 days"))
        #expect(r.stdout.contains("  com.whatsapp"))
    }
}
