import Foundation
import LaunchHistory
import ReveilleCore
import Report
import Testing

/// The report's labels and scales as a reader needs them (issue 20): one colour scale per section
/// with its unit, the timeline's zone, cover spans and probability band, the per-day budget, no
/// empty outcome card for a future day, the in-sample warning, and a contents list.
@Suite struct ReportReadabilityTests {
    static func count(_ html: String, _ needle: String) -> Int { html.components(separatedBy: needle).count - 1 }

    /// A schedule for studentlife-u00 over `days` local days from `start` (ISO date), one fetch a day.
    static func schedule(start: String, days: Int, limit: Double) throws -> [PlannedSchedule] {
        let end = try #require(Calendar(identifier: .gregorian).date(byAdding: .day, value: days, to: ISO8601DateFormatter().date(from: "\(start)T04:00:00Z")!))
        let endText = ISO8601DateFormatter().string(from: end).replacingOccurrences(of: "T04:00:00Z", with: "")
        let json = """
            {"device": "studentlife-u00", "horizon": {"start": "\(start)T00:00:00-04:00", "end": "\(endText)T00:00:00-04:00"},
             "budget": {"limit": \(limit), "planned": 1},
             "windows": [{"app": "com.google.android.gm", "at": "\(start)T09:00:00-04:00"}]}
            """
        return try PlannedSchedule.decode(Data(json.utf8), file: "s.json")
    }

    @Test func eachHeatmapSectionHasOneScaleWithItsUnit() throws {
        let html = HTMLReport.render(try HTMLReportTests.fullInput())
        // 3 devices × (launch counts, model probabilities, weekday effect): one legend each, none per panel.
        #expect(Self.count(html, "<p class=\"scale\">") == 9)
        #expect(Self.count(html, "<svg class=\"ramp\"") == 9)
        #expect(Self.count(html, "launches in a weekday-hour (summed over the history)") == 3)
        #expect(Self.count(html, "(probability of a launch in the hour)") == 3)
    }

    @Test func weekdayEffectShowsWhatTheSharedScaleFlattens() throws {
        // 0.2 at 09:00 on weekdays, 0.1 at the weekend: the hour's weekly mean is 1.2 / 7.
        var table = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
        for w in 0..<7 { table[w][9] = w < 5 ? 0.2 : 0.1 }
        let history = LaunchHistory(events: [LaunchEvent(device: "d", app: "a", instant: 1_700_000_000, utcOffsetSeconds: 0)])
        let html = HTMLReport.render(ReportInput(history: history, profiles: [ProbabilityProfile(device: "d", app: "a", byWeekdayHour: table)]))
        #expect(html.contains("<h3>Model: weekday effect</h3>"))
        #expect(html.contains("−42% <svg") && html.contains("+42% relative to the mean of the hour over the week"))
        #expect(html.contains("<title>Mon 09:00 · +17% vs the weekly mean of the hour</title>"))
        #expect(html.contains("<title>Sun 09:00 · −42% vs the weekly mean of the hour</title>"))
        let flat = Array(repeating: (0..<24).map { Double($0) / 100 }, count: 7)
        let same = HTMLReport.render(ReportInput(history: history, profiles: [ProbabilityProfile(device: "d", app: "a", byWeekdayHour: flat)]))
        #expect(same.contains("The model gives every weekday the same hourly probabilities."))
    }

    @Test func timelineNamesItsZoneAndDrawsCoverSpansAndTheBand() throws {
        let html = HTMLReport.render(try HTMLReportTests.fullInput())
        #expect(html.contains(">local time, UTC-04:00</text>"))
        #expect(Self.count(html, "<rect class=\"cover\"") == 8)
        #expect(html.contains("covers launches from 07:05 to 08:05"))
        #expect(Self.count(html, "<rect class=\"band\"") > 0)
        #expect(html.contains("<p class=\"scroll-cue\""))
        #expect(html.contains("cover window (fetch → fetch + 60 min)"))
    }

    @Test func budgetIsLabelledPerDay() throws {
        let history = try ReportFixtures.history()
        let two = HTMLReport.render(ReportInput(history: history, schedules: try Self.schedule(start: "2013-07-10", days: 2, limit: 24)))
        #expect(two.contains("budget 12/day (24 over 2 days)"))
        #expect(!two.contains("24/day"))
        let one = HTMLReport.render(ReportInput(history: history, schedules: try ReportFixtures.schedules()))
        #expect(one.contains("budget 8/day"))
    }

    @Test func futureDayHasNoEmptyOutcomeCardAndNoInSampleWarning() throws {
        let history = try ReportFixtures.history()
        let html = HTMLReport.render(ReportInput(history: history, schedules: try Self.schedule(start: "2013-07-10", days: 1, limit: 8)))
        #expect(!html.contains("(0/0)"))
        #expect(!html.contains("class=\"warning\""))
        #expect(html.contains("no launches in the history on this day"))
    }

    @Test func dayInsideTheHistoryIsWarnedAbout() throws {
        let html = HTMLReport.render(try HTMLReportTests.fullInput())
        #expect(Self.count(html, "<p class=\"warning\"") == 1)
        #expect(html.contains("2013-04-26 (Fri) lies inside the history"))
    }

    @Test func contentsListLinksEveryDeviceAndDeviceOptionFilters() throws {
        let input = try HTMLReportTests.fullInput()
        let html = HTMLReport.render(input)
        #expect(html.contains("<nav class=\"contents\""))
        for i in 1...3 { #expect(html.contains("<a href=\"#device-\(i)\">") && html.contains("id=\"device-\(i)\"")) }
        let one = HTMLReport.render(input, options: ReportOptions(devices: ["studentlife-u01"]))
        #expect(Self.count(one, "<section class=\"device\"") == 1)
        #expect(one.contains("Device studentlife-u01") && !one.contains("<nav class=\"contents\""))
        #expect(!one.contains("more devices with fewer launches"))
    }
}
