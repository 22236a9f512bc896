import Foundation
import Testing
import TestSupport

@Suite struct BenchPlanCommandTests {
    @Test func benchPlanReportsEachMethodAndTheComparison() throws {
        let r = try CLIRunner.run(["bench", "plan", "--apps", "8", "--budget", "4", "--seeds", "2", "--repetitions", "1"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for (line, method) in zip(lines, ["greedy", "lagrangian", "best"]) {
            #expect(line.hasPrefix(method) && line.contains("ms/plan") && line.contains("expected hits"))
        }
        #expect(lines.last?.hasPrefix("lagrangian vs greedy: better on") == true)
        #expect(lines.last?.contains("worse on 0 of 2 days") == true)
        #expect(r.stderr.contains("plan: realistic forecasts, 8 apps × 288 slots, budget 4, 2 seeds"))
    }

    @Test func quietSilencesTheNote() throws {
        let r = try CLIRunner.run(["bench", "plan", "--apps", "3", "--seeds", "1", "--repetitions", "1", "--kind", "random", "-q"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.contains("lagrangian vs greedy"))
    }

    @Test func nonPositiveAppsIsAUsageError() throws {
        let r = try CLIRunner.run(["bench", "plan", "--apps", "0"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
    }
}
