import Foundation

/// Scores of probabilistic forecasts.
public enum ProbabilityMetrics {
    /// ROC AUC by the Mann–Whitney statistic with average ranks for tied scores:
    /// `(R₊ − n₊(n₊ + 1)/2) / (n₊ n₋)`, where `R₊` is the rank sum of the positives.
    /// `nil` when either class is empty. O(n log n).
    public static func rocAuc(scores: [Double], labels: [Bool]) -> Double? {
        let n = min(scores.count, labels.count)
        let order = (0..<n).sorted { scores[$0] < scores[$1] }
        var positives = 0
        var rankSum = 0.0
        var start = 0
        while start < n {
            var end = start
            while end + 1 < n, scores[order[end + 1]] == scores[order[start]] { end += 1 }
            let averageRank = Double(start + end + 2) / 2
            for k in start...end where labels[order[k]] {
                positives += 1
                rankSum += averageRank
            }
            start = end + 1
        }
        let negatives = n - positives
        guard positives > 0, negatives > 0 else { return nil }
        let p = Double(positives)
        return (rankSum - p * (p + 1) / 2) / (p * Double(negatives))
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
