import LaunchHistory
import ReveilleCore

/// The report's sections as HTML fragments.
enum _Sections {
    static func stat(_ value: String, _ label: String) -> String {
        "<div class=\"stat\"><b>\(htmlEscaped(value))</b><span>\(htmlEscaped(label))</span></div>"
    }

    /// Headline cards: history size, schedule outcome, and the evaluation at the headline budget.
    static func headline(_ input: ReportInput, options: ReportOptions) -> String {
        let h = input.history
        let apps = Set(h.devices.flatMap { $0.launches.map(\.app) }).count
        let days = h.devices.reduce(0) { $0 + (($1.lastLocalDay ?? 0) - ($1.firstLocalDay ?? 0) + ($1.launches.isEmpty ? 0 : 1)) }
        var s = "<div class=\"cards\">" + stat("\(h.devices.count)", "devices") + stat("\(h.report.launches > 0 ? h.report.launches : h.allLaunches.count)", "launches")
            + stat("\(apps)", "apps") + stat("\(days)", "device-days of history")
        if !input.schedules.isEmpty {
            let timelines = input.schedules.flatMap { sch in
                _TimelineDay.days(sch, device: h.device(sch.device), tauSeconds: options.tauMinutes * 60, limit: options.maxTimelineDays)
            }
            let cold = timelines.reduce(0) { $0 + $1.coldLaunches }, hits = timelines.reduce(0) { $0 + $1.hits }
            s += stat("\(input.schedules.reduce(0) { $0 + $1.windows.count })", "fetches planned")
            if cold > 0 { s += stat(_percent(Double(hits) / Double(cold)), "of the schedule's cold launches hit (\(hits)/\(cold))") }
        }
        if let e = input.evaluation { s += evaluationCards(e, budget: options.headlineBudget) }
        return s + "</div>"
    }

    static func evaluationCards(_ e: EvaluationSummary, budget wanted: Int) -> String {
        let budgets = Set(e.results.map(\.budget))
        guard let budget = budgets.contains(wanted) ? wanted : budgets.min() else { return "" }
        let rows = e.results.filter { $0.budget == budget }
        var s = ""
        let best = rows.filter { $0.policy != "oracle" }.sorted { ($1.hitRate, $0.policy) < ($0.hitRate, $1.policy) }.first
        if let best {
            s += stat(_percent(best.hitRate), "hit rate of \(best.policy) at \(budget) fetches/day (best policy)")
            if let auc = best.rocAuc { s += stat(_rate(auc), "ROC AUC of \(best.policy)") }
        }
        if let oracle = rows.first(where: { $0.policy == "oracle" }) {
            s += stat(_percent(oracle.hitRate), "oracle hit rate at \(budget) fetches/day")
            if let best, oracle.hitRate > 0 { s += stat(_percent(best.hitRate / oracle.hitRate), "of the oracle reached by \(best.policy)") }
        }
        return s
    }

    /// The evaluation: curve, table and calibration (each only when there is data for it).
    static func evaluation(_ e: EvaluationSummary?, calibration: _CalibrationFigure?) -> String {
        guard e != nil || calibration != nil else { return "" }
        var s = "<section id=\"evaluation\"><h2>Evaluation</h2>"
        if let e {
            var facts: [String] = []
            if let p = e.protocolName { facts.append("protocol \(p)") }
            if let m = e.mode { facts.append("\(m) mode") }
            if let d = e.devices { facts.append("\(d) devices") }
            if let d = e.deviceDays { facts.append("\(d) scored device-days") }
            if let c = e.coldLaunches { facts.append("\(c) cold launches") }
            if !facts.isEmpty { s += "<p class=\"muted\">\(htmlEscaped(facts.joined(separator: " · ")))</p>" }
        }
        s += "<div class=\"pair\">"
        if let e, !e.results.isEmpty {
            s += "<figure class=\"card\"><figcaption><b>Hit rate versus budget</b> <span class=\"muted\">share of cold launches preceded by a fetch within the window</span></figcaption>"
                + _CurveSVG.svg(e) + _CurveSVG.legend(policies: e.policies) + "</figure>"
        }
        if let calibration {
            let keys = calibration.series.map { "<li><span class=\"dot\" style=\"background:\($0.color)\"></span>\(htmlEscaped($0.name))</li>" }.joined()
            s += "<figure class=\"card\"><figcaption><b>Calibration</b> <span class=\"muted\">\(htmlEscaped(calibration.note)); dot area ∝ cells</span></figcaption>"
                + _CalibrationSVG.svg(calibration.series) + "<ul class=\"keys\">\(keys)</ul></figure>"
        }
        s += "</div>"
        if let e, !e.results.isEmpty { s += resultsTable(e) }
        return s + "</section>"
    }

    static func resultsTable(_ e: EvaluationSummary) -> String {
        let budgets = Array(Set(e.results.map(\.budget))).sorted()
        var s = "<div class=\"tablewrap\"><table class=\"results\"><thead><tr><th>policy · hit rate</th>"
        s += budgets.map { "<th>B = \($0)</th>" }.joined() + "<th>ROC AUC</th></tr></thead><tbody>"
        for policy in e.policies {
            let rows = e.results.filter { $0.policy == policy }
            s += "<tr><td>\(htmlEscaped(policy))</td>"
            for b in budgets {
                s += "<td>" + (rows.first { $0.budget == b }.map { _rate($0.hitRate) } ?? "–") + "</td>"
            }
            s += "<td>" + (rows.compactMap(\.rocAuc).first.map(_rate) ?? "–") + "</td></tr>"
        }
        return s + "</tbody></table></div>"
    }
}
