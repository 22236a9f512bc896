import LaunchHistory
import Scheduling
import Testing
import TestSupport
import UsageModel

/// The evaluator's budgets of one day share the scorer's best candidate after each launch
/// (`ReactiveScheduler.observe(_:sharing:)`): a scheduler that reads the score another budget
/// left decides exactly what one that scores the launch itself decides.
@Suite struct ReactiveSharedScoresTests {
    @Test func sharedBestCandidatesGiveTheSameDecisions() throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let start = 1_687_305_600.0, end = start + 86_400   // 2023-06-21 UTC (offset 0)
        let first = try #require(launches.first).localDay
        let day = try #require(launches.first { $0.instant >= start }).localDay
        let before = launches.prefix { $0.instant < start }
        let statistics = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                      firstLocalDay: first, tauSeconds: 3600)
        let today = launches.filter { $0.instant >= start && $0.instant < end }
        #expect(today.count > 10)
        var shared: [Int: (app: Int, score: Double)?] = [:]
        var triggered = 0
        for budget in [4, 8, 16, 32] {
            var alone = ReactiveScheduler(statistics: statistics, budget: budget, triggers: true)
            var sharing = ReactiveScheduler(statistics: statistics, budget: budget, triggers: true)
            for launch in before.suffix(50) {
                alone.remember(launch)
                sharing.remember(launch)
            }
            #expect(alone.beginDay(start: start, end: end) == sharing.beginDay(start: start, end: end))
            for (i, launch) in today.enumerated() {
                var best = shared[i]
                let read = best != nil
                let decisions = sharing.observe(launch, sharing: &best)
                #expect(decisions == alone.observe(launch), "B = \(budget), launch \(i)")
                // The first budget scores every launch and leaves its best; the others read it.
                #expect(budget == 4 ? !read && best != nil : read)
                if let known = best { shared[i] = known }
                triggered += decisions.filter { $0.reason == .trigger && $0.action == .fetch }.count
            }
            #expect(alone.pending == sharing.pending && alone.executed == sharing.executed)
        }
        #expect(triggered > 0)
    }
}
