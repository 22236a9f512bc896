import LaunchHistory
import ReveilleCore

/// The reliability diagram: observed frequency against mean predicted probability per bin, with the
/// diagonal of perfect calibration; point area grows with the bin's cell count.
enum _CalibrationSVG {
    static let size = 260.0, left = 34.0, top = 10.0, bottom = 34.0, right = 14.0
    static let tickLabels = ["0", ".25", ".5", ".75", "1"]

    /// `series` are (name, colour, bins); an empty list renders nothing.
    static func svg(_ series: [(name: String, color: String, bins: [CalibrationBin])]) -> String {
        guard !series.isEmpty else { return "" }
        let plot = size - left - right
        let height = top + plot + bottom
        func x(_ p: Double) -> Double { left + min(1, max(0, p)) * plot }
        func y(_ p: Double) -> Double { top + (1 - min(1, max(0, p))) * plot }
        let maxCount = Double(series.flatMap(\.bins).map(\.count).max() ?? 1)
        var s = "<svg class=\"calibration\" viewBox=\"0 0 \(_n(size)) \(_n(height))\" role=\"img\" aria-label=\"Calibration: observed against predicted probability\">"
        for (i, label) in tickLabels.enumerated() {
            let tick = Double(i) / 4
            s += "<line class=\"grid\" x1=\"\(_n(left))\" x2=\"\(_n(left + plot))\" y1=\"\(_n(y(tick)))\" y2=\"\(_n(y(tick)))\"/>"
            s += "<text class=\"axis\" x=\"\(_n(left - 5))\" y=\"\(_n(y(tick) + 3))\" text-anchor=\"end\">\(label)</text>"
            s += "<text class=\"axis\" x=\"\(_n(x(tick)))\" y=\"\(_n(top + plot + 14))\" text-anchor=\"middle\">\(label)</text>"
        }
        s += "<line class=\"diagonal\" x1=\"\(_n(x(0)))\" y1=\"\(_n(y(0)))\" x2=\"\(_n(x(1)))\" y2=\"\(_n(y(1)))\"/>"
        s += "<text class=\"axis\" x=\"\(_n(left + plot / 2))\" y=\"\(_n(height - 4))\" text-anchor=\"middle\">predicted probability</text>"
        s += "<text class=\"axis\" transform=\"rotate(-90)\" x=\"\(_n(-(top + plot / 2)))\" y=\"9\" text-anchor=\"middle\">observed frequency</text>"
        for one in series {
            let points = one.bins.map { "\(_n(x($0.predicted))),\(_n(y($0.observed)))" }.joined(separator: " ")
            s += "<polyline class=\"series\" fill=\"none\" stroke=\"\(one.color)\" stroke-width=\"1.5\" points=\"\(points)\"/>"
            for b in one.bins {
                let r = 2 + 5 * (Double(b.count) / maxCount).squareRoot()
                s += "<circle cx=\"\(_n(x(b.predicted)))\" cy=\"\(_n(y(b.observed)))\" r=\"\(_n(r))\" fill=\"\(one.color)\" fill-opacity=\"0.75\">"
                s += "<title>\(htmlEscaped(one.name)) · predicted \(_rate(b.predicted)) · observed \(_rate(b.observed)) · \(b.count) cells</title></circle>"
            }
        }
        return s + "</svg>"
    }
}
