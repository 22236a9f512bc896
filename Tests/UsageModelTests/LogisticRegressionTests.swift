import Foundation
import LinearAlgebra
import Testing
import TestSupport
@testable import UsageModel

@Suite struct LogisticRegressionTests {
    /// Simulated design with an intercept and two standard-normal features.
    static func simulate(rows: Int, beta: [Double], seed: UInt64) throws -> (Matrix, [Double]) {
        var rng = SeededGenerator(seed: seed)
        var storage: [Double] = [], y: [Double] = []
        for _ in 0..<rows {
            let x = [1.0] + (1..<beta.count).map { _ in _normal(&rng) }
            storage += x
            let p = LogisticRegression.sigmoid(zip(x, beta).reduce(0) { $0 + $1.0 * $1.1 })
            y.append(Double.random(in: 0..<1, using: &rng) < p ? 1 : 0)
        }
        return (try Matrix(rows: rows, columns: beta.count, storage: storage), y)
    }

    /// The objective pass returns `σ(η)` from the same `e^−|η|` as the softplus: bit for bit
    /// ``LogisticRegression/sigmoid(_:)`` and the softplus written apart (what the Newton step
    /// used to recompute), at zero, both signed zeros, tiny, moderate and overflowing `η`.
    @Test func objectiveSharesOneExponentialWithTheSigmoid() throws {
        let etas: [Double] = [0, -0.0, 1e-300, -1e-300, 0.5, -0.5, 1, -1, 30, -30, 745, -745, 800, -800]
        let y = etas.indices.map { Double($0 % 2) }
        let v = etas.indices.map { 1 + Double($0) / 10 }
        let x = try Matrix(rows: etas.count, columns: 1, storage: etas)
        let (value, probabilities) = try LogisticRegression._objective(x: x, y: y, v: v, beta: [1], prior: [0.25], lambda: 2)
        #expect(probabilities.map(\.bitPattern) == etas.map { LogisticRegression.sigmoid($0).bitPattern })
        var total = 0.0
        for (i, e) in etas.enumerated() {
            let softplus = e > 0 ? e + log1p(exp(-e)) : log1p(exp(e))
            total += v[i] * (y[i] * e - softplus)
        }
        #expect(value.bitPattern == (total - 0.5 * 2 * 0.75 * 0.75).bitPattern)
        #expect(probabilities[0] == 0.5 && probabilities[12] == 1 && probabilities[13] == 0)
    }

    @Test func recoversKnownCoefficients() throws {
        let truth = [-1.0, 2.0, -0.5]
        let (x, y) = try Self.simulate(rows: 20_000, beta: truth, seed: 7)
        let fit = try LogisticRegression.fit(x: x, y: y, l2: 1e-3)
        #expect(fit.converged)
        for (b, t) in zip(fit.coefficients, truth) { #expect(abs(b - t) < 0.08) }
    }

    /// A warm start (what the daily refit passes: yesterday's coefficients) reaches the same
    /// optimum as a cold one, in fewer Newton steps; a start of the wrong length is ignored.
    @Test func warmStartReachesTheSameOptimumInFewerSteps() throws {
        let (x, y) = try Self.simulate(rows: 20_000, beta: [-1.0, 2.0, -0.5], seed: 7)
        let cold = try LogisticRegression.fit(x: x, y: y, l2: 1, prior: [0, 1, 0])
        let nearby = cold.coefficients.map { $0 * 1.02 }
        let warm = try LogisticRegression.fit(x: x, y: y, l2: 1, prior: [0, 1, 0], start: nearby)
        #expect(warm.converged)
        #expect(warm.iterations < cold.iterations)
        for (w, c) in zip(warm.coefficients, cold.coefficients) { #expect(abs(w - c) < 1e-7) }
        let ignored = try LogisticRegression.fit(x: x, y: y, l2: 1, prior: [0, 1, 0], start: [1, 2])
        #expect(ignored == cold)
    }

    /// The last Newton step (below the tolerance, taken without an objective pass) lands on the
    /// optimum: the penalised gradient `Xᵀ(y − p) − λ(β − β₀)` vanishes there, and a fit started
    /// from it takes that one step and moves by less than the tolerance.
    @Test func lastStepLandsOnTheStationaryPoint() throws {
        let (x, y) = try Self.simulate(rows: 5_000, beta: [-2.0, 1.0, 0.5], seed: 11)
        let prior = [0.0, 0.5, 0.0], lambda = 3.0
        let fit = try LogisticRegression.fit(x: x, y: y, l2: lambda, prior: prior)
        #expect(fit.converged)
        let p = try LogisticRegression.predict(x: x, coefficients: fit.coefficients)
        let residual = zip(y, p).map { $0 - $1 }
        var gradient = try BLAS.product(x, residual, trans: .transposed)
        for j in gradient.indices { gradient[j] -= lambda * (fit.coefficients[j] - prior[j]) }
        #expect(gradient.allSatisfy { abs($0) < 1e-6 }, "gradient \(gradient)")
        let again = try LogisticRegression.fit(x: x, y: y, l2: lambda, prior: prior, start: fit.coefficients)
        #expect(again.iterations == 1 && again.converged)
        for (a, b) in zip(again.coefficients, fit.coefficients) { #expect(abs(a - b) < 1e-7) }
    }

    @Test func perfectlySeparableDataStaysFinite() throws {
        let x = try Matrix([[1, -2], [1, -1], [1, -0.5], [1, 0.5], [1, 1], [1, 2]])
        let y: [Double] = [0, 0, 0, 1, 1, 1]
        let fit = try LogisticRegression.fit(x: x, y: y, l2: 0.1)
        #expect(fit.coefficients.allSatisfy { $0.isFinite })
        #expect(fit.coefficients[1] > 1 && fit.coefficients[1] < 50)
        let p = try LogisticRegression.predict(x: x, coefficients: fit.coefficients)
        #expect(p[0] < 0.5 && p[5] > 0.5)
    }

    @Test func degenerateColumnsFallBackWithoutCrashing() throws {
        let x = try Matrix([[1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0]])
        let fit = try LogisticRegression.fit(x: x, y: [1, 1, 1, 1], l2: 1e-9)
        #expect(fit.coefficients.allSatisfy { $0.isFinite })
    }

    @Test func calibratedWithinThreePointsPerDecile() throws {
        let (x, y) = try Self.simulate(rows: 60_000, beta: [-2, 1.2, 0.6], seed: 11)
        let fit = try LogisticRegression.fit(x: x, y: y, l2: 1e-3)
        let p = try LogisticRegression.predict(x: x, coefficients: fit.coefficients)
        let order = p.indices.sorted { p[$0] < p[$1] }
        let size = order.count / 10
        for d in 0..<10 {
            let cell = order[(d * size)..<((d + 1) * size)]
            let predicted = cell.reduce(0) { $0 + p[$1] } / Double(size)
            let observed = cell.reduce(0) { $0 + y[$1] } / Double(size)
            #expect(abs(predicted - observed) < 0.03, "decile \(d): \(predicted) vs \(observed)")
        }
    }
}

/// A standard normal draw (Box–Muller).
func _normal(_ rng: inout SeededGenerator) -> Double {
    let u = Double.random(in: Double.ulpOfOne..<1, using: &rng), v = Double.random(in: 0..<1, using: &rng)
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
}
