import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
import UsageModel
@testable import Scheduling

/// The daily refit with the scorer refitted every k days: the scorer of a day depends on the day
/// alone (its anchor `d − d mod k`), so a forecaster that planned every day before and a fresh
/// one (what `reveille plan` runs) fit the same model; between anchors only the densities are
/// refitted (no training cells), and k = 1 is the plain daily refit.
@Suite struct ScorerRefitTests {
    static func contexts(days: Int) throws -> [ForecastContext] {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let device = try #require(history.devices.first)
        let launches = Array(device.launches)
        let first = try #require(launches.first)
        let offset = first.utcOffsetSeconds
        let slice = launches[...]
        return (8..<(8 + days)).map { i in
            let start = LocalClock.startOfDay(first.localDay + i, utcOffsetSeconds: offset)
            return ForecastContext.planning(device: device.device, history: slice, start: start, utcOffsetSeconds: offset,
                                            tauSeconds: 3600)
        }
    }

    @Test func scorerDependsOnTheDayAloneAndIsKeptBetweenAnchors() throws {
        let k = 4
        var running = UsageModelForecaster(scorerRefitDays: k)
        var kept = 0, refitted = 0
        for context in try Self.contexts(days: 9) {
            let model = try #require(try running._fittedDay(context).model)
            var fresh = UsageModelForecaster(scorerRefitDays: k)
            let alone = try #require(try fresh._fittedDay(context).model)
            for (a, b) in zip(model.coefficients, alone.coefficients) {
                #expect(abs(a - b) <= 1e-5 * max(1, abs(a)), "day \(context.localDay): \(a) vs \(b)")
            }
            #expect(model.profiles.map(\.dailyRate) == alone.profiles.map(\.dailyRate))
            if context.localDay % k == 0 {
                refitted += 1
                #expect(model.summary.trainingRows > 0)
            } else {
                kept += 1
                #expect(model.summary.trainingRows == 0)
            }
        }
        #expect(kept > 0 && refitted > 0)
    }

    @Test func oneDayIsThePlainDailyRefit() throws {
        var daily = UsageModelForecaster(scorerRefitDays: 1)
        for context in try Self.contexts(days: 3) {
            let model = try #require(try daily._fittedDay(context).model)
            let plain = try UsageModel.fit(context.historyBeforeDay)
            #expect(model.summary.trainingRows == plain.summary.trainingRows && model.summary.trainingRows > 0)
            #expect(model.dataDigest == plain.dataDigest)
        }
    }
}
