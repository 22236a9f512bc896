import Foundation
import LaunchHistory
import ReveilleCore
@testable import Scheduling
import Testing
import TestSupport
import UsageModel

/// The trigger scorer reads `log v_ab`, `log(r_b + 10⁻⁴)` and `log(1 + count)` from tables built
/// once, and `log(0.01)` for a candidate with no cold launch in either blended hour: every feature
/// must be, bit for bit, what the formula computes directly for each candidate.
@Suite struct ReactiveScorerTableTests {
    /// The nine features as ``_ReactiveScorer``'s documentation states them, computed directly.
    private static func reference(_ s: ReactiveStatistics, b: Int, after a: Int, instant: Double, localSeconds: Double,
                                  recency: _ReactiveRecency, tauSeconds: Double) -> [Double] {
        let n = s.apps.count
        var k = 0, followed = Array(repeating: 0, count: n)
        for t in s.transitions {
            followed[t.to] += t.count
            if t.from == a && t.to == b { k += t.count }
        }
        let baseRate = followed.map { Double($0) / Double(max(1, s.launches.reduce(0, +))) }
        let alpha = 10.0, launches = a >= 0 ? Double(s.launches[a]) : 0
        let v = min(1, max(1e-4, (Double(k) + alpha * baseRate[b]) / (launches + alpha)))
        let hours = localSeconds / 3600
        let h0 = min(23, max(0, Int(hours.rounded(.down))))
        let phi = hours - Double(h0)
        let counts = s.hourlyColdLaunches[b]
        let h = ((1 - phi) * Double(counts[h0]) + phi * Double(counts[(h0 + 1) % 24])) / Double(max(1, s.days))
        let since = instant - recency.lastLaunch[b]
        return [log(v), log(h + 0.01), since < tauSeconds ? 1 : 0, since >= tauSeconds && since < 10_800 ? 1 : 0,
                since >= 10_800 && since < 86_400 ? 1 : 0, log1p(Double(recency.dayCount[b])),
                log1p(Double(recency.burst)), log(baseRate[b] + 1e-4), 1]
    }

    private static func expectTablesMatchFormula(_ statistics: ReactiveStatistics, launches: [LaunchEvent],
                                                 extraApps: [Int] = []) {
        let scorer = _ReactiveScorer(statistics, tauSeconds: 3600)
        var recency = _ReactiveRecency(appCount: statistics.apps.count)
        var x = Array(repeating: 0.0, count: ReactiveStatistics.featureCount)
        var compared = 0
        for launch in launches {
            let a = scorer.index[launch.app] ?? -1
            recency.record(app: a, at: launch.instant)
            let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
                instant: launch.instant + 1, utcOffsetSeconds: launch.utcOffsetSeconds))
            for after in [a, -1] + extraApps {
                let shared = scorer.launch(after: after, instant: launch.instant, localSeconds: local, recency: recency)
                for b in statistics.apps.indices {
                    scorer.features(b: b, launch: shared, recency: recency, into: &x)
                    let expected = reference(statistics, b: b, after: after, instant: launch.instant, localSeconds: local,
                                             recency: recency, tauSeconds: 3600)
                    #expect(x.map(\.bitPattern) == expected.map(\.bitPattern), "a \(after), b \(b) at \(launch.instant)")
                    compared += 1
                }
            }
        }
        #expect(compared > 0)
    }

    /// Wellbeing's statistics learnt at 2023-06-21, every app after each launch of that day and
    /// of the day before (known, unknown and never-launched apps alike).
    @Test func tablesMatchTheFormulaOnWellbeing() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)
        let start = 1_687_305_600.0
        let first = try #require(launches.first).localDay
        let statistics = try ReactiveStatistics.learn(history: launches[...].prefix { $0.instant < start }, localDay: first + 23,
                                                      dayStart: start, firstLocalDay: first, tauSeconds: 3600)
        let silent = statistics.apps.indices.filter { statistics.launches[$0] == 0 }
        let days = launches.filter { $0.instant >= start - 86_400 && $0.instant < start + 86_400 }
        #expect(days.count > 20)
        Self.expectTablesMatchFormula(statistics, launches: days, extraApps: Array(silent.prefix(2)))
    }

    /// `best` (a score computed only on a new largest `η`) is the first of the largest of every
    /// candidate's score, after each launch of two Wellbeing days: with the learnt coefficients,
    /// and with coefficients so large that `σ` rounds many scores to exactly 1 (the first of
    /// those must win, as when every score was compared).
    @Test(arguments: [false, true])
    func bestIsTheFirstLargestScore(saturating: Bool) throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)
        let start = 1_687_305_600.0
        let first = try #require(launches.first).localDay
        var statistics = try ReactiveStatistics.learn(history: launches[...].prefix { $0.instant < start }, localDay: first + 23,
                                                      dayStart: start, firstLocalDay: first, tauSeconds: 3600)
        if saturating { statistics.coefficients = [40, 30, 0, 0, 0, 5, 5, 20, 400] }
        let scorer = _ReactiveScorer(statistics, tauSeconds: 3600)
        var recency = _ReactiveRecency(appCount: statistics.apps.count)
        var compared = 0, ones = 0
        for launch in launches where launch.instant >= start - 86_400 && launch.instant < start + 86_400 {
            let a = scorer.index[launch.app] ?? -1
            recency.record(app: a, at: launch.instant)
            let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
                instant: launch.instant + 1, utcOffsetSeconds: launch.utcOffsetSeconds))
            let all = scorer.scores(after: a, instant: launch.instant, localSeconds: local, recency: recency)
            var expected: (app: Int, score: Double)?
            for s in all where expected.map({ s.score > $0.score }) ?? true { expected = s }
            let best = scorer.best(after: a, instant: launch.instant, localSeconds: local, recency: recency)
            #expect(best?.app == expected?.app && best?.score == expected?.score, "at \(launch.instant)")
            compared += 1
            if all.filter({ $0.score == 1 }).count > 1 { ones += 1 }
        }
        #expect(compared > 20)
        #expect(saturating ? ones > 0 : ones == 0)
    }

    /// A burst and a day count past the `log(1 + count)` table (1,024), and hours with and
    /// without cold launches on both sides of the blend.
    @Test func largeCountsAndEmptyHoursMatchTheFormula() {
        var hourly = Array(repeating: Array(repeating: 0, count: 24), count: 3)
        hourly[0][5] = 3
        hourly[1][23] = 2
        hourly[2][0] = 1
        let statistics = ReactiveStatistics(
            apps: ["a", "b", "c"], days: 7, hourlyColdLaunches: hourly, launches: [40, 0, 9],
            transitions: [.init(from: 0, to: 1, count: 12), .init(from: 2, to: 0, count: 4)],
            coefficients: [], triggerScores: [], scoreDays: 0)
        let base = 1_700_000_000.0
        var launches: [LaunchEvent] = []
        for i in 0..<1_100 {
            launches.append(LaunchEvent(device: "d", app: ["a", "b", "c", "z"][i % 4], instant: base + Double(i),
                                        utcOffsetSeconds: 0))
        }
        for hour in [4.5, 5.0, 23.25, 23.99] {
            launches.append(LaunchEvent(device: "d", app: "c", instant: base + 1_100 + hour * 3600, utcOffsetSeconds: 0))
        }
        Self.expectTablesMatchFormula(statistics, launches: launches)
    }

    /// The scorer learning builds (kept with the day and shared by its schedulers and replays)
    /// is the one a fresh build from the learnt statistics gives: on the statistics returned,
    /// and with the same best candidate after every launch of the day and the day before, on
    /// seven consecutive Wellbeing days (a scorer anchor day among them).
    @Test func learntScorerIsAFreshScorerOfTheStatistics() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let first = try #require(launches.first).localDay
        var memo = _ReactiveStatisticsMemo()
        var compared = 0
        for day in (first + 18)...(first + 24) {
            let (start, _) = ReactiveValidator.clock(launches, day: day)
            let learnt = try memo.learnDay(history: launches.prefix { $0.instant < start }, localDay: day, dayStart: start,
                                           firstLocalDay: first, tauSeconds: 3600)
            #expect(learnt.scorer.statistics == learnt.statistics)
            let fresh = _ReactiveScorer(learnt.statistics, tauSeconds: 3600)
            var recency = _ReactiveRecency(appCount: learnt.statistics.apps.count)
            for launch in launches where launch.instant >= start - 86_400 && launch.instant < start + 86_400 {
                let a = fresh.index[launch.app] ?? -1
                #expect(learnt.scorer.index[launch.app] ?? -1 == a)
                recency.record(app: a, at: launch.instant)
                let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
                    instant: launch.instant + 1, utcOffsetSeconds: launch.utcOffsetSeconds))
                let mine = learnt.scorer.best(after: a, instant: launch.instant, localSeconds: local, recency: recency)
                let theirs = fresh.best(after: a, instant: launch.instant, localSeconds: local, recency: recency)
                #expect(mine?.app == theirs?.app && mine?.score == theirs?.score)
                compared += mine == nil ? 0 : 1
            }
        }
        #expect(compared > 100)
    }

    /// A scheduler made at another budget from a day's scheduler (its scorer shared) decides
    /// what one made from the statistics decides, launch for launch.
    @Test(arguments: [1, 8, 16])
    func schedulerSharingTheStatisticsDecidesAsAFreshOne(_ budget: Int) throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)
        let start = 1_687_305_600.0, end = start + 86_400
        let first = try #require(launches.first).localDay
        let statistics = try ReactiveStatistics.learn(history: launches[...].prefix { $0.instant < start }, localDay: first + 23,
                                                      dayStart: start, firstLocalDay: first, tauSeconds: 3600)
        let other = ReactiveScheduler(statistics: statistics, budget: 8, tauSeconds: 3600)
        var shared = ReactiveScheduler(sharingStatisticsOf: other, budget: budget, triggers: true)
        var fresh = ReactiveScheduler(statistics: statistics, budget: budget, tauSeconds: 3600, triggers: true)
        #expect(shared.triggers == fresh.triggers && shared.modelWindows == fresh.modelWindows)
        for launch in launches where launch.instant >= start - 86_400 && launch.instant < start {
            shared.remember(launch)
            fresh.remember(launch)
        }
        #expect(shared.beginDay(start: start, end: end) == fresh.beginDay(start: start, end: end))
        var triggered = 0
        for launch in launches where launch.instant >= start && launch.instant < end {
            let decisions = shared.observe(launch)
            #expect(decisions == fresh.observe(launch))
            triggered += decisions.filter { $0.reason == .trigger && $0.action == .fetch }.count
        }
        #expect(shared.executed == fresh.executed && shared.pending == fresh.pending)
        // B = 1's one-in-a-day threshold triggers nothing on this day; larger budgets do.
        #expect(budget < 8 || triggered > 0)
    }
}
