import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport
import UsageModel

/// The validation's replay of a finished day shares its budget-independent work (the scorer's
/// best candidate after each launch) across budgets; it must count what a live scheduler fed the
/// same launches executes. And the usage model's windows are compared only at powers of two.
@Suite struct ReactiveReplayTests {
    @Test func modelWindowsAreComparedAtPowersOfTwoFromFourOnly() {
        #expect([4, 8, 16, 32, 64].allSatisfy(ReactiveStatistics.comparesModelWindows(budget:)))
        #expect(![-4, 0, 1, 2, 3, 5, 6, 12, 20, 31].contains(where: ReactiveStatistics.comparesModelWindows(budget:)))
    }

    /// One day's gain of one hit: enough at B = 4 (`z` = 0.5), not at B = 1 or 2 (`z` = 1).
    @Test func smallBudgetsNeedTheStricterTest() {
        #expect(ReactiveValidation(budget: 4, windowHits: 3, triggerHits: 4, gainSquares: 1).triggersHelp)
        #expect(!ReactiveValidation(budget: 2, windowHits: 3, triggerHits: 4, gainSquares: 1).triggersHelp)
        #expect(!ReactiveValidation(budget: 1, windowHits: 3, triggerHits: 4, gainSquares: 1).triggersHelp)
        // Two days of one hit each: 2² = 4 > 1² × 2.
        #expect(ReactiveValidation(budget: 2, windowHits: 3, triggerHits: 5, gainSquares: 2).triggersHelp)
    }

    /// Wellbeing's 2023-06-21 (UTC, offset 0 all along) replayed at several budgets, with and
    /// without triggers, against a scheduler that observes each launch itself.
    @Test(arguments: [1, 3, 8, 16, 32])
    func replayCountsWhatALiveSchedulerExecutes(_ budget: Int) throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let start = 1_687_305_600.0, end = start + 86_400   // 2023-06-21 00:00 UTC
        let first = try #require(launches.first).localDay
        let statistics = try ReactiveStatistics.learn(history: launches.prefix { $0.instant < start }, localDay: first + 23,
                                                      dayStart: start, firstLocalDay: first, tauSeconds: 3600)
        #expect(LocalClock.day(localSeconds: start) == first + 23)
        let tally = ReactiveScheduler.replay(statistics: statistics, budget: budget, tauSeconds: 3600, history: launches,
                                             dayStart: start, dayEnd: end)
        let day = launches.filter { $0.instant < end }
        let cold = ColdLaunches.scan(day, tauSeconds: 3600).cold
        var live: [Int] = []
        for triggers in [false, true] {
            var scheduler = ReactiveScheduler(statistics: statistics, budget: budget, triggers: triggers)
            for launch in day where launch.instant < start && launch.instant > start - 86_400 { scheduler.remember(launch) }
            _ = scheduler.beginDay(start: start, end: end)
            for launch in day where launch.instant >= start { _ = scheduler.observe(launch) }
            let fetches = scheduler.executed + scheduler.pending
            #expect(fetches.count <= budget)
            live.append(zip(day, cold).filter { launch, isCold in
                isCold && launch.instant >= start
                    && fetches.contains { $0.app == launch.app && $0.at >= launch.instant - 3600 && $0.at < launch.instant }
            }.count)
        }
        #expect(live[1] > 0)
        #expect([tally.windowHits, tally.triggerHits] == live)
    }

    /// A window of an app the day's statistics do not know (a usage-model window can name one)
    /// still scores the cold launch it covers.
    @Test func windowOfAnAppTheStatisticsDoNotKnowScoresItsHit() throws {
        let first = 19_676, start = Double(first + 10) * 86_400, end = start + 86_400
        var launches: [LaunchEvent] = []
        for day in 0..<10 {
            let midnight = Double(first + day) * 86_400
            launches.append(LaunchEvent(device: "d", app: "a", instant: midnight + 8 * 3600, utcOffsetSeconds: 0))
            launches.append(LaunchEvent(device: "d", app: "b", instant: midnight + 9 * 3600, utcOffsetSeconds: 0))
        }
        launches.append(LaunchEvent(device: "d", app: "z", instant: start + 10.5 * 3600, utcOffsetSeconds: 0))
        launches.append(LaunchEvent(device: "d", app: "a", instant: start + 12 * 3600, utcOffsetSeconds: 0))
        let statistics = try ReactiveStatistics.learn(history: launches[...].prefix { $0.instant < start }, localDay: first + 10,
                                                      dayStart: start, firstLocalDay: first, tauSeconds: 3600)
        #expect(!statistics.apps.contains("z"))
        let window = FetchDecision(action: .fetch, app: "z", at: start + 10 * 3600, reason: .window, probability: 0.5)
        let tally = ReactiveScheduler.replay(statistics: statistics, budget: 1, tauSeconds: 3600, history: launches[...],
                                             dayStart: start, dayEnd: end, windows: [window])
        #expect(tally.windowHits == 1 && tally.triggerHits == 1)
    }

    /// `train` stores the model's windows only where they were compared.
    @Test func trainChoosesModelWindowsOnlyAtComparedBudgets() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let model = try ReveillePolicy.train(device: device.device, launches: Array(device.launches).prefix { $0.instant < 1_687_392_000 })
        let validation = try #require(model.reactive?.validation)
        #expect(validation.map(\.budget) == Array(1...ReactiveStatistics.validatedBudgets))
        #expect(validation.contains { $0.modelWindows })
        for entry in validation where entry.modelWindows {
            #expect(ReactiveStatistics.comparesModelWindows(budget: entry.budget), "budget \(entry.budget)")
        }
    }
}
