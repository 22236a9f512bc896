import LaunchHistory
import ReveilleCore
@testable import Report
import Testing

@Suite struct StatisticsTests {
    static func launch(_ app: String, _ instant: Double, offset: Int = 0) -> LaunchEvent {
        LaunchEvent(device: "d", app: app, instant: instant, utcOffsetSeconds: offset)
    }

    @Test func coldLaunchesFollowTheProtocolWindow() {
        // a at 0 (cold), a at 3599 (warm: 0 in (−1, 3599)), a at 7199 (cold: 3599 is not > 7199 − 3600 = 3599),
        // a twice at 11000 (both cold: 7199 ≤ 7400, and an equal instant is not in the open window), b at 100 (cold).
        let launches = [Self.launch("a", 0), Self.launch("b", 100), Self.launch("a", 3599), Self.launch("a", 7199),
                        Self.launch("a", 11_000), Self.launch("a", 11_000)]
        #expect(_LaunchStatistics.coldFlags(launches, tauSeconds: 3600) == [true, true, false, true, true, true])
    }

    @Test func hitNeedsAFetchOfTheSameAppInTheHalfOpenWindowBefore() {
        let fetches = ["a": [1000.0, 5000.0]]
        #expect(_LaunchStatistics.isHit(app: "a", at: 4600, fetches: fetches, tauSeconds: 3600))   // f = t − tau
        #expect(!_LaunchStatistics.isHit(app: "a", at: 4601, fetches: fetches, tauSeconds: 3600))  // too late for 1000
        #expect(!_LaunchStatistics.isHit(app: "a", at: 5000, fetches: fetches, tauSeconds: 3600))  // f = t is not before t
        #expect(_LaunchStatistics.isHit(app: "a", at: 5001, fetches: fetches, tauSeconds: 3600))
        #expect(!_LaunchStatistics.isHit(app: "b", at: 5001, fetches: fetches, tauSeconds: 3600))
    }

    @Test func weekdayHourGridCountsInLocalTime() {
        // 1970-01-05 was a Monday; 23:30 UTC at +02:00 is Tuesday 01:30 local.
        let monday = 4.0 * 86_400
        let launches = [Self.launch("a", monday + 23.5 * 3600, offset: 7200), Self.launch("b", monday + 8 * 3600)]
        let all = _LaunchStatistics.weekdayHourGrid(launches, app: nil)
        #expect(all[1][1] == 1 && all[0][8] == 1)
        #expect(all.flatMap { $0 }.reduce(0, +) == 2)
        #expect(_LaunchStatistics.weekdayHourGrid(launches, app: "b")[0][8] == 1)
    }

    @Test func appsRankByLaunchesThenName() {
        let ranked = _LaunchStatistics.appsByLaunches([Self.launch("z", 0), Self.launch("b", 1), Self.launch("a", 2), Self.launch("z", 3)])
        #expect(ranked.map(\.app) == ["z", "a", "b"])
    }

    @Test func calibrationBinsMatchAHandCount() {
        // Device seen on days 4 (Mon) … 5 (Tue): 48 cells for one profile. p = 0.5 on Monday 08:00 and
        // Tuesday 08:00, 0 elsewhere. Launch on Monday 08:10 only → bin [0.5, 0.6): 2 cells, 1 positive;
        // bin [0, 0.1): 46 cells, 0 positives.
        let history = LaunchHistory(events: [Self.launch("a", 4 * 86_400 + 8 * 3600 + 600), Self.launch("b", 5 * 86_400 + 3600)])
        var table = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
        table[0][8] = 0.5
        table[1][8] = 0.5
        let profile = ProbabilityProfile(device: "d", app: "a", byWeekdayHour: table)
        let bins = CalibrationEstimate.bins(profiles: [profile], history: history)
        #expect(bins == [CalibrationBin(predicted: 0, observed: 0, count: 46), CalibrationBin(predicted: 0.5, observed: 0.5, count: 2)])
    }

    @Test func profileLookupClampsAndToleratesShortTables() {
        let p = ProbabilityProfile(device: "d", app: "a", byWeekdayHour: [[1.5, -1, .nan]])
        #expect(p.probability(weekday: 0, hour: 0) == 1)
        #expect(p.probability(weekday: 0, hour: 1) == 0)
        #expect(p.probability(weekday: 0, hour: 2) == 0)
        #expect(p.probability(weekday: 3, hour: 5) == 0)
    }

    @Test func escapingCoversMarkupAndQuotes() {
        #expect(htmlEscaped(#"<b>"x" & 'y'</b>"#) == "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;")
        #expect(htmlEscaped("com.example.ünïcode") == "com.example.ünïcode")
    }

    @Test func numberFormattingIsCompact() {
        #expect(_rate(0.1677) == ".168")
        #expect(_rate(1) == "1.000")
        #expect(_percent(0.1677) == "16.8%")
        #expect(_n(12.0) == "12")
        #expect(_n(12.25) == "12.3")
        #expect(_truncatedHead("com.google.android.calendar", 10) == "….calendar")
    }
}
