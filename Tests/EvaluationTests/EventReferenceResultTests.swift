import Testing
import LaunchHistory
import TestSupport
@testable import Evaluation

/// Mode `event`: the independent reference implementation's `*-event.json` (interval, histogram,
/// oracle and markov at B = 4, 8, 16, 32) must be reproduced to the count.
@Suite struct EventReferenceResultTests {
    @Test(arguments: ["studentlife-small", "android-wellbeing"])
    func matchesEventReference(_ name: String) async throws {
        let reference = try ReferenceResult.load("\(name)-event")
        #expect(reference.policies == ["interval", "histogram", "oracle", "markov"])
        let history = try HistoryReader.read(path: Fixtures.dataset("\(name)/launches.csv"))
        var options = EvaluationOptions()
        options.mode = .event
        options.policies = reference.policies
        let report = try await Evaluator(options: options).evaluate(history).report
        try reference.expectMatches(report, label: "\(name) event")
    }
}
