import Foundation
import LinearAlgebra
import Testing
import TestSupport
@testable import UsageModel

/// `LogisticRegression.fitStaged`: first steps on every `stride`-th row, then all rows — the
/// plain fit's optimum in fewer full steps, and exactly the plain fit whenever it is not staged.
@Suite struct StagedLogisticFitTests {
    /// Rare positives, as the trigger scorer sees them (an intercept and three features).
    static let truth = [-3.0, 1.5, -0.8, 0.4]

    /// From zero, the staged fit's second stage converges to the plain fit's optimum (both to
    /// 10⁻⁹: the stationary point, known to about 10⁻¹² either way) in fewer full steps.
    @Test func reachesThePlainOptimumInFewerFullSteps() throws {
        for seed in [7, 13] as [UInt64] {
            let (x, y) = try LogisticRegressionTests.simulate(rows: 40_000, beta: Self.truth, seed: seed)
            let plain = try LogisticRegression.fit(x: x, y: y, l2: 1, tolerance: 1e-9)
            let staged = try LogisticRegression.fitStaged(x: x, y: y, l2: 1, start: nil, tolerance: 1e-9,
                                                          stride: 16, minimumRows: 2_000)
            #expect(plain.converged && staged.converged)
            for (s, p) in zip(staged.coefficients, plain.coefficients) { #expect(abs(s - p) < 1e-9, "seed \(seed)") }
            #expect(staged.iterations < plain.iterations, "seed \(seed): \(staged.iterations) vs \(plain.iterations)")
            // The optimum is the data's: near the coefficients that generated it.
            for (s, t) in zip(staged.coefficients, Self.truth) { #expect(abs(s - t) < 0.15, "seed \(seed)") }
        }
    }

    /// Too few rows, a stride below 2, or a sample with one class only: the plain fit from
    /// `start`, bit for bit.
    @Test func fallsBackToThePlainFit() throws {
        let (x, y) = try LogisticRegressionTests.simulate(rows: 3_000, beta: Self.truth, seed: 5)
        let start = [-2.0, 0, 0, 0]
        let plain = try LogisticRegression.fit(x: x, y: y, l2: 1, start: start, tolerance: 1e-6)
        #expect(try LogisticRegression.fitStaged(x: x, y: y, l2: 1, start: start, tolerance: 1e-6,
                                                 stride: 16, minimumRows: 3_001) == plain)
        #expect(try LogisticRegression.fitStaged(x: x, y: y, l2: 1, start: start, tolerance: 1e-6,
                                                 stride: 1, minimumRows: 0) == plain)
        // Every sampled row (0, 16, 32, …) labelled 0, the rest as drawn: the sample has no positive.
        let unsampledPositives = y.indices.map { $0 % 16 == 0 ? 0 : y[$0] }
        #expect(unsampledPositives.contains(1))
        #expect(try LogisticRegression.fitStaged(x: x, y: unsampledPositives, l2: 1, start: start, tolerance: 1e-6,
                                                 stride: 16, minimumRows: 0)
            == LogisticRegression.fit(x: x, y: unsampledPositives, l2: 1, start: start, tolerance: 1e-6))
        // Mismatched labels are the plain fit's error.
        #expect(throws: LinearAlgebraError.self) {
            try LogisticRegression.fitStaged(x: x, y: Array(y.dropLast()), l2: 1, start: nil, tolerance: 1e-6,
                                             stride: 16, minimumRows: 0)
        }
    }

    /// The sample's penalty is `l2 / stride`: with every row sampled twice over (`stride` 2 of a
    /// design whose rows come in identical pairs) the first stage's optimum is the full one.
    @Test func samplePenaltyIsThePenaltyPerRow() throws {
        let (half, halfLabels) = try LogisticRegressionTests.simulate(rows: 4_000, beta: Self.truth, seed: 9)
        var storage: [Double] = [], labels: [Double] = []
        for i in 0..<half.rows {
            let row = half.row(i)
            storage += row + row
            labels += [halfLabels[i], halfLabels[i]]
        }
        let x = try Matrix(rows: 2 * half.rows, columns: half.columns, storage: storage)
        let full = try LogisticRegression.fit(x: x, y: labels, l2: 2, tolerance: 1e-10)
        let sample = try LogisticRegression.fit(x: half, y: halfLabels, l2: 1, tolerance: 1e-10)
        for (s, f) in zip(sample.coefficients, full.coefficients) { #expect(abs(s - f) < 1e-9) }
        // Staged from there, the second stage starts on the optimum: one step below tolerance.
        let staged = try LogisticRegression.fitStaged(x: x, y: labels, l2: 2, start: nil, tolerance: 1e-6,
                                                      stride: 2, minimumRows: 0, stageTolerance: 1e-10)
        #expect(staged.iterations == 1 && staged.converged)
    }
}
