import Foundation
import LinearAlgebra

/// L2-regularised logistic regression fitted by Newton's method (IRLS).
///
/// Maximises `Σᵢ vᵢ·[yᵢ·ηᵢ − log(1 + e^ηᵢ)] − (λ/2)·‖β − β₀‖²` with `η = Xβ`, case weights `vᵢ` and
/// a prior mean `β₀` (zero unless given). Each step solves `(XᵀWX + λI)·Δ = Xᵀv(y − p) − λ(β − β₀)`,
/// `W = diag(vᵢ·pᵢ(1 − pᵢ))`: `XᵀWX` is `BLAS.gram` of the `√W`-scaled rows (`dsyrk`), the solve
/// is `LAPACK.solvePositiveDefinite` (`dposv`) with `LAPACK.solveSymmetric` (`dsysv`) as fallback.
/// Steps are halved until the objective does not decrease; a full step below the tolerance is the
/// last and is taken without that check (it saves an objective pass per fit). Because `λ > 0` the objective is
/// strictly concave and bounded, so perfectly separable data gives finite coefficients.
///
/// Complexity: `O(n·p²)` per iteration; a handful of iterations from `β₀`.
public enum LogisticRegression {
    /// A fitted model.
    public struct Fit: Sendable, Equatable, Codable {
        /// Coefficients, one per column of `X` (include a constant column for an intercept).
        public var coefficients: [Double]
        /// Newton iterations taken.
        public var iterations: Int
        /// Whether the largest step fell below the tolerance.
        public var converged: Bool
    }

    /// The logistic function `1 / (1 + e^−η)`, computed without overflow.
    @inlinable
    public static func sigmoid(_ eta: Double) -> Double {
        _sigmoid(eta, exponentialOfMinusMagnitude: exp(eta >= 0 ? -eta : eta))
    }

    /// `σ(η)` from `t = e^−|η|`, computed once by a caller that needs `t` for more (the objective's
    /// softplus): `1/(1 + t)` for `η ≥ 0`, else `t/(1 + t)`.
    @inlinable
    static func _sigmoid(_ eta: Double, exponentialOfMinusMagnitude t: Double) -> Double {
        eta >= 0 ? 1 / (1 + t) : t / (1 + t)
    }

    /// Fits the coefficients.
    /// - Parameters:
    ///   - x: `n × p` design matrix.
    ///   - y: labels in `[0, 1]`, `n` of them.
    ///   - weights: case weights `vᵢ ≥ 0` (all 1 when `nil`).
    ///   - l2: `λ > 0`.
    ///   - prior: `β₀` (zeros when `nil`).
    ///   - start: where Newton's method starts (`prior` when `nil`), e.g. yesterday's coefficients
    ///     of a daily refit: the objective and its maximum do not depend on it, only the number of
    ///     steps taken to reach the tolerance (a warm start usually needs two or three).
    ///   - maximumIterations: Newton iteration cap.
    ///   - tolerance: stop when `max|Δ| <` this.
    /// - Throws: `LinearAlgebraError` on mismatched shapes.
    public static func fit(
        x: Matrix, y: [Double], weights: [Double]? = nil, l2: Double, prior: [Double]? = nil,
        start: [Double]? = nil, maximumIterations: Int = 50, tolerance: Double = 1e-7
    ) throws -> Fit {
        let n = x.rows, p = x.columns
        let v = weights ?? [Double](repeating: 1, count: n)
        let beta0 = prior ?? [Double](repeating: 0, count: p)
        guard y.count == n, v.count == n, beta0.count == p else {
            throw LinearAlgebraError.dimensionMismatch("logistic: \(n) rows, \(y.count) labels, \(v.count) weights, \(beta0.count) prior")
        }
        let lambda = max(l2, 1e-10)
        var beta = beta0
        if let start, start.count == p, start.allSatisfy(\.isFinite) { beta = start }
        // `σ(Xβ)` of the current `β` is kept from its objective evaluation for the next Newton
        // step, and the `√W`-scaled copy of X reuses one buffer across steps.
        // The probabilities `σ(η)` come from the same pass (one `exp` per row serves both).
        var (objective, probabilities) = try _objective(x: x, y: y, v: v, beta: beta, prior: beta0, lambda: lambda)
        var scaled: [Double] = []
        for iteration in 1...max(1, maximumIterations) {
            let step = try _newtonStep(x: x, y: y, v: v, probabilities: probabilities, beta: beta, prior: beta0,
                                       lambda: lambda, scaled: &scaled)
            // A full step below the tolerance is the last: taken without the objective's check
            // (an objective pass over every row; at the optimum a step that small changes the
            // objective by less than the check's own slack).
            if (step.map { abs($0) }.max() ?? 0) < tolerance {
                return Fit(coefficients: zip(beta, step).map { $0 + $1 }, iterations: iteration, converged: true)
            }
            var scale = 1.0, accepted = false
            for _ in 0..<30 {
                let candidate = zip(beta, step).map { $0 + scale * $1 }
                let (value, candidateProbabilities) = try _objective(x: x, y: y, v: v, beta: candidate, prior: beta0, lambda: lambda)
                if value >= objective - 1e-12 * max(1, abs(objective)) {
                    beta = candidate
                    objective = value
                    probabilities = candidateProbabilities
                    accepted = true
                    break
                }
                scale /= 2
            }
            let largest = step.map { abs($0 * scale) }.max() ?? 0
            if !accepted || largest < tolerance {
                return Fit(coefficients: beta, iterations: iteration, converged: accepted || largest < tolerance)
            }
        }
        return Fit(coefficients: beta, iterations: maximumIterations, converged: false)
    }

    /// Predicted probabilities `σ(Xβ)`.
    public static func predict(x: Matrix, coefficients: [Double]) throws -> [Double] {
        try BLAS.product(x, coefficients).map(sigmoid)
    }

    /// One Newton direction at `β`, given `σ(Xβ)`. `scaled` is scratch space for the
    /// `√W`-scaled rows (``BLAS/gram(_:rowScales:scratch:)``: resized to `n·p` and overwritten).
    static func _newtonStep(
        x: Matrix, y: [Double], v: [Double], probabilities: [Double], beta: [Double], prior: [Double], lambda: Double,
        scaled: inout [Double]
    ) throws -> [Double] {
        let n = x.rows, p = x.columns
        var residual = [Double](repeating: 0, count: n)
        var roots = [Double](repeating: 0, count: n)
        do {
            // Spans: bounds-checked, without an array's uniqueness check at every write.
            var rootSpan = roots.mutableSpan, residualSpan = residual.mutableSpan
            let p = probabilities.span, weight = v.span, label = y.span
            for i in 0..<n {
                let pi = p[i]
                rootSpan[i] = (weight[i] * pi * (1 - pi)).squareRoot()
                residualSpan[i] = weight[i] * (label[i] - pi)
            }
        }
        var hessian = try BLAS.gram(x, rowScales: roots, scratch: &scaled)
        for j in 0..<p { hessian[j, j] += lambda }
        var gradient = try BLAS.product(x, residual, trans: .transposed)
        for j in 0..<p { gradient[j] -= lambda * (beta[j] - prior[j]) }
        do {
            return try LAPACK.solvePositiveDefinite(hessian, gradient)
        } catch {
            return try LAPACK.solveSymmetric(hessian, gradient)
        }
    }

    /// The penalised log-likelihood at `β`, and `σ(Xβ)`.
    ///
    /// One `t = e^−|η|` per row gives both `log(1 + e^η)` (`η⁺ + log1p(t)`) and `σ(η)`
    /// (`1/(1 + t)` or `t/(1 + t)`): the same operations as ``sigmoid(_:)`` and the softplus
    /// computed apart, so the same bits.
    static func _objective(
        x: Matrix, y: [Double], v: [Double], beta: [Double], prior: [Double], lambda: Double
    ) throws -> (value: Double, probabilities: [Double]) {
        var probabilities = try BLAS.product(x, beta)
        var total = 0.0
        do {
            // Spans: bounds-checked, without an array's uniqueness check at every write.
            var out = probabilities.mutableSpan
            let weight = v.span, label = y.span
            for i in 0..<x.rows {
                let e = out[i]
                let t = exp(e >= 0 ? -e : e)
                let softplus = e > 0 ? e + log1p(t) : log1p(t)
                total += weight[i] * (label[i] * e - softplus)
                out[i] = _sigmoid(e, exponentialOfMinusMagnitude: t)
            }
        }
        var penalty = 0.0
        for j in beta.indices { penalty += (beta[j] - prior[j]) * (beta[j] - prior[j]) }
        return (total - 0.5 * lambda * penalty, probabilities)
    }
}
