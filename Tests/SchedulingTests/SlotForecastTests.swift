import FetchPlanner
import Testing

@Suite struct SlotForecastTests {
    @Test func rowsAreSortedByAppClampedAndPadded() {
        let forecast = SlotForecast(horizonStart: 0, slotSeconds: 300, slotCount: 3,
                                    rows: [(app: "b", probabilities: [2, -1, .nan]), (app: "a", probabilities: [0.5])])
        #expect(forecast.apps == ["a", "b"])
        #expect(forecast.probabilities == [[0.5, 0, 0], [1, 0, 0]])
        #expect(forecast.probabilities(of: "b") == [1, 0, 0])
        #expect(forecast.probabilities(of: "c") == nil)
        #expect(forecast.horizonEnd == 900)
    }

    /// A row of the right length inside [0, 1] is kept bit for bit (−0 included), as the clamp
    /// would give it; a value just above 1, an infinity or a row too long still go through it.
    @Test func inRangeRowsAreKeptAndOthersClamped() {
        let forecast = SlotForecast(horizonStart: 0, slotSeconds: 60, slotCount: 3, rows: [
            (app: "a", probabilities: [0, -0.0, 1]),
            (app: "b", probabilities: [Double(1).nextUp, 0.25, -.infinity]),
            (app: "c", probabilities: [0.5, 0.5, 0.5, 0.5]),
        ])
        #expect(forecast.probabilities[0].map(\.bitPattern) == [0, (-0.0).bitPattern, (1.0).bitPattern])
        #expect(forecast.probabilities[1] == [1, 0.25, 0])
        #expect(forecast.probabilities[2] == [0.5, 0.5, 0.5])
    }

    @Test func duplicateAppsKeepTheFirstRow() {
        let forecast = SlotForecast(horizonStart: 0, slotSeconds: 60, slotCount: 1,
                                    rows: [(app: "a", probabilities: [0.1]), (app: "a", probabilities: [0.9])])
        #expect(forecast.apps == ["a"])
        #expect(forecast.probabilities == [[0.1]])
    }
}
