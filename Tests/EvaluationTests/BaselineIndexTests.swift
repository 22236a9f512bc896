import Testing
import LaunchHistory
import ReveilleCore
import Scheduling
import TestSupport
@testable import Evaluation

/// The baselines' incremental pieces give exactly what a fresh computation gives.
@Suite struct BaselineIndexTests {
    /// Wellbeing's device as the replay sees it: its timeline and scored days.
    static func wellbeing() throws -> (timeline: _DeviceTimeline, days: [Int]) {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let device = try #require(history.devices.first)
        let timeline = _DeviceTimeline(history: device, tauSeconds: 3600)
        return (timeline, try #require(timeline.scoredDays(warmupDays: 7, minimumScoredDays: 7)))
    }

    static func context(_ timeline: _DeviceTimeline, day: Int, budget: Int) -> PolicyContext {
        let (start, offset) = timeline.start(day)
        let end = timeline.start(day + 1).instant
        return PolicyContext(device: timeline.history.device, history: timeline.launches(before: start), dayStart: start, dayEnd: end,
                             windowStart: start, windowEnd: end, utcOffsetSeconds: offset, localDay: day, budget: budget,
                             remainingBudget: budget, fetchesToday: [], tauSeconds: 3600, firstLocalDay: timeline.firstDay)
    }

    /// With the replay's launch facts (app indices and cold flags, no String hashed) and without.
    @Test(arguments: [false, true])
    func incrementalWindowEqualsAFreshScanEveryDay(withFacts: Bool) throws {
        let (timeline, days) = try Self.wellbeing()
        var index = _ColdLaunchIndex()
        for day in days {
            let context = Self.context(timeline, day: day, budget: 8)
            index.update(context.history, tauSeconds: 3600, facts: withFacts ? timeline.facts : nil)
            let window = index.window(context)
            let fresh = RecentColdLaunchWindow(context)
            var byApp: [String: Int] = [:], byHour: [String: [Int]] = [:]
            for a in window.names.indices where window.byApp[a] > 0 {
                byApp[window.names[a]] = window.byApp[a]
                byHour[window.names[a]] = Array(window.byHour[(a * 24)..<(a * 24 + 24)])
            }
            #expect(byApp == fresh.countsByApp)
            #expect(byHour == fresh.hourlyCounts)
            #expect(window.dayCount == fresh.dayCount)
            #expect(window.idsByName.map { window.names[$0] } == window.names.sorted())
        }
    }

    /// Facts that do not describe the history (another tau) are not read: the same window as
    /// without them.
    @Test func factsOfAnotherTauAreNotRead() throws {
        let (timeline, days) = try Self.wellbeing()
        let other = _DeviceTimeline(history: timeline.history, tauSeconds: 600)
        var plain = _ColdLaunchIndex(), mixed = _ColdLaunchIndex()
        for day in days {
            let context = Self.context(timeline, day: day, budget: 8)
            plain.update(context.history, tauSeconds: 3600)
            mixed.update(context.history, tauSeconds: 3600, facts: other.facts)
            #expect(plain.window(context).byHour == mixed.window(context).byHour)
            #expect(plain.window(context).names == mixed.window(context).names)
        }
    }

    @Test func aHistoryThatDoesNotExtendTheIndexedOneIsIndexedAfresh() throws {
        let (timeline, days) = try Self.wellbeing()
        let late = Self.context(timeline, day: days[days.count - 1], budget: 8)
        // One value reused on another history (Toy logs), then on an earlier day: as fresh values.
        var reused = HistogramPolicy()
        _ = try reused.plan(late)
        let toy = [Toy.launch("d1", "x", 0, 8), Toy.launch("d1", "y", 1, 9)]
        var fresh = HistogramPolicy()
        #expect(try reused.plan(Toy.context(toy, day: 2, budget: 2)).fetches == (try fresh.plan(Toy.context(toy, day: 2, budget: 2))).fetches)
        let early = Self.context(timeline, day: days[0], budget: 8)
        var freshEarly = HistogramPolicy()
        let a = try reused.plan(early), b = try freshEarly.plan(early)
        #expect(a.fetches == b.fetches)
        #expect(a.hourlyProbabilities == b.hourlyProbabilities)
        #expect(!a.fetches.isEmpty)
    }

    @Test func trackerEqualsTheScan() throws {
        let (timeline, _) = try Self.wellbeing()
        let scan = ColdLaunches.scan(timeline.events, tauSeconds: 3600)
        var tracker = ColdLaunches.Tracker()
        let previous = zip(timeline.appOfLaunch, timeline.events).map { tracker.record(app: $0, instant: $1.instant) }
        #expect(previous == scan.previousInstant)
        #expect(zip(timeline.events, previous).map { ColdLaunches.isCold(instant: $0.instant, previous: $1, tauSeconds: 3600) } == scan.cold)
        #expect(scan.cold.contains(false) && scan.cold.contains(true))
        // Equal instants do not warm each other; a negative id has no state.
        var equal = ColdLaunches.Tracker()
        #expect(equal.record(app: 2, instant: 100) == nil)
        #expect(equal.record(app: 2, instant: 100) == nil)
        #expect(equal.record(app: 2, instant: 200) == 100)
        #expect(equal.record(app: -1, instant: 300) == nil)
    }

    @Test func dayCellsAddExactlyWhatEachCellAdds() {
        var generator = SeededGenerator(seed: 7)
        var oneByOne = _ProbabilityCells(), byDay = _ProbabilityCells()
        for _ in 0..<5 {
            var day = _DayCells()
            for _ in 0..<300 {
                // Repeated scores, as a histogram's zero hours, and labels of both kinds.
                let p = [0, 0, 0, 1.0 / 28, 0.5, Double.random(in: 0...1, using: &generator)][Int.random(in: 0..<6, using: &generator)]
                let label = Double.random(in: 0...1, using: &generator) < 0.2
                oneByOne.append(probability: p, label: label)
                day.append(probability: p, label: label)
            }
            byDay.append(day)
        }
        // The same score counts (a day keeps one entry per run of equal cells, so compared ranked).
        #expect(_ScoreCount.ranked(byDay.counts) == _ScoreCount.ranked(oneByOne.counts))
        #expect(byDay.count == oneByOne.count && byDay.positives == oneByOne.positives)
        #expect(byDay.counts.count < oneByOne.counts.count)
        #expect(byDay.logLossSum.bitPattern == oneByOne.logLossSum.bitPattern)
        #expect(byDay.brierSum.bitPattern == oneByOne.brierSum.bitPattern)
        #expect(byDay.rocAuc == oneByOne.rocAuc)
    }

    @Test func oracleDaySharedAcrossBudgetsInAnyOrder() throws {
        let (timeline, days) = try Self.wellbeing()
        for day in days {
            let cold = timeline.coldLaunches(onDay: day).map { timeline.events[$0] }
            let groups = OraclePolicy.coverable(cold, dayStart: timeline.start(day).instant, dayEnd: timeline.start(day + 1).instant)
            var shared = _OracleDay(launchesByApp: groups, tauSeconds: 3600)
            for budget in [16, 4, 32, 8, 1] {
                let fresh = OracleCover.plan(launchesByApp: groups, budget: budget, tauSeconds: 3600)
                let plan = shared.plan(budget: budget)
                #expect(plan.fetches == fresh.fetches && plan.covered == fresh.covered)
                #expect(shared.covered(budget: budget) == fresh.covered)
                // The cover as a brute-force bound: no more launches than the day's coverable ones.
                #expect(fresh.covered <= groups.reduce(0) { $0 + $1.times.count })
            }
        }
    }

    /// The replay groups a day's coverable cold launches by app index as the policy groups them
    /// by name (apps in name order, times sorted), on every Wellbeing and simulated day.
    @Test func replaysOracleDayGroupsAsThePolicy() throws {
        let simulated = try HistoryReader.read(path: Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path)
        var timelines = [try Self.wellbeing().timeline]
        timelines += simulated.devices.prefix(3).map { _DeviceTimeline(history: $0, tauSeconds: 3600) }
        for timeline in timelines {
            let days = try #require(timeline.scoredDays(warmupDays: 7, minimumScoredDays: 7))
            let replay = _DeviceReplay(timeline: timeline, options: EvaluationOptions(), days: days)
            for day in days {
                let cold = timeline.coldLaunches(onDay: day).map { timeline.events[$0] }
                let groups = OraclePolicy.coverable(cold, dayStart: timeline.start(day).instant,
                                                    dayEnd: timeline.start(day + 1).instant)
                let replayed = replay._oracleDay(day).launchesByApp
                #expect(replayed.map(\.app) == groups.map(\.app))
                #expect(replayed.map(\.times) == groups.map(\.times))
            }
        }
    }

    /// `oracle` planning from the replay's cover (``PolicyContext/oracleCover``, its splits
    /// made by the replay's hits first) plans what it plans on its own, whole days and an
    /// online hour, on every Wellbeing day and budget.
    @Test func oraclePolicyWithTheReplaysCoverPlansAsOnItsOwn() throws {
        let (timeline, days) = try Self.wellbeing()
        let replay = _DeviceReplay(timeline: timeline, options: EvaluationOptions(), days: days)
        var own = OraclePolicy(device: timeline.history), shared = OraclePolicy(device: timeline.history)
        var covered = 0
        for day in days {
            var cover = replay._oracleDay(day)
            let budgets = [1, 4, 8, 16, 32]
            let hits = budgets.map { cover.covered(budget: $0) }
            for (budget, hit) in zip(budgets, hits) {
                var context = Self.context(timeline, day: day, budget: budget)
                let alone = try own.plan(context)
                context.oracleCover = cover
                let withCover = try shared.plan(context)
                #expect(withCover.fetches == alone.fetches)
                // The replay's hits are what the plan covers, within the budget.
                let plan = cover.plan(budget: budget)
                #expect(plan.covered == hit && plan.fetches == alone.fetches && alone.fetches.count <= budget)
                covered += hit
                // An online hour's slice (noon to 1 pm) of the same day plan.
                context.windowStart = context.dayStart + 12 * 3600
                context.windowEnd = context.windowStart + 3600
                context.remainingBudget = budget - alone.fetches.filter { $0.instant < context.windowStart }.count
                let hourWithCover = try shared.plan(context)
                context.oracleCover = nil
                #expect(hourWithCover.fetches == (try own.plan(context)).fetches)
            }
        }
        #expect(covered > 0)
    }
}

