import Testing
import LaunchHistory
import ReveilleCore
@testable import Evaluation

/// Each baseline follows its written rule.
@Suite struct BaselineRuleTests {
    @Test func intervalLargestRemainderSplit() {
        // C = 10: quotas 4, 2, 0, 0; remainders 0, 4, 8, 8 → the 2 left go to c and d.
        #expect(IntervalPolicy.split(budget: 8, coldLaunches: ["a": 5, "b": 3, "c": 1, "d": 1]) == ["a": 4, "b": 2, "c": 1, "d": 1])
        // C = 6, B = 3: remainders a 3, b 3, c 0 → the tie goes to b (more cold launches), not a (name).
        #expect(IntervalPolicy.split(budget: 3, coldLaunches: ["a": 1, "b": 3, "c": 2]) == ["b": 2, "c": 1])
        // Equal remainders and counts → app name.
        #expect(IntervalPolicy.split(budget: 1, coldLaunches: ["b": 2, "a": 2, "c": 1]) == ["a": 1])
        // Apps with no cold launch get nothing; no launches, no fetches.
        #expect(IntervalPolicy.split(budget: 4, coldLaunches: ["a": 0, "b": 2]) == ["b": 4])
        #expect(IntervalPolicy.split(budget: 4, coldLaunches: [:]).isEmpty)
    }

    @Test func intervalSpacesFetchesEvenly() throws {
        let history = [Toy.launch("d1", "x", 0, 8), Toy.launch("d1", "x", 1, 8), Toy.launch("d1", "y", 1, 12)]
        var policy = IntervalPolicy()
        // Budget 6 over x: 2, y: 1 → x 4 fetches every 6 h from 03:00, y 2 fetches at 06:00 and 18:00.
        let plan = try policy.plan(Toy.context(history, day: 2, budget: 6))
        let x = plan.fetches.filter { $0.app == "x" }.map(\.instant)
        let y = plan.fetches.filter { $0.app == "y" }.map(\.instant)
        #expect(x == [Toy.at(2, 3), Toy.at(2, 9), Toy.at(2, 15), Toy.at(2, 21)])
        #expect(y == [Toy.at(2, 6), Toy.at(2, 18)])
        #expect(plan.hourlyProbabilities == nil)
    }

    @Test func histogramTieBreaking() {
        var counts: [String: [Int]] = ["a": Array(repeating: 0, count: 24), "b": Array(repeating: 0, count: 24)]
        counts["a"]?[5] = 2
        counts["a"]?[7] = 2
        counts["b"]?[3] = 2
        counts["b"]?[1] = 3
        let chosen = HistogramPolicy.choose(budget: 3, counts: counts)
        #expect(chosen.map { "\($0.app)@\($0.hour)" } == ["b@1", "a@5", "a@7"])
        #expect(HistogramPolicy.choose(budget: 10, counts: counts).count == 4)   // zero counts never chosen
    }

    @Test func histogramFrequencyStaysAProbabilityWhenALocalHourRepeats() throws {
        // Regression (sim-618 of a 1,000-device simulation, exit 70): a flight one zone west puts
        // two cold launches of `m` 65 minutes apart in local hour 10 of day 0; day 1 divides by 1.
        let first = LaunchEvent(device: "d1", app: "m", instant: Toy.at(0, 8, 5), utcOffsetSeconds: 7200)
        let second = LaunchEvent(device: "d1", app: "m", instant: Toy.at(0, 9, 10), utcOffsetSeconds: 3600)
        var policy = HistogramPolicy()
        let plan = try policy.plan(Toy.context([first, second], day: 1, budget: 1))
        #expect(plan.hourlyProbabilities?["m"]?[10] == 1)
    }

    @Test func histogramFetchesAtHourStartsWithFrequencies() throws {
        // Day 30 looks at days 2 ... 29: the launches of days 0 and 1 are too old.
        var history = [Toy.launch("d1", "old", 0, 6), Toy.launch("d1", "old", 1, 6)]
        history += [Toy.launch("d1", "m", 10, 7, 15), Toy.launch("d1", "m", 11, 7, 40), Toy.launch("d1", "n", 12, 22)]
        history.append(Toy.launch("d1", "m", 11, 7, 50))  // warm: not counted
        history.sort { $0.instant < $1.instant }
        var policy = HistogramPolicy()
        let plan = try policy.plan(Toy.context(history, day: 30, budget: 2))
        #expect(plan.fetches == [Fetch(app: "m", instant: Toy.at(30, 7)), Fetch(app: "n", instant: Toy.at(30, 22))])
        let p = try #require(plan.hourlyProbabilities)
        #expect(p["m"]?[7] == 2.0 / 28)
        #expect(p["n"]?[22] == 1.0 / 28)
        #expect(p["old"] == nil)
        // Early days divide by the days since the first: day 12 sees days 0 ... 11.
        var early = HistogramPolicy()
        let earlyPlan = try early.plan(Toy.context(history, day: 12, budget: 1))
        #expect(earlyPlan.hourlyProbabilities?["old"]?[6] == 2.0 / 12)
        #expect(earlyPlan.fetches == [Fetch(app: "m", instant: Toy.at(12, 7))])
    }

    @Test func coldLaunchBoundary() {
        let launches = [Toy.launch("d1", "a", 0, 9), Toy.launch("d1", "a", 0, 9, 59), Toy.launch("d1", "a", 0, 10, 59),
                        Toy.launch("d1", "a", 0, 12), Toy.launch("d1", "b", 0, 12)]
        let scan = ColdLaunches.scan(launches, tauSeconds: 3600)
        // 09:59 warm; 10:59 exactly 60 min after 09:59 → cold; 12:00 cold; b cold.
        #expect(scan.cold == [true, false, true, true, true])
        #expect(scan.previousInstant == [nil, Toy.at(0, 9), Toy.at(0, 9, 59), Toy.at(0, 10, 59), nil])
    }
}
