import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
import UsageModel
@testable import Scheduling

/// A context that carries the replay's ``LaunchFacts`` (cold flags and app indices of the whole
/// history, computed once) forecasts exactly as one without: the daily fit, its scorer and the
/// 28-day window are byte for byte those computed by scanning the day's history.
@Suite struct LaunchFactsTests {
    static func facts(_ launches: [LaunchEvent], tauSeconds: Double) -> LaunchFacts {
        let apps = Array(Set(launches.map(\.app))).sorted()
        let index = Dictionary(uniqueKeysWithValues: apps.enumerated().map { ($1, $0) })
        return LaunchFacts(launches: launches, apps: apps, appOfLaunch: launches.map { index[$0.app] ?? 0 },
                           cold: ColdLaunches.scan(launches, tauSeconds: tauSeconds).cold, tauSeconds: tauSeconds)
    }

    @Test func forecastsWithFactsEqualForecastsWithout() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let device = try #require(history.devices.first)
        let launches = Array(device.launches)
        let first = try #require(launches.first)
        let facts = Self.facts(launches, tauSeconds: 3600)
        let options = SchedulingOptions()
        var plain = try ReveillePolicy(options: options), withFacts = try ReveillePolicy(options: options)
        var compared = 0
        for i in 8..<20 {
            let start = LocalClock.startOfDay(first.localDay + i, utcOffsetSeconds: first.utcOffsetSeconds)
            let context = ForecastContext.planning(device: device.device, history: launches[...], start: start,
                                                   utcOffsetSeconds: first.utcOffsetSeconds, tauSeconds: 3600)
            var described = context
            described.launchFacts = facts
            #expect(facts.describe(described.history, tauSeconds: 3600))
            #expect(context.recentColdLaunches.launches == described.recentColdLaunches.launches)
            let a = try plain.forecaster._fittedDay(context), b = try withFacts.forecaster._fittedDay(described)
            guard let model = a.model else { continue }
            let other = try #require(b.model)
            #expect(try DeterministicJSON.text(model) == DeterministicJSON.text(other), "day \(context.localDay)")
            #expect(a.hourly == b.hourly)
            compared += 1
        }
        #expect(compared > 5)
    }

    @Test func factsOfAnotherTauOrArrayAreNotRead() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let launches = Array(try #require(history.devices.first).launches)
        let facts = Self.facts(launches, tauSeconds: 3600)
        #expect(!facts.describe(launches[...], tauSeconds: 1800))
        #expect(!facts.describe(Array(launches.dropFirst())[...], tauSeconds: 3600))
        let fitted = try UsageModel.fit(launches[..<200], facts: Self.facts(launches, tauSeconds: 1800),
                                        options: UsageModelOptions())
        #expect(try DeterministicJSON.text(fitted) == DeterministicJSON.text(UsageModel.fit(Array(launches[..<200]))))
    }

    /// A later part of the array is fitted as the plain fit fits it: its first launches are cold
    /// to a scan of the part even where the launches before it made them warm in the facts.
    @Test func aSliceAfterTheStartIsFittedAsAScanFitsIt() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let launches = Array(try #require(history.devices.first).launches)
        let facts = Self.facts(launches, tauSeconds: 3600)
        // A start whose launch the facts call warm (same app within tau before it).
        let start = try #require((1..<300).first { !facts.cold[$0] })
        let slice = launches[start..<(start + 300)]
        #expect(facts.describe(slice, tauSeconds: 3600))
        #expect(ColdLaunches.scan(slice, tauSeconds: 3600).cold.first == true)
        let fitted = try UsageModel.fit(slice, facts: facts, options: UsageModelOptions())
        #expect(try DeterministicJSON.text(fitted) == DeterministicJSON.text(UsageModel.fit(Array(slice))))
    }
}
