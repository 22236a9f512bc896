import Foundation
import LaunchHistory
import Report
import Testing

/// A schedule across a DST change (America/New_York springs forward on 2024-03-10 at 02:00):
/// `plan --hours 72` from 2024-03-09T00:00-05:00 ends at 2024-03-12T01:00-04:00 and writes each
/// window with the offset in effect at it. The report draws every day with windows, each
/// captioned with its own offset.
@Suite struct TimelineOffsetTests {
    static let json = """
        {"device": "d", "horizon": {"start": "2024-03-09T00:00:00-05:00", "end": "2024-03-12T01:00:00-04:00"},
         "budget": {"limit": 48, "planned": 4},
         "windows": [{"app": "mail", "at": "2024-03-09T09:00:00-05:00"}, {"app": "mail", "at": "2024-03-10T09:00:00-04:00"},
                     {"app": "mail", "at": "2024-03-11T09:00:00-04:00"}, {"app": "mail", "at": "2024-03-12T00:30:00-04:00"}]}
        """

    /// The caption of the timeline of `date` (`2024-03-11 (Mon)`), up to the end of its figcaption.
    static func caption(_ html: String, _ date: String) throws -> String {
        let start = try #require(html.range(of: "<figcaption><b>\(date)</b>"))
        let end = try #require(html.range(of: "</figcaption>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func render() throws -> String {
        let history = LaunchHistory(events: [LaunchEvent(device: "d", app: "mail", instant: 1_709_200_000, utcOffsetSeconds: -18_000)])
        return HTMLReport.render(ReportInput(history: history, schedules: try PlannedSchedule.decode(Data(json.utf8), file: "s.json")))
    }

    @Test func drawsEveryDayWithWindowsPastTheChange() throws {
        let html = try Self.render()
        #expect(html.components(separatedBy: "<figure class=\"timeline-day\">").count - 1 == 4)
        let last = try Self.caption(html, "2024-03-12 (Tue)")
        #expect(last.contains("1 fetches") && last.contains("local time, UTC-04:00"))
        #expect(html.contains("mail · fetch at 00:30"))
    }

    @Test func captionsEachDayWithItsOwnOffset() throws {
        let html = try Self.render()
        #expect(try Self.caption(html, "2024-03-09 (Sat)").contains("local time, UTC-05:00<"))
        for date in ["2024-03-10 (Sun)", "2024-03-11 (Mon)", "2024-03-12 (Tue)"] {
            let caption = try Self.caption(html, date)
            #expect(caption.contains("local time, UTC-04:00<") && !caption.contains("UTC-05:00"), "\(date)")
        }
        #expect(html.contains(">local time, UTC-05:00</text>") && html.contains(">local time, UTC-04:00</text>"))
        // Each window sits at its own wall-clock time: 09:00 on every day.
        #expect(html.components(separatedBy: "mail · fetch at 09:00").count - 1 == 3)
    }

    @Test func aDayWhoseWindowsStraddleTheChangeNamesBothOffsets() throws {
        let json = """
            {"device": "d", "windows": [{"app": "mail", "at": "2024-03-10T01:30:00-05:00"}, {"app": "mail", "at": "2024-03-10T09:00:00-04:00"}]}
            """
        let history = LaunchHistory(events: [LaunchEvent(device: "d", app: "mail", instant: 1_709_200_000, utcOffsetSeconds: -18_000)])
        let html = HTMLReport.render(ReportInput(history: history, schedules: try PlannedSchedule.decode(Data(json.utf8), file: "s.json")))
        #expect(try Self.caption(html, "2024-03-10 (Sun)").contains("local time, UTC-05:00, then UTC-04:00<"))
    }
}
