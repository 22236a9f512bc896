import Foundation
import Testing
import UsageModel
@testable import Scheduling

/// A forecaster that keeps no memo (``UsageModelForecaster/keepsForecastMemo`` `false`, the
/// daily replay's) forecasts what one that keeps it does, on the hourly grid, the planner's grid
/// and re-plans later in the day.
@Suite struct ForecastMemoOffTests {
    @Test func forecastsWithoutTheMemoEqualForecastsWithIt() throws {
        var kept = UsageModelForecaster(scorerRefitDays: 5), off = UsageModelForecaster(scorerRefitDays: 5)
        off.keepsForecastMemo = false
        for context in try ScorerRefitTests.contexts(days: 6) {
            for (start, count, seconds) in [(context.dayStart, 24, 3600.0), (context.dayStart, 288, 300),
                                            (context.dayStart + 7200, 264, 300), (context.dayStart + 3600 * 13, 132, 300)] {
                let a = try kept.forecast(context, from: start, slotCount: count, slotSeconds: seconds)
                let b = try off.forecast(context, from: start, slotCount: count, slotSeconds: seconds)
                #expect(a.apps == b.apps && a.probabilities == b.probabilities, "day \(context.localDay) from \(start)")
            }
        }
    }
}
