import Evaluation
import LaunchHistory
import Testing

/// Next-app metrics on a known sequence: two apps alternating, six launches a day for 20 days.
@Suite struct NextAppEvaluationTests {
    @Test func alternatingAppsScoreAsExpected() {
        var launches: [LaunchEvent] = []
        for day in 0..<20 {
            for k in 0..<6 {
                launches.append(LaunchEvent(device: "d", app: k % 2 == 0 ? "a" : "b",
                                            instant: Double(19_000 + day) * 86_400 + Double(8 + k) * 3600, utcOffsetSeconds: 0))
            }
        }
        let report = NextAppEvaluation.evaluate(LaunchHistory(devices: [DeviceHistory(device: "d", launches: launches)]))
        let byName = Dictionary(uniqueKeysWithValues: report.results.map { ($0.predictor, $0) })
        let events = 12 * 6   // targets on days first + 7 … last − 1
        #expect(report.devices == 1 && byName["markov"]?.events == events)
        #expect(byName["markov"]?.hr1 == 1 && byName["mru"]?.hr1 == 1 && byName["markov"]?.mrr5 == 1)
        // mfu: after `a` its count leads (miss); after `b` the counts tie and `a` comes first by name (hit).
        #expect(byName["mfu"]?.hr1 == 0.5 && byName["mfu"]?.hr3 == 1 && byName["mfu"]?.mrr5 == 0.75)
        #expect(byName["mfu"]?.userHr1 == 0.5)
    }
}
