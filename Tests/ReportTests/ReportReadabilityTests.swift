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
        // 3 devices × (launch counts + model probabilities): one legend each, none per panel.
        #expect(Self.count(html, "<p class=\"scale\">") == 6)
        #expect(Self.count(html, "<svg class=\"ramp\"") == 6)
        #expect(Self.count(html, "launches in a weekday-hour (summed over the history)") == 3)
        #expect(Self.count(html, "(probability of a launch in the hour)") == 3)
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
