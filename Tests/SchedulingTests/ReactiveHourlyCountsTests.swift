import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport
import UsageModel

/// The reactive statistics count the window's cold launches from the learner's own scan of its
/// tail: the same counts `RecentColdLaunchWindow` (what `histogram` reads) gives, on every day of
/// Wellbeing and at a tau of an hour, a day, and (a library caller's) five days.
@Suite struct ReactiveHourlyCountsTests {
    @Test(arguments: [3_600.0, 86_400, 432_000])
    func hourlyCountsAreTheHistogramWindows(_ tau: Double) throws {
        let device = try #require(try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv")).devices.first)
        let launches = Array(device.launches)[...]
        let first = try #require(launches.first).localDay, last = try #require(launches.last).localDay
        var counted = 0
        for day in (first + 1)...last {
            let start = LocalClock.startOfDay(day, utcOffsetSeconds: 0)
            let before = launches.prefix { $0.instant < start }
            let statistics = try ReactiveStatistics.learn(history: before, localDay: day, dayStart: start,
                                                          firstLocalDay: first, tauSeconds: tau)
            let window = RecentColdLaunchWindow(history: before, localDay: day, dayStart: start,
                                                firstLocalDay: first, tauSeconds: tau)
            let expected = window.hourlyCounts
            #expect(statistics.days == window.dayCount, "day \(day)")
            for (a, app) in statistics.apps.enumerated() {
                #expect(statistics.hourlyColdLaunches[a] == expected[app] ?? Array(repeating: 0, count: 24), "day \(day), \(app)")
            }
            #expect(Set(expected.keys).isSubset(of: statistics.apps))
            counted += expected.values.reduce(0) { $0 + $1.reduce(0, +) }
        }
        #expect(counted > 100)
    }

    /// A tau longer than a day: a launch on the window's first day is warm when its app was
    /// launched within tau before, even more than a day before the window.
    @Test func aTauLongerThanADayReachesBeforeTheWindow() throws {
        let d0 = 19_700, day = 3_600.0 * 24
        func launch(_ app: String, _ at: Double) -> LaunchEvent {
            LaunchEvent(device: "d", app: app, instant: Double(d0) * day + at, utcOffsetSeconds: 0)
        }
        // x at d0 02:00 (before a tail of one day before the window, which starts 18 h before its local
        // midnight) and again at d0 + 2, 12:00 (the first day of day d0 + 30's window).
        let history = [launch("x", 2 * 3_600), launch("y", 2 * day + 9 * 3_600), launch("x", 2 * day + 12 * 3_600),
                       launch("y", 20 * day)][...]
        let localDay = d0 + 30, start = Double(localDay) * day
        let statistics = try ReactiveStatistics.learn(history: history, localDay: localDay, dayStart: start,
                                                      firstLocalDay: d0, tauSeconds: 5 * day)
        let x = try #require(statistics.apps.firstIndex(of: "x"))
        let window = RecentColdLaunchWindow(history: history, localDay: localDay, dayStart: start, firstLocalDay: d0,
                                            tauSeconds: 5 * day)
        #expect(window.hourlyCounts["x"] == nil)
        #expect(statistics.hourlyColdLaunches[x].reduce(0, +) == 0)
    }
}
