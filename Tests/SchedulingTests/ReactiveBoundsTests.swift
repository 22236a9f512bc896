import Foundation
import LaunchHistory
import ReveilleCore
@testable import Scheduling
import Testing
import UsageModel

/// The trigger scorer's work and memory stay linear in the launches whatever the history or
/// model file holds: at most ``ReactiveStatistics/maximumCandidates`` candidate apps, at most
/// that many followers per launch, at most ``ReactiveStatistics/maximumTrainingRows`` training
/// rows; and a model file's counts cannot overflow its sums. (A 9,000-launch history of 3,000
/// apps took 399 s and 5.6 GB to train before: every app was a candidate after every launch.)
@Suite struct ReactiveBoundsTests {
    private static let zeroHours = Array(repeating: 0, count: 24)

    /// Statistics of `apps` apps with the given total cold launches each (all at 09:00).
    private static func statistics(coldLaunches: [Int]) -> ReactiveStatistics {
        let hourly = coldLaunches.map { count -> [Int] in
            var row = zeroHours
            row[9] = count
            return row
        }
        return ReactiveStatistics(apps: coldLaunches.indices.map { String(format: "app%03d", $0) }, days: 28,
                                  hourlyColdLaunches: hourly, launches: coldLaunches, transitions: [],
                                  coefficients: [], triggerScores: [], scoreDays: 0)
    }

    /// Of 150 apps with cold launches, the 100 with the most are the candidates; ties go to the
    /// earlier app. Below the cap every app with a cold launch is one (the shared sets' devices
    /// have at most 82 apps, so their results did not change).
    @Test func candidatesAreTheAppsWithTheMostColdLaunches() {
        // Apps 0, 3, 6, … (50 of them) have 2 cold launches, the other 100 have 1.
        let counts = (0..<150).map { $0 % 3 == 0 ? 2 : 1 }
        let scorer = _ReactiveScorer(Self.statistics(coldLaunches: counts), tauSeconds: 3600)
        let chosen = scorer.candidate.indices.filter { scorer.candidate[$0] }
        #expect(chosen.count == ReactiveStatistics.maximumCandidates)
        let twos = (0..<150).filter { $0 % 3 == 0 }
        let firstOnes = (0..<150).filter { $0 % 3 != 0 }.prefix(50)
        #expect(chosen == (twos + firstOnes).sorted())

        let few = _ReactiveScorer(Self.statistics(coldLaunches: [3, 0, 1, 0, 7]), tauSeconds: 3600)
        #expect(few.candidate == [true, false, true, false, true])
    }

    /// An app that is not a candidate still has its features, by the formula (the table holds
    /// the candidates' columns only).
    @Test func appsBeyondTheCapHaveTheFormulasTransitionFeature() {
        var statistics = Self.statistics(coldLaunches: (0..<120).map { $0 < 100 ? 5 : 1 })
        statistics.transitions = [.init(from: 0, to: 110, count: 3)]
        statistics.launches[0] = 7
        let scorer = _ReactiveScorer(statistics, tauSeconds: 3600)
        #expect(!scorer.candidate[110] && scorer.candidate[1])
        let recency = _ReactiveRecency(appCount: 120)
        let launch = scorer.launch(after: 0, instant: 1_700_000_000, localSeconds: 9 * 3600, recency: recency)
        var x = Array(repeating: 0.0, count: ReactiveStatistics.featureCount)
        scorer.features(b: 110, launch: launch, recency: recency, into: &x)
        // r_110 = 3 / Σ n = 3 / (7 + 99·5 + 20·1), v = (3 + 10 r) / (7 + 10).
        let r = 3.0 / Double(7 + 99 * 5 + 20)
        #expect(x[0] == log(min(1, max(1e-4, (3 + 10 * r) / (7 + 10)))))
        #expect(x[7] == log(r + 1e-4))
    }

    /// A hand-edited model file's counts near `Int.max` (which pass the per-field checks) once
    /// overflowed the scorer's integer sums: a trap in `reveille react`. Now summed as doubles.
    @Test func countsNearIntMaxDoNotOverflow() {
        var hourly = [Self.zeroHours, Self.zeroHours, Self.zeroHours]
        hourly[2][9] = Int.max
        hourly[1][9] = 1
        let statistics = ReactiveStatistics(
            apps: ["a", "b", "c"], days: 28, hourlyColdLaunches: hourly, launches: [Int.max, 1, 0],
            transitions: [.init(from: 0, to: 2, count: Int.max), .init(from: 1, to: 2, count: 1)],
            coefficients: Array(repeating: 0.1, count: ReactiveStatistics.featureCount), triggerScores: [0.9, 0.5],
            scoreDays: 1)
        #expect(throws: Never.self) { try statistics.validate() }
        var scheduler = ReactiveScheduler(statistics: statistics, budget: 8, tauSeconds: 3600, triggers: true)
        let start = 1_700_006_400.0
        _ = scheduler.beginDay(start: start, end: start + 86_400)
        let decisions = scheduler.observe(LaunchEvent(device: "d", app: "a", instant: start + 9 * 3600, utcOffsetSeconds: 0))
        #expect(decisions.allSatisfy { $0.probability.isFinite })
    }

    /// Duplicate or unsorted transition pairs are refused on load: the file format holds each
    /// `(from, to)` once, sorted (a duplicate could add two counts near `Int.max`).
    @Test(arguments: [[(0, 1, 1), (0, 1, 2)], [(1, 0, 1), (0, 1, 1)]])
    func duplicateOrUnsortedPairsAreRefused(_ pairs: [(Int, Int, Int)]) {
        var statistics = Self.statistics(coldLaunches: [1, 1])
        statistics.transitions = pairs.map { .init(from: $0.0, to: $0.1, count: $0.2) }
        #expect(throws: UsageModelError.self) { try statistics.validate() }
        statistics.transitions = [.init(from: 0, to: 1, count: 1), .init(from: 1, to: 0, count: 1)]
        #expect(throws: Never.self) { try statistics.validate() }
    }

    /// 151 distinct apps cold-launched within a minute after `x`: each launch keeps at most 100
    /// followers (x → 100 apps, not 150), and there are 100 candidates — learning stays linear.
    @Test func followersAndCandidatesAreCappedWhenLearning() throws {
        let day = 1_709_510_400.0  // 2024-03-04T00:00:00Z
        var launches = [LaunchEvent(device: "d", app: "x", instant: day + 10 * 3600, utcOffsetSeconds: 0)]
        for i in 0..<150 {
            launches.append(LaunchEvent(device: "d", app: String(format: "app%03d", i), instant: day + 10 * 3600 + 10 + Double(i),
                                        utcOffsetSeconds: 0))
        }
        let first = launches[0].localDay
        let statistics = try ReactiveStatistics.learn(history: launches[...], localDay: first + 1, dayStart: day + 86_400,
                                                      firstLocalDay: first, tauSeconds: 3600)
        let x = try #require(statistics.apps.firstIndex(of: "x"))
        let fromX = statistics.transitions.filter { $0.from == x }
        #expect(fromX.count == ReactiveStatistics.maximumCandidates)
        // The first 100 apps launched after x, in order of appearance.
        #expect(Set(fromX.map { statistics.apps[$0.to] }) == Set((0..<100).map { String(format: "app%03d", $0) }))
        let scorer = _ReactiveScorer(statistics, tauSeconds: 3600)
        #expect(scorer.candidate.filter { $0 }.count == ReactiveStatistics.maximumCandidates)
    }

    /// The training rows are the last launches' while they fit in the limit.
    @Test func trainingRowsAreTheLatestLaunchesThatFit() {
        #expect(_Rows.trained(rows: [5, 0, 5, 5, 0], limit: 10) == (first: 1, rows: 10))
        #expect(_Rows.trained(rows: [5, 0, 5, 5, 0], limit: 9) == (first: 3, rows: 5))
        #expect(_Rows.trained(rows: [5, 0, 5, 5, 0], limit: 100) == (first: 0, rows: 15))
        #expect(_Rows.trained(rows: [7], limit: 6) == (first: 1, rows: 0))
        #expect(_Rows.trained(rows: [], limit: 6) == (first: 0, rows: 0))
    }
}
