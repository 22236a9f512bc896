import Foundation
import LaunchHistory
import ReveilleCore
import Report
import Testing

/// Renders the full report in headless Chromium at phone and desktop widths. Skipped when Chromium
/// is not installed, unless `CI=true` (then a missing browser fails the run).
@Suite(.serialized, .enabled(if: HeadlessChromium.executable != nil || HeadlessChromium.requiredByCI,
                             "chromium is not installed (apt-get install chromium); set CI=true to make this a failure"))
struct BrowserRenderingTests {
    /// Where the page and screenshots go (kept for a human to look at).
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-report-browser")
    static let height = 2400

    /// Writes the report (and a blank page to compare with) under names unique to `tag`.
    static func writePage(_ tag: String) throws -> (page: URL, blank: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let history = try ReportFixtures.history()
        let input = ReportInput(history: history, profiles: ReportFixtures.empiricalProfiles(history),
                                schedules: try ReportFixtures.schedules(), evaluation: try ReportFixtures.evaluation())
        let page = folder.appendingPathComponent("report-\(tag).html")
        try Data(HTMLReport.render(input, options: ReportOptions(subtitle: "StudentLife sample")).utf8).write(to: page)
        let blank = folder.appendingPathComponent("blank-\(tag).html")
        try Data("<!DOCTYPE html><html><body></body></html>\n".utf8).write(to: blank)
        return (page, blank)
    }

    @Test(arguments: [390, 1280])
    func screenshotHasTheWindowSizeAndIsNotBlank(width: Int) throws {
        try #require(HeadlessChromium.executable != nil, "chromium is required when CI=true")
        let (page, blankPage) = try Self.writePage("\(width)")
        let profile = Self.folder.appendingPathComponent("profile-\(width)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let shot = Self.folder.appendingPathComponent("report-\(width).png")
        let blankShot = Self.folder.appendingPathComponent("blank-\(width).png")
        try? FileManager.default.removeItem(at: shot)
        try HeadlessChromium.screenshot(page, to: shot, width: width, height: Self.height, profile: profile)
        try HeadlessChromium.screenshot(blankPage, to: blankShot,
                                        width: width, height: Self.height, profile: profile)
        let png = try Data(contentsOf: shot), blank = try Data(contentsOf: blankShot)
        let header = try #require(PNGHeader(png))
        #expect(header == PNGHeader(width: width, height: Self.height))
        // A blank page compresses to a few kB; the report's text, heatmaps and charts take far more.
        #expect(png.count > 10 * blank.count, "report \(png.count) B vs blank \(blank.count) B")
    }

    @Test func domDumpHasHeatmapsTimelineCurveAndCalibration() throws {
        try #require(HeadlessChromium.executable != nil, "chromium is required when CI=true")
        let page = try Self.writePage("dom").page
        let profile = Self.folder.appendingPathComponent("profile-dom")
        defer { try? FileManager.default.removeItem(at: profile) }
        let dom = try HeadlessChromium.dumpDOM(page, profile: profile)
        func count(_ needle: String) -> Int { dom.components(separatedBy: needle).count - 1 }
        #expect(count("<svg class=\"heatmap\"") == 3 * 7 + 3 * 3 * 2)
        #expect(count("<svg class=\"timeline\"") == 1)
        #expect(count("<svg class=\"curve\"") == 1)
        #expect(count("<svg class=\"calibration\"") == 1)
        #expect(count("<section class=\"device\"") == 3)
        #expect(count("class=\"launch hit\"") == 8)
        #expect(dom.contains("Device studentlife-u00") && dom.contains("Hit rate versus budget"))
        #expect(!dom.contains("<b>evil</b>"))
    }
}

extension PNGHeader {
    init(width: Int, height: Int) {
        var bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for v in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        self.init(Data(bytes))!
    }
}
