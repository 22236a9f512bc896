import Foundation

/// Scores of probabilistic forecasts.
public enum ProbabilityMetrics {
    /// ROC AUC by the Mann–Whitney statistic with average ranks for tied scores:
    /// `(R₊ − n₊(n₊ + 1)/2) / (n₊ n₋)`, where `R₊` is the rank sum of the positives.
    /// `nil` when either class is empty. O(n log n).
    public static func rocAuc(scores: [Double], labels: [Bool]) -> Double? {
        var counts: [Double: (positives: Int, negatives: Int)] = [:]
        for (score, label) in zip(scores, labels) {
            counts[score, default: (0, 0)].positives += label ? 1 : 0
            counts[score, default: (0, 0)].negatives += label ? 0 : 1
        }
        return rocAuc(scoreCounts: counts.map { ($0.key, $0.value.positives, $0.value.negatives) })
    }

    /// ``rocAuc(scores:labels:)`` from how many positives and negatives share each exact score
    /// (each score once): the same number as from the cells themselves, so counts merged from
    /// parts give exactly the AUC of the whole. O(k log k) in distinct scores.
    public static func rocAuc(scoreCounts: [(score: Double, positives: Int, negatives: Int)]) -> Double? {
        var ranks = _RankSum()
        for (_, p, n) in scoreCounts.sorted(by: { $0.score < $1.score }) { ranks.add(positives: p, negatives: n) }
        return ranks.auc
    }

    /// Mean log loss `−mean(y log p + (1 − y) log(1 − p))` with `p` clipped to `[1e-6, 1 − 1e-6]`;
    /// `nil` when empty.
    public static func logLoss(probabilities: [Double], labels: [Bool]) -> Double? {
        var cells = _ProbabilityCells()
        for (p, y) in zip(probabilities, labels) { cells.append(probability: p, label: y) }
        return cells.logLoss
    }

    /// Brier score `mean((p − y)²)`; `nil` when empty.
    public static func brier(probabilities: [Double], labels: [Bool]) -> Double? {
        var cells = _ProbabilityCells()
        for (p, y) in zip(probabilities, labels) { cells.append(probability: p, label: y) }
        return cells.brier
    }
}

/// Natural logarithm.
func _log(_ x: Double) -> Double { Foundation.log(x) }
