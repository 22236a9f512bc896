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

    /// The kept sums of features 0–12 serve the next hour's forecast (most cells), and are
    /// forgotten when what an app's recency shows changes: launches that disappear again (a
    /// caller's other history), or a model with other coefficients.
    @Test func keptPrefixesAreReusedAndInvalidated() throws {
        let history = SimulatedHistory.launches(days: 30, seed: 5)
        let model = try UsageModel.fit(history)
        var other = model
        other.coefficients = model.coefficients.map { $0 * 1.25 }
        let dayStart = ((history.last?.instant ?? 0) / 86_400).rounded(.up) * 86_400
        let launch = LaunchEvent(device: history[0].device, app: model.apps[0], instant: dayStart + 1800, utcOffsetSeconds: 0)
        var memo = UsageModel.ForecastMemo()
        let cases: [(UsageModel, hour: Int, recent: [LaunchEvent])] = [
            (model, 0, []), (model, 1, [launch]), (model, 2, [launch]), (model, 3, []), (other, 3, []), (model, 4, []),
            (model, 5, []),
        ]
        var reuses: [Int] = []
        for (m, hour, recent) in cases {
            let start = dayStart + Double(hour) * 3600
            let slots = 288 - 12 * hour
            let before = memo._prefixReuses
            let memoised = m.slotProbabilityRows(from: start, utcOffsetSeconds: 0, slots: slots, slotSeconds: 300,
                                                 recentLaunches: recent, memo: &memo)
            #expect(memoised == m.slotProbabilityRows(from: start, utcOffsetSeconds: 0, slots: slots, slotSeconds: 300,
                                                      recentLaunches: recent), "hour \(hour)")
            #expect(memoised == m._slotProbabilityRowsReference(from: start, utcOffsetSeconds: 0, slots: slots,
                                                                slotSeconds: 300, recentLaunches: recent))
            reuses.append(memo._prefixReuses - before)
        }
        // Nothing kept at first, nor across another model; most cells kept the hour after.
        #expect(reuses[0] == 0 && reuses[4] == 0 && reuses[5] == 0)
        #expect(reuses[1] > (288 - 12) * (model.apps.count - 1) / 2)
        #expect(reuses[2] > 0 && reuses[3] > 0 && reuses[6] > 0)
    }
}
