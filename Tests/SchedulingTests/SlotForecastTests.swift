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

    @Test func duplicateAppsKeepTheFirstRow() {
        let forecast = SlotForecast(horizonStart: 0, slotSeconds: 60, slotCount: 1,
                                    rows: [(app: "a", probabilities: [0.1]), (app: "a", probabilities: [0.9])])
        #expect(forecast.apps == ["a"])
        #expect(forecast.probabilities == [[0.1]])
    }
}
