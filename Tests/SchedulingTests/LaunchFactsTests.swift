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

    /// The reactive learner reads the facts' app indices and cold flags instead of a set, a
    /// sort and a scan of each day's 28-day window: every day's statistics, scorer fit and
    /// scorer are those learnt without them (Wellbeing and two of the bundled set's simulated
    /// devices, whose histories cross DST changes, at tau 60 and 20 minutes).
    @Test(arguments: [60.0, 20.0])
    func reactiveLearningWithFactsEqualsLearningWithout(tauMinutes: Double) throws {
        let wellbeing = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let bundled = try HistoryReader.read(path: Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path)
        let devices = (wellbeing.devices + bundled.devices.prefix(2)).map { Array($0.launches) }
        let tau = tauMinutes * 60
        var compared = 0
        for launches in devices {
            let first = try #require(launches.first).localDay, last = try #require(launches.last).localDay
            let facts = Self.facts(launches, tauSeconds: tau)
            var plain = _ReactiveStatisticsMemo(), described = _ReactiveStatisticsMemo()
            for day in (first + 7)...last {
                let (start, _) = ReactiveValidator.clock(launches[...], day: day)
                let before = launches[...].prefix { $0.instant < start }
                let a = try plain.learnDay(history: before, localDay: day, dayStart: start, firstLocalDay: first, tauSeconds: tau)
                let b = try described.learnDay(history: before, localDay: day, dayStart: start, firstLocalDay: first,
                                               tauSeconds: tau, facts: facts)
                #expect(a.statistics == b.statistics && a.fit == b.fit, "day \(day)")
                #expect(b.scorer.statistics == b.statistics && b.scorer.index == a.scorer.index)
                compared += 1
            }
        }
        #expect(compared >= 80)
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
