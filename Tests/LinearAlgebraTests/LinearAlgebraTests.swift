import Testing
import TestSupport
@testable import LinearAlgebra

func naiveProduct(_ a: Matrix, _ b: Matrix) -> Matrix {
    var c = Matrix(rows: a.rows, columns: b.columns)
    for i in 0..<a.rows {
        for j in 0..<b.columns {
            var s = 0.0
            for k in 0..<a.columns { s += a[i, k] * b[k, j] }
            c[i, j] = s
        }
    }
    return c
}

func randomMatrix(_ rows: Int, _ columns: Int, _ g: inout SeededGenerator) -> Matrix {
    var m = Matrix(rows: rows, columns: columns)
    for i in m.storage.indices { m.storage[i] = Double.random(in: -1...1, using: &g) }
    return m
}

@Suite struct LinearAlgebraTests {
    @Test(arguments: [(1, 1, 1), (3, 5, 7), (17, 2, 9), (64, 33, 1)])
    func gemmMatchesNaiveLoopOnOddSizes(m: Int, k: Int, n: Int) throws {
        var g = SeededGenerator(seed: UInt64(m * 1000 + k * 10 + n))
        let a = randomMatrix(m, k, &g), b = randomMatrix(k, n, &g)
        let c = try BLAS.product(a, b)
        let r = naiveProduct(a, b)
        for i in c.storage.indices { #expect(abs(c.storage[i] - r.storage[i]) < 1e-12) }
        let ct = try BLAS.product(a.transposed, b.transposed, transA: .transposed, transB: .transposed)
        for i in c.storage.indices { #expect(abs(ct.storage[i] - r.storage[i]) < 1e-12) }
    }

    @Test func gemmRejectsNonConformingShapes() {
        let a = Matrix(rows: 2, columns: 3), b = Matrix(rows: 2, columns: 3)
        #expect(throws: LinearAlgebraError.self) { try BLAS.product(a, b) }
    }

    @Test func gemvMatchesNaiveLoop() throws {
        var g = SeededGenerator(seed: 7)
        let a = randomMatrix(5, 3, &g)
        let x = [0.5, -2.0, 3.0]
        let y = try BLAS.product(a, x)
        for i in 0..<5 {
            let expected: Double = a[i, 0] * 0.5 - 2 * a[i, 1] + 3 * a[i, 2]
            #expect(abs(y[i] - expected) < 1e-12)
        }
        let yt = try BLAS.product(a, [1, 2, 3, 4, 5], trans: .transposed)
        #expect(yt.count == 3)
        let expected0: Double = (0..<5).reduce(0.0) { $0 + a[$1, 0] * Double($1 + 1) }
        #expect(abs(yt[0] - expected0) < 1e-12)
    }

    @Test func gramEqualsTransposeTimesMatrixAndIsSymmetric() throws {
        var g = SeededGenerator(seed: 11)
        let a = randomMatrix(13, 4, &g)
        let gram = try BLAS.gram(a)
        let reference = naiveProduct(a.transposed, a)
        for i in gram.storage.indices { #expect(abs(gram.storage[i] - reference.storage[i]) < 1e-12) }
    }

    /// The row-scaled Gram matrix is the Gram matrix of the scaled copy, bit for bit, whether
    /// the scratch is made (wrong size) or reused; a scale per row is required.
    @Test func rowScaledGramEqualsGramOfScaledRows() throws {
        var g = SeededGenerator(seed: 5)
        let a = randomMatrix(37, 6, &g)
        var scratch: [Double] = [1, 2, 3]
        for round in 0..<3 {
            let scales = (0..<37).map { _ in Double.random(in: 0...2, using: &g) }
            var copy = a
            for i in 0..<37 { for j in 0..<6 { copy[i, j] = a[i, j] * scales[i] } }
            #expect(try BLAS.gram(a, rowScales: scales, scratch: &scratch) == BLAS.gram(copy), "round \(round)")
            #expect(scratch == copy.storage)
        }
        // Known answer: rows (1, 2) and (3, 4) scaled by 2 and 0 give 4·(1, 2)ᵀ(1, 2).
        let small = try Matrix([[1, 2], [3, 4]])
        #expect(try BLAS.gram(small, rowScales: [2, 0], scratch: &scratch) == Matrix([[4, 8], [8, 16]]))
        #expect(throws: LinearAlgebraError.self) { try BLAS.gram(small, rowScales: [1], scratch: &scratch) }
    }

    @Test func choleskySolveRecoversKnownSolution() throws {
        var g = SeededGenerator(seed: 3)
        let r = randomMatrix(20, 6, &g)
        var spd = try BLAS.gram(r)
        for i in 0..<6 { spd[i, i] += 0.1 }
        let truth = [1.0, -2, 3, 0.5, 0, 4]
        let b = try BLAS.product(spd, truth)
        let x = try LAPACK.solvePositiveDefinite(spd, b)
        for i in 0..<6 { #expect(abs(x[i] - truth[i]) < 1e-9) }
    }

    @Test func choleskyReportsIndefiniteMatrixAndSymmetricSolveStillWorks() throws {
        let indefinite = try Matrix([[1, 2], [2, 1]])
        #expect(throws: LinearAlgebraError.notPositiveDefinite(order: 2)) {
            try LAPACK.solvePositiveDefinite(indefinite, [1, 1])
        }
        let x = try LAPACK.solveSymmetric(indefinite, [3, 3])
        #expect(abs(x[0] - 1) < 1e-12 && abs(x[1] - 1) < 1e-12)
        #expect(throws: LinearAlgebraError.self) { try LAPACK.solveSymmetric(try Matrix([[0, 0], [0, 0]]), [1, 1]) }
    }

    /// Both solvers read only the upper triangle of the column-major storage (the row-major
    /// lower triangle): a NaN elsewhere is neither read nor refused, as through LAPACKE.
    @Test func solversReadOnlyTheTriangleLAPACKReads() throws {
        let a = try Matrix([[4, .nan], [2, 3]])  // A = [[4, 2], [2, 3]] as LAPACK reads it
        let x = try LAPACK.solvePositiveDefinite(a, [8, 7])
        #expect(abs(x[0] - 1.25) < 1e-12 && abs(x[1] - 1.5) < 1e-12)
        let y = try LAPACK.solveSymmetric(a, [8, 7])
        #expect(abs(y[0] - 1.25) < 1e-12 && abs(y[1] - 1.5) < 1e-12)
    }

    /// A NaN where LAPACK reads is refused before factorising, at LAPACKE's argument positions
    /// (A is argument 5 of both; B is 7 of dposv, 8 of dsysv, after the pivots).
    @Test func nanInputIsRefusedAtLAPACKEPositions() throws {
        let good = try Matrix([[4, 2], [2, 3]])
        let badA = try Matrix([[4, 2], [.nan, 3]])
        #expect(throws: LinearAlgebraError.illegalArgument(routine: "dposv", position: 5)) {
            try LAPACK.solvePositiveDefinite(badA, [1, 1])
        }
        #expect(throws: LinearAlgebraError.illegalArgument(routine: "dposv", position: 7)) {
            try LAPACK.solvePositiveDefinite(good, [1, .nan])
        }
        #expect(throws: LinearAlgebraError.illegalArgument(routine: "dsysv", position: 5)) {
            try LAPACK.solveSymmetric(badA, [1, 1])
        }
        #expect(throws: LinearAlgebraError.illegalArgument(routine: "dsysv", position: 8)) {
            try LAPACK.solveSymmetric(good, [.nan, 1])
        }
    }

    /// Bunch–Kaufman with pivoting (a zero diagonal) and, at order 150, dsysv's blocked path with
    /// the workspace its size query asks for, recover known solutions.
    @Test func symmetricSolveRecoversKnownSolutions() throws {
        let small = try Matrix([[0, 1, 2], [1, 0, 3], [2, 3, 0]])
        let x = try LAPACK.solveSymmetric(small, [8, 10, 8])
        for (value, truth) in zip(x, [1.0, 2, 3]) { #expect(abs(value - truth) < 1e-12) }
        var g = SeededGenerator(seed: 11)
        let r = randomMatrix(150, 150, &g)
        var indefinite = Matrix(rows: 150, columns: 150)
        for i in 0..<150 { for j in 0..<150 { indefinite[i, j] = r[i, j] + r[j, i] } }
        let truth = (0..<150).map { Double($0 % 7) - 3 }
        let y = try LAPACK.solveSymmetric(indefinite, try BLAS.product(indefinite, truth))
        for i in 0..<150 { #expect(abs(y[i] - truth[i]) < 1e-8) }
    }

    @Test func runtimeReportsConfiguration() {
        #expect(!BLASRuntime.configuration.isEmpty)
    }

    /// OpenBLAS is opened on one thread with its idle workers stopped: products big enough for it
    /// to split across threads run on the caller's thread and match a naive loop.
    @Test func openBLASRunsOnOneThreadFromTheStart() throws {
        var g = SeededGenerator(seed: 7)
        let a = randomMatrix(160, 120, &g), b = randomMatrix(120, 140, &g)
        let c = try BLAS.product(a, b)
        #expect(BLASRuntime.threadCount == 1)
        let r = naiveProduct(a, b)
        for i in c.storage.indices { #expect(abs(c.storage[i] - r.storage[i]) < 1e-10) }
    }

    /// Regression: a test process hung in OpenBLAS's `exec_blas_async_wait` when one command
    /// stopped the workers another thread's product was waiting for. Many threads multiplying and
    /// solving at once, while others read the runtime's settings, all finish with the same numbers.
    @Test func concurrentCallsFromManyThreadsAgree() async throws {
        var g = SeededGenerator(seed: 19)
        let a = randomMatrix(200, 150, &g), b = randomMatrix(150, 180, &g)
        let expected = try BLAS.product(a, b).storage
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    if task % 4 == 0 { _ = (BLASRuntime.threadCount, BLASRuntime.coreName) }
                    return try BLAS.product(a, b).storage == expected
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 16))
    }
}
