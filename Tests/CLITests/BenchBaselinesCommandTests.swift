import Foundation
import Testing
import TestSupport

@Suite struct BenchBaselinesCommandTests {
    static let wellbeing = Fixtures.dataset("android-wellbeing/launches.csv")

    @Test func reportsBothFiguresAndThatTheCountsAgree() throws {
        let script = Fixtures.repositoryRoot.appendingPathComponent("bench/numpy_baselines_replay.py").path
        let r = try CLIRunner.run(["bench", "baselines", Self.wellbeing, "--rounds", "1", "--reference", script])
        #expect(r.status == 0)
        #expect(r.stdout.contains("23 device-days, 1 alternating rounds"))
        #expect(r.stdout.contains("baselines (interval, histogram, oracle; B = 4, 8, 16, 32), whole-process CPU: median"))
        // Without Python and numpy the reference is not run; when it runs, every count agrees.
        if r.stdout.contains("reference (numpy baselines replay, same run)") {
            #expect(r.stdout.contains("counts agree"))
        } else {
            #expect(r.stdout.contains("reference (numpy baselines replay): not run"))
        }
        #expect(!r.stdout.contains("DISAGREE"))
    }

    @Test func withoutAReferenceOnlyReveillesFigure() throws {
        let r = try CLIRunner.run(["bench", "baselines", Self.wellbeing, "--rounds", "1", "--reference", ""])
        #expect(r.status == 0)
        #expect(r.stdout.contains("reference (numpy baselines replay): not run"))
    }

    @Test func roundsOutOfRangeIsAUsageError() throws {
        let r = try CLIRunner.run(["bench", "baselines", Self.wellbeing, "--rounds", "0"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
    }
}
