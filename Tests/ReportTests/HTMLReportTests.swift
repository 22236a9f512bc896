import Foundation
import LaunchHistory
import ReveilleCore
import Report
import Testing

@Suite struct HTMLReportTests {
    static func fullInput() throws -> ReportInput {
        let history = try ReportFixtures.history()
        return ReportInput(history: history, profiles: ReportFixtures.empiricalProfiles(history),
                           schedules: try ReportFixtures.schedules(), evaluation: try ReportFixtures.evaluation())
    }

    /// Regression: every schedule of a device was drawn, so 5,000 copies of one schedule (a
    /// 0.9 MB file) made a 552 MB page; at most `maxSchedulesPerDevice` are drawn, with a note.
    @Test func schedulesPerDeviceAreCappedWithANote() throws {
        let history = try ReportFixtures.history()
        let one = try ReportFixtures.schedules()
        let many = Array(repeating: one, count: 12).flatMap { $0 }
        let drawn = HTMLReport.render(ReportInput(history: history, schedules: many))
        let device = try #require(one.first?.device)
        #expect(drawn.contains("2 more schedules of this device are not drawn (the first 10 are)"), "\(device)")
        var options = ReportOptions()
        options.maxSchedulesPerDevice = 12
        let all = HTMLReport.render(ReportInput(history: history, schedules: many), options: options)
        #expect(!all.contains("more schedules of this device") && all.count > drawn.count)
    }

    @Test func sameInputsGiveIdenticalBytes() throws {
        let input = try Self.fullInput()
        #expect(HTMLReport.render(input) == HTMLReport.render(input))
    }

    @Test func reportIsSelfContained() throws {
        let html = HTMLReport.render(try Self.fullInput())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link") && !html.contains("<img"))
        #expect(html.contains("<meta name=\"viewport\""))
    }

    @Test func everyFigureIsPresent() throws {
        let html = HTMLReport.render(try Self.fullInput())
        // 3 devices × (all apps + 6 top apps) launch heatmaps + 3 × 3 probability and 3 × 3 weekday-effect heatmaps.
        #expect(html.components(separatedBy: "<svg class=\"heatmap\"").count - 1 == 3 * 7 + 3 * 3 * 2)
        #expect(html.components(separatedBy: "<svg class=\"timeline\"").count - 1 == 1)
        #expect(html.contains("<svg class=\"curve\""))
        #expect(html.contains("<svg class=\"calibration\""))
        #expect(html.contains("8 of 34 cold launches hit (23.5%)"))
        #expect(html.contains("from the evaluation (held-out days)"))
    }

    @Test func userTextIsEscaped() throws {
        let history = LaunchHistory(events: [
            LaunchEvent(device: "<dev>", app: "<script>alert(1)</script>", instant: 1_000_000, utcOffsetSeconds: 0),
        ])
        let html = HTMLReport.render(ReportInput(history: history, schedules: try ReportFixtures.schedules()),
                                     options: ReportOptions(title: "A & B"))
        #expect(!html.contains("<script>") && !html.contains("<dev>") && !html.contains("<b>evil"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<title>A &amp; B</title>"))
        #expect(html.contains("&lt;b&gt;evil&lt;/b&gt; &amp; &quot;app&quot;"))
    }

    @Test func calibrationFallsBackToProfilesWithoutEvaluationBins() throws {
        let history = try ReportFixtures.history()
        let html = HTMLReport.render(ReportInput(history: history, profiles: ReportFixtures.empiricalProfiles(history)))
        #expect(html.contains("<svg class=\"calibration\""))
        #expect(html.contains("in-sample"))
        #expect(!html.contains("<svg class=\"curve\""))
    }

    @Test func deviceLimitKeepsTheBusiestInNameOrder() throws {
        let input = ReportInput(history: try ReportFixtures.history())
        // studentlife-u00: 1371 launches, u01: 285, u02: the rest (1566).
        #expect(HTMLReport.shownDevices(input, options: ReportOptions(maxDevices: 2)) == ["studentlife-u00", "studentlife-u02"])
        let html = HTMLReport.render(input, options: ReportOptions(maxDevices: 2))
        #expect(html.contains("1 more devices with fewer launches are not shown (limit 2)."))
        #expect(!html.contains("Device studentlife-u01"))
    }

    @Test func historyOnlyReportHasHeatmapsAndNoOtherFigures() throws {
        let html = HTMLReport.render(ReportInput(history: try ReportFixtures.history()), options: ReportOptions(topApps: 2))
        #expect(html.components(separatedBy: "<svg class=\"heatmap\"").count - 1 == 3 * 3)
        #expect(!html.contains("<svg class=\"timeline\"") && !html.contains("id=\"evaluation\""))
    }
}
