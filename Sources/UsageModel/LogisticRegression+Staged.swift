import LinearAlgebra

extension LogisticRegression {
    /// ``fit(x:y:weights:l2:prior:start:maximumIterations:tolerance:)`` (unit weights, zero
    /// prior) whose first, long Newton steps are taken on a sample of the rows.
    ///
    /// From a cold start Newton's method takes 6–9 steps, most of them far from the optimum,
    /// where a sample of the rows points the same way as all of them. The staged fit first fits
    /// every `stride`-th row (rows 0, `stride`, 2·`stride`, …) with the penalty `l2 / stride`
    /// (the same penalty per row, so the sample's optimum estimates the full one) to
    /// `stageTolerance`, then all rows from there to `tolerance`. The objective is strictly
    /// concave, so the second stage converges to the same optimum as a fit from `start`; only
    /// the steps taken differ (at the same tolerance, a full step below it is the last, so the
    /// two results differ by about the square of that step).
    ///
    /// Falls back to the plain fit from `start` when `stride < 2`, when there are fewer than
    /// `minimumRows` rows, or when the sample does not hold both a 0 and a 1 label.
    ///
    /// - Parameters:
    ///   - x: `n × p` design matrix.
    ///   - y: labels in `[0, 1]`, `n` of them.
    ///   - l2: `λ > 0` of the full fit.
    ///   - start: where the first stage starts (zeros when `nil`).
    ///   - tolerance: the full fit's tolerance.
    ///   - stride: one row in `stride` is sampled for the first stage.
    ///   - minimumRows: the fewest rows for which the first stage is taken.
    ///   - stageTolerance: the first stage's tolerance (it only places the start).
    /// - Returns: the full fit (its ``Fit/iterations`` are the second stage's).
    /// - Throws: `LinearAlgebraError` on mismatched shapes.
    /// - Complexity: `O(n·p²)` per full step, as the plain fit; the first stage costs `1/stride`
    ///   of a full step per step.
    public static func fitStaged(x: Matrix, y: [Double], l2: Double, start: [Double]?, tolerance: Double,
                                 stride: Int, minimumRows: Int, stageTolerance: Double = 1e-2) throws -> Fit {
        guard stride > 1, x.rows >= minimumRows, y.count == x.rows else {
            return try fit(x: x, y: y, l2: l2, start: start, tolerance: tolerance)
        }
        let p = x.columns
        var features: [Double] = [], labels: [Double] = []
        features.reserveCapacity((x.rows / stride + 1) * p)
        labels.reserveCapacity(x.rows / stride + 1)
        for i in Swift.stride(from: 0, to: x.rows, by: stride) {
            features.append(contentsOf: x.storage[(i * p)..<((i + 1) * p)])
            labels.append(y[i])
        }
        guard labels.contains(1), labels.contains(0) else {
            return try fit(x: x, y: y, l2: l2, start: start, tolerance: tolerance)
        }
        let sample = try Matrix(rows: labels.count, columns: p, storage: features)
        let placed = try fit(x: sample, y: labels, l2: l2 / Double(stride), start: start, tolerance: stageTolerance)
        return try fit(x: x, y: y, l2: l2, start: placed.coefficients, tolerance: tolerance)
    }
}
