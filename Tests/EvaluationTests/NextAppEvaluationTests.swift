import Evaluation
import LaunchHistory
import Testing
import TestSupport

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
        #expect(byName["reveille"]?.hr1 == 1 && byName["reveille"]?.mrr5 == 1)
    }

    /// Wellbeing (532 scored events): `reveille` (``NextAppRanker``) beats markov, mru and mfu on
    /// HR@1, HR@5 and MRR@5 (.306, .609, .418 against markov's .271, .530, .362; the reactive
    /// scheduler's trigger scores, used before, had .051, .167, .089).
    @Test func reveilleBeatsTheBaselinesOnWellbeing() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let results = NextAppEvaluation.evaluate(history).results
        let reveille = try #require(results.first { $0.predictor == "reveille" })
        #expect(reveille.events == 532)
        for baseline in results where baseline.predictor != "reveille" {
            #expect(reveille.hr1 > baseline.hr1 && reveille.hr5 > baseline.hr5 && reveille.mrr5 > baseline.mrr5)
        }
    }
}
