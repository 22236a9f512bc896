import Foundation
import LaunchHistory
import ReveilleCore
import Testing
@testable import UsageModel

/// Forecasts through a ``UsageModel/ForecastMemo`` (online re-planning: the rest of the day
/// every hour, with the day's launches so far) are bit for bit the forecasts without one.
@Suite struct ForecastMemoTests {
    @Test(arguments: [(300.0, 7200), (3600.0, -14_400)])
    func hourlyReforecastsEqualFreshOnes(slotSeconds: Double, offset: Int) throws {
        let history = SimulatedHistory.launches(days: 30, seed: 11)
        let model = try UsageModel.fit(history)
        let dayStart = ((history.last?.instant ?? 0) / 86_400).rounded(.up) * 86_400
        let slotsPerDay = Int(86_400 / slotSeconds)
        var memo = UsageModel.ForecastMemo()
        var recent: [LaunchEvent] = []
        for hour in 0..<24 {
            let start = dayStart + Double(hour) * 3600
            let slots = slotsPerDay - hour * Int(3600 / slotSeconds)
            let fresh = model.slotProbabilityRows(from: start, utcOffsetSeconds: offset, slots: slots, slotSeconds: slotSeconds,
                                                  recentLaunches: recent)
            let memoised = model.slotProbabilityRows(from: start, utcOffsetSeconds: offset, slots: slots, slotSeconds: slotSeconds,
                                                     recentLaunches: recent, memo: &memo)
            #expect(memoised == fresh, "hour \(hour)")
            recent.append(LaunchEvent(device: history[0].device, app: model.apps[hour % model.apps.count],
                                      instant: start + 1800, utcOffsetSeconds: offset))
        }
    }

    @Test func anotherModelOrAnOffGridStartIsComputedAfresh() throws {
        let history = SimulatedHistory.launches(days: 30, seed: 11)
        let model = try UsageModel.fit(history)
        let other = try UsageModel.fit(Array(history.prefix(history.count / 2)))
        let start = ((history.last?.instant ?? 0) / 86_400).rounded(.up) * 86_400
        var memo = UsageModel.ForecastMemo()
        _ = model.slotProbabilityRows(from: start, utcOffsetSeconds: 0, slots: 288, slotSeconds: 300, memo: &memo)
        for (m, s) in [(other, start + 3600), (model, start + 3601.5), (model, start - 3600), (model, start + 300)] {
            let fresh = m.slotProbabilityRows(from: s, utcOffsetSeconds: 0, slots: 100, slotSeconds: 300)
            #expect(m.slotProbabilityRows(from: s, utcOffsetSeconds: 0, slots: 100, slotSeconds: 300, memo: &memo) == fresh)
        }
        let shifted = model.slotProbabilityRows(from: start + 600, utcOffsetSeconds: 3600, slots: 50, slotSeconds: 300)
        #expect(model.slotProbabilityRows(from: start + 600, utcOffsetSeconds: 3600, slots: 50, slotSeconds: 300, memo: &memo) == shifted)
    }
}
