import Foundation
import Testing
import TestSupport

@Suite struct EvaluatePushCommandTests {
    static let wellbeing = "../shared/datasets/android-wellbeing/launches.csv"

    @Test func tableAndJSONOnWellbeing() throws {
        let table = try CLIRunner.run(["evaluate-push", Self.wellbeing, "--quiet"])
        #expect(table.status == 0 && table.stderr.isEmpty)
        #expect(table.stdout.hasPrefix("reveille-v1 push, daily, tau 60 min, warm-up 7 days, ≤ 4 pushes/day ≥ 3.00 h apart: 1 scored, 0 skipped\n"))
        for policy in ["model", "every6h", "oracle"] {
            #expect(table.stdout.contains("\npooled           -                                       \(policy)"))
        }
        let args = ["evaluate-push", Self.wellbeing, "--app", "com.google.android.projection.gearhead",
                    "--device", "wellbeing-pixel", "--pushes-per-day", "2", "--push-spacing-hours", "6", "--json"]
        let json = try CLIRunner.run(args)
        #expect(json.status == 0)
        let errors = try SchemaValidator(schema: "push-evaluation").errors(json: json.stdout)
        #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["protocol"] as? String == "reveille-v1-push" && object["maxPushesPerDay"] as? Int == 2)
        let pooled = try #require(object["pooled"] as? [[String: Any]])
        #expect(pooled.map { $0["policy"] as? String } == ["model", "every6h", "oracle"])
        #expect(pooled.allSatisfy { ($0["pushes"] as? Int ?? 99) <= 2 * ($0["days"] as? Int ?? 0) })
    }

    @Test func unknownAppExitsWith64() throws {
        let r = try CLIRunner.run(["evaluate-push", Self.wellbeing, "--app", "no.such.app"])
        #expect(r.status == 64 && r.stderr.contains("no.such.app"))
    }
}
