import Foundation

/// The hit rate versus budget chart: one line per policy, the oracle dashed, budgets on a log₂ axis.
enum _CurveSVG {
    static let width = 340.0, height = 230.0
    static let left = 38.0, right = 14.0, top = 10.0, bottom = 34.0

    /// A fixed, colour-blind-friendly palette (Okabe–Ito), assigned by policy order.
    static let palette = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#f0e442"]

    /// The colour of the `index`-th policy; the oracle is always black.
    static func color(policy: String, index: Int) -> String {
        policy == "oracle" ? "#222222" : palette[index % palette.count]
    }

    /// Renders every policy of `summary` (hit rate against budget). Empty when there are no results.
    static func svg(_ summary: EvaluationSummary) -> String {
        let budgets = Array(Set(summary.results.map(\.budget))).filter { $0 > 0 }.sorted()
        guard let lo = budgets.first, let hi = budgets.last else { return "" }
        let l0 = log2(Double(lo)), l1 = log2(Double(hi))
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ b: Int) -> Double { l1 > l0 ? left + (log2(Double(b)) - l0) / (l1 - l0) * plotW : left + plotW / 2 }
        func y(_ r: Double) -> Double { top + (1 - min(1, max(0, r))) * plotH }
        var s = "<svg class=\"curve\" viewBox=\"0 0 \(_n(width)) \(_n(height))\" role=\"img\" aria-label=\"Hit rate versus daily fetch budget\">"
        for tick in stride(from: 0.0, through: 1.0, by: 0.25) {
            s += "<line class=\"grid\" x1=\"\(_n(left))\" x2=\"\(_n(width - right))\" y1=\"\(_n(y(tick)))\" y2=\"\(_n(y(tick)))\"/>"
            s += "<text class=\"axis\" x=\"\(_n(left - 5))\" y=\"\(_n(y(tick) + 3))\" text-anchor=\"end\">\(Int((tick * 100).rounded()))%</text>"
        }
        for b in budgets {
            s += "<text class=\"axis\" x=\"\(_n(x(b)))\" y=\"\(_n(height - bottom + 14))\" text-anchor=\"middle\">\(b)</text>"
        }
        s += "<text class=\"axis\" x=\"\(_n(left + plotW / 2))\" y=\"\(_n(height - 4))\" text-anchor=\"middle\">fetches per day (budget)</text>"
        for (i, policy) in summary.policies.enumerated() {
            let rows = summary.results.filter { $0.policy == policy && $0.budget > 0 }.sorted { $0.budget < $1.budget }
            let c = color(policy: policy, index: i)
            let points = rows.map { "\(_n(x($0.budget))),\(_n(y($0.hitRate)))" }.joined(separator: " ")
            let dash = policy == "oracle" ? " stroke-dasharray=\"5 3\"" : ""
            s += "<polyline class=\"series\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"2\"\(dash) points=\"\(points)\"/>"
            for r in rows {
                s += "<circle cx=\"\(_n(x(r.budget)))\" cy=\"\(_n(y(r.hitRate)))\" r=\"3.5\" fill=\"\(c)\">"
                s += "<title>\(htmlEscaped(policy)) · budget \(r.budget) · hit rate \(_percent(r.hitRate))</title></circle>"
            }
        }
        return s + "</svg>"
    }

    /// The HTML legend (wraps on narrow screens) naming each policy with its colour.
    static func legend(policies: [String]) -> String {
        var s = "<ul class=\"keys\">"
        for (i, p) in policies.enumerated() {
            let style = p == "oracle" ? "border-top:2px dashed #222222" : "border-top:2px solid \(color(policy: p, index: i))"
            s += "<li><span class=\"swatch\" style=\"\(style)\"></span>\(htmlEscaped(p))</li>"
        }
        return s + "</ul>"
    }
}
