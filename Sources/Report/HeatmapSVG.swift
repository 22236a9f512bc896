/// An hour × weekday heatmap as inline SVG: 7 rows (Monday first) × 24 columns.
enum _HeatmapSVG {
    static let cell = 13.0
    static let left = 30.0
    static let top = 4.0

    /// Renders `values[weekday][hour]`, coloured by `value / scaleMax`. `describe` gives each cell's
    /// tooltip text (already plain text; escaped here). `label` is the accessible name.
    static func svg(values: [[Double]], scaleMax: Double, label: String,
                    color: (Double) -> String = _heatColor, describe: (Double) -> String) -> String {
        let width = left + cell * 24 + 4, height = top + cell * 7 + 16
        var s = "<svg class=\"heatmap\" viewBox=\"0 0 \(_n(width)) \(_n(height))\" role=\"img\" aria-label=\"\(htmlEscaped(label))\">"
        for (w, name) in _weekdayNames.enumerated() {
            let y = top + Double(w) * cell
            s += "<text class=\"axis\" x=\"\(_n(left - 4))\" y=\"\(_n(y + cell - 3))\" text-anchor=\"end\">\(name)</text>"
            for h in 0..<24 {
                let v = w < values.count && h < values[w].count ? values[w][h] : 0
                let t = scaleMax > 0 ? v / scaleMax : 0
                let x = left + Double(h) * cell
                s += "<rect x=\"\(_n(x))\" y=\"\(_n(y))\" width=\"\(_n(cell - 1))\" height=\"\(_n(cell - 1))\" fill=\"\(color(t))\">"
                s += "<title>\(name) \(_pad2(h)):00 · \(htmlEscaped(describe(v)))</title></rect>"
            }
        }
        for h in stride(from: 0, to: 24, by: 3) {
            let x = left + Double(h) * cell
            s += "<text class=\"axis\" x=\"\(_n(x))\" y=\"\(_n(top + cell * 7 + 11))\">\(_pad2(h))</text>"
        }
        return s + "</svg>"
    }

    /// A small horizontal colour legend from 0 to `maxLabel`.
    static func legend(maxLabel: String) -> String {
        var s = "<span class=\"legend\">0 <svg class=\"ramp\" viewBox=\"0 0 60 8\" aria-hidden=\"true\">"
        for i in 0..<10 {
            s += "<rect x=\"\(i * 6)\" y=\"0\" width=\"6\" height=\"8\" fill=\"\(_heatColor(Double(i + 1) / 10))\"/>"
        }
        return s + "</svg> \(htmlEscaped(maxLabel))</span>"
    }

    /// A diverging legend from `−maxLabel` (orange) through 0 (white) to `+maxLabel` (blue).
    static func divergingLegend(lowLabel: String, highLabel: String) -> String {
        var s = "<span class=\"legend\">\(htmlEscaped(lowLabel)) <svg class=\"ramp\" viewBox=\"0 0 60 8\" aria-hidden=\"true\">"
        for i in 0..<10 {
            s += "<rect x=\"\(i * 6)\" y=\"0\" width=\"6\" height=\"8\" fill=\"\(_divergingColor(Double(i) / 4.5 - 1))\"/>"
        }
        return s + "</svg> \(htmlEscaped(highLabel))</span>"
    }

    /// A `<figure>` with a caption, the heatmap and, when `maxLabel` is given, its own legend
    /// (sections with one shared scale give their legend once instead).
    static func figure(title: String, note: String, values: [[Double]], scaleMax: Double, maxLabel: String?,
                       color: (Double) -> String = _heatColor, describe: (Double) -> String) -> String {
        "<figure class=\"card\"><figcaption><b>\(htmlEscaped(_truncated(title, 48)))</b> <span class=\"muted\">\(htmlEscaped(note))</span></figcaption>"
            + svg(values: values, scaleMax: scaleMax, label: title, color: color, describe: describe)
            + (maxLabel.map(legend(maxLabel:)) ?? "") + "</figure>"
    }
}
