import LaunchHistory
import ReveilleCore
import Testing
@testable import Evaluation

/// `android-prefetch` on a toy history whose answer is worked out by hand (UTC, toy day 0 =
/// 2024-01-01). Planning toy day 7:
/// - mail, opened day 0 08:00, day 0 20:30, day 1 09:00: estimates 08:00 (from day 0 08:00, more
///   than a day old → +7 d), then 20:30, then day 8 09:00; ready 7 h before: 01:00, 13:30, and
///   day 8 02:00 (not today).
/// - news, opened day 0 12:00: estimate 12:00, ready 05:00 (a launch on day 3 would be
///   estimated for day 10, one week on).
/// - fresh, opened only day 6 22:00 (less than a day of history → +1 d): estimate 22:00, ready
///   15:00; after 22:00 it is more than a day old and the estimate jumps to day 13.
@Suite struct AndroidPrefetchPolicyTests {
    static let history = [
        Toy.launch("d1", "mail", 0, 8), Toy.launch("d1", "mail", 0, 20, 30), Toy.launch("d1", "mail", 1, 9),
        Toy.launch("d1", "news", 0, 12), Toy.launch("d1", "fresh", 6, 22),
    ]

    @Test func estimateFollowsUsageStatsServiceRule() {
        let mail = [Toy.at(0, 8), Toy.at(0, 20, 30), Toy.at(1, 9)]
        #expect(AndroidPrefetchPolicy.estimate(at: Toy.at(7, 0), launches: mail) == Toy.at(7, 8))
        #expect(AndroidPrefetchPolicy.estimate(at: Toy.at(7, 9), launches: mail) == Toy.at(7, 20, 30))
        #expect(AndroidPrefetchPolicy.estimate(at: Toy.at(9, 0), launches: mail) == nil)
        let fresh = [Toy.at(6, 22)]
        #expect(AndroidPrefetchPolicy.estimate(at: Toy.at(7, 0), launches: fresh) == Toy.at(7, 22))
        #expect(AndroidPrefetchPolicy.estimate(at: Toy.at(7, 23), launches: fresh) == Toy.at(13, 22))
    }

    @Test func whenReadyRunsAtTheWindowOpeningEarliestFirst() throws {
        var policy = AndroidPrefetchPolicy(timing: .whenReady)
        let plan = try policy.plan(Toy.context(Self.history, day: 7, budget: 3))
        #expect(policy.name == "android-prefetch")
        #expect(plan.fetches == [Fetch(app: "mail", instant: Toy.at(7, 1)), Fetch(app: "news", instant: Toy.at(7, 5)),
                                 Fetch(app: "mail", instant: Toy.at(7, 13, 30))])
        #expect(plan.hourlyProbabilities == nil)
        var roomy = AndroidPrefetchPolicy()
        #expect(try roomy.plan(Toy.context(Self.history, day: 7, budget: 8)).fetches.last == Fetch(app: "fresh", instant: Toy.at(7, 15)))
    }

    @Test func beforeLaunchRunsOneSecondBeforeEachEstimate() throws {
        var policy = AndroidPrefetchPolicy(timing: .beforeLaunch)
        let plan = try policy.plan(Toy.context(Self.history, day: 7, budget: 8))
        #expect(policy.name == "android-prefetch-late")
        #expect(plan.fetches == [Fetch(app: "mail", instant: Toy.at(7, 8) - 1), Fetch(app: "news", instant: Toy.at(7, 12) - 1),
                                 Fetch(app: "mail", instant: Toy.at(7, 20, 30) - 1), Fetch(app: "fresh", instant: Toy.at(7, 22) - 1)])
    }

    @Test func anAppUnusedForAWeekIsNeverPrefetched() throws {
        var policy = AndroidPrefetchPolicy()
        let plan = try policy.plan(Toy.context([Toy.launch("d1", "old", 0, 8)], day: 8, budget: 8))
        #expect(plan.fetches.isEmpty)
    }
}
