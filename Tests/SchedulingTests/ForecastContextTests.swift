import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
@testable import Scheduling

/// A context's launches before its day and of its day so far split its time-ordered history at
/// the first launch at or after `dayStart` — found from the end (the day holds few launches), the
/// same slices as reading the history from its start.
@Suite struct ForecastContextTests {
    static func context(_ history: ArraySlice<LaunchEvent>, dayStart: Double) -> ForecastContext {
        ForecastContext(device: "d", history: history, dayStart: dayStart, localDay: 0, firstLocalDay: 0,
                        utcOffsetSeconds: 0, tauSeconds: 3600)
    }

    /// Every Wellbeing cut-off, at, between and beside its launches (a launch exactly at `dayStart`
    /// is today's), on whole histories and on slices that do not start at index 0.
    @Test func todayAndBeforeSplitWhereTheScanFromTheStartSplits() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let launches = Array(try #require(history.devices.first).launches)
        let instants = launches.map(\.instant)
        let cuts = [-Double.infinity, .infinity] + instants.prefix(300).flatMap { [$0, $0 + 0.5, $0 - 0.5] }
        for (lower, upper) in [(0, launches.count), (17, 400), (100, 100)] {
            let slice = launches[lower..<upper]
            for cut in cuts {
                let context = Self.context(slice, dayStart: cut)
                #expect(context.historyBeforeDay == slice.prefix { $0.instant < cut }, "cut \(cut)")
                #expect(context.launchesToday == slice.drop { $0.instant < cut }, "cut \(cut)")
                #expect(context.historyBeforeDay.endIndex == context.launchesToday.startIndex)
            }
        }
    }
}
