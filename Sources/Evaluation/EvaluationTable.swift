import LaunchHistory
import ReveilleCore

/// Readable fixed-width tables of evaluation results (what `reveille evaluate` prints without `--json`).
public enum EvaluationTable {
    /// A table column.
    public enum Column: String, Sendable, CaseIterable {
        case policy, budget, hitRate, oracleRatio, precision, fetchesPerDay, staleness, macroHitRate, rocAuc, logLoss

        var title: String {
            switch self {
            case .policy: return "policy"
            case .budget: return "budget"
            case .hitRate: return "hit rate"
            case .oracleRatio: return "oracle ratio"
            case .precision: return "precision"
            case .fetchesPerDay: return "fetches/day"
            case .staleness: return "staleness min"
            case .macroHitRate: return "macro hit rate"
            case .rocAuc: return "ROC AUC"
            case .logLoss: return "log loss"
            }
        }

        func cell(_ r: PolicyResult) -> String {
            switch self {
            case .policy: return r.policy
            case .budget: return String(r.budget)
            case .hitRate: return _fixed(r.hitRate, 3)
            case .oracleRatio: return _fixed(r.oracleRatio, 3)
            case .precision: return _fixed(r.precision, 3)
            case .fetchesPerDay: return _fixed(r.fetchesPerDay, 2)
            case .staleness: return _fixed(r.meanStalenessMinutes, 1)
            case .macroHitRate: return _fixed(r.macroHitRate, 3)
            case .rocAuc: return r.rocAuc.map { _fixed($0, 3) } ?? "–"
            case .logLoss: return r.logLoss.map { _fixed($0, 4) } ?? "–"
            }
        }
    }

    /// Every column, in display order.
    public static let allColumns = Column.allCases

    /// Rows of `results` under a header; the policy column is left-aligned, the rest right-aligned.
    public static func render(_ results: [PolicyResult], columns: [Column] = allColumns, indent: String = "") -> String {
        let rows = [columns.map(\.title)] + results.map { r in columns.map { $0.cell(r) } }
        let widths = columns.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            let cells = columns.indices.map { c -> String in
                let pad = String(repeating: " ", count: widths[c] - row[c].count)
                return columns[c] == .policy ? row[c] + pad : pad + row[c]
            }
            text += indent + cells.joined(separator: "  ") + "\n"
        }
        return text
    }

    /// The whole report: a summary line, the pooled table and, when present, one table per device.
    public static func text(_ report: EvaluationReport) -> String {
        var text = "\(report.protocol) \(report.mode.rawValue), tau \(_fixed(report.tauMinutes, 0)) min, warm-up \(report.warmupDays) days: "
        text += "\(report.devices) devices scored (\(report.skippedDevices) skipped), \(report.deviceDays) device-days, "
        text += "\(report.coldLaunches) cold launches of \(report.launches) launches\n\n"
        text += render(report.results)
        for device in report.perDevice ?? [] {
            text += "\n\(device.device): \(device.deviceDays) device-days, \(device.coldLaunches) cold launches\n"
            text += render(device.results, columns: allColumns.filter { $0 != .macroHitRate }, indent: "  ")
        }
        return text
    }
}
