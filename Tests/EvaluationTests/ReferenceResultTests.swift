import Testing
import LaunchHistory
import ReveilleCore
import TestSupport
@testable import Evaluation

/// The independent reference implementation's output must be reproduced to the count.
@Suite struct ReferenceResultTests {
    @Test(arguments: ["studentlife-small", "android-wellbeing"])
    func matchesReference(_ name: String) async throws {
        let reference = try ReferenceResult.load(name)
        let history = try HistoryReader.read(path: Fixtures.dataset("\(name)/launches.csv"))
        let report = try await Evaluator().evaluate(history).report
        try reference.expectMatches(report, label: name)
    }
}
