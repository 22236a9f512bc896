import CLAPACK

/// Safe wrappers over LAPACK's symmetric solvers (OpenBLAS's `dposv_` and `dsysv_`, see ``_OpenBLAS``). Symmetric
/// matrices are passed as column-major (identical storage for a symmetric matrix), so nothing is
/// transposed.
///
/// They behave exactly as the LAPACKE calls they replace (`LAPACKE_dposv`, `LAPACKE_dsysv`
/// with column-major storage, whose default input check they repeat): the same routines run on
/// the same storage, a NaN in the triangle LAPACK reads or in the right-hand side is refused
/// before any factorisation as LAPACKE's illegal argument at its position (5 for `A`, 7 or 8 for
/// `B`), and LAPACK's own illegal-argument positions count LAPACKE's leading layout argument.
public enum LAPACK {
    /// Solves `A·X = B` for symmetric positive-definite `A` by Cholesky (`dposv`).
    ///
    /// - Parameters:
    ///   - a: an `n × n` symmetric matrix (both triangles must hold the same values).
    ///   - b: an `n × k` right-hand side.
    /// - Returns: the `n × k` solution.
    /// - Throws: ``LinearAlgebraError/notPositiveDefinite(order:)`` when the factorisation fails;
    ///   ``LinearAlgebraError/illegalArgument(routine:position:)`` (5 or 7) for a NaN input.
    public static func solvePositiveDefinite(_ a: Matrix, _ b: Matrix) throws(LinearAlgebraError) -> Matrix {
        let n = a.rows
        guard a.columns == n, b.rows == n else {
            throw .dimensionMismatch("posv \(a.rows)×\(a.columns) with rhs \(b.rows)×\(b.columns)")
        }
        if n == 0 || b.columns == 0 { return b }
        var factor = a.storage
        var x = b.transposed.storage // column-major rhs
        if _upperTriangleHasNaN(factor, order: n) { throw .illegalArgument(routine: "dposv", position: 5) }
        if x.contains(where: \.isNaN) { throw .illegalArgument(routine: "dposv", position: 7) }
        let n32 = try _int32(n), k32 = try _int32(b.columns)
        var order = n32, columns = k32, lda = n32, ldb = n32, info: Int32 = 0
        var upper = _upper
        let dposv_ = try _OpenBLAS.get().dposv
        factor.withUnsafeMutableBufferPointer { pa in
            x.withUnsafeMutableBufferPointer { pb in
                guard let ap = pa.baseAddress, let bp = pb.baseAddress else { info = -1; return }
                dposv_(&upper, &order, &columns, ap, &lda, bp, &ldb, &info, 1)
            }
        }
        if info > 0 { throw .notPositiveDefinite(order: Int(info)) }
        if info < 0 { throw .illegalArgument(routine: "dposv", position: Int(-info) + 1) }
        return try Matrix(rows: b.columns, columns: n, storage: x).transposed
    }

    /// Solves `A·x = b` for symmetric (possibly indefinite) `A` by Bunch–Kaufman (`dsysv`, with
    /// the workspace size LAPACK asks for in a first query call).
    /// - Throws: ``LinearAlgebraError/singular(pivot:)`` for an exactly singular matrix;
    ///   ``LinearAlgebraError/illegalArgument(routine:position:)`` (5 or 8) for a NaN input.
    public static func solveSymmetric(_ a: Matrix, _ b: [Double]) throws(LinearAlgebraError) -> [Double] {
        let n = a.rows
        guard a.columns == n, b.count == n else {
            throw .dimensionMismatch("sysv \(a.rows)×\(a.columns) with rhs \(b.count)")
        }
        if n == 0 { return b }
        var factor = a.storage
        var x = b
        if _upperTriangleHasNaN(factor, order: n) { throw .illegalArgument(routine: "dsysv", position: 5) }
        if x.contains(where: \.isNaN) { throw .illegalArgument(routine: "dsysv", position: 8) }
        var pivots = [Int32](repeating: 0, count: n)
        let n32 = try _int32(n)
        var order = n32, columns: Int32 = 1, lda = n32, ldb = n32, info: Int32 = 0
        var upper = _upper
        let dsysv_ = try _OpenBLAS.get().dsysv
        // Workspace query (lwork = −1): dsysv returns its optimal size, at least 1, in work[0].
        var lwork: Int32 = -1
        var optimal = 0.0
        factor.withUnsafeMutableBufferPointer { pa in
            x.withUnsafeMutableBufferPointer { pb in
                pivots.withUnsafeMutableBufferPointer { pp in
                    guard let ap = pa.baseAddress, let bp = pb.baseAddress, let ip = pp.baseAddress else { info = -1; return }
                    dsysv_(&upper, &order, &columns, ap, &lda, ip, bp, &ldb, &optimal, &lwork, &info, 1)
                }
            }
        }
        if info == 0 {
            lwork = Int32(exactly: optimal.rounded(.towardZero)).map { max(1, $0) } ?? 1
            var work = [Double](repeating: 0, count: Int(lwork))
            factor.withUnsafeMutableBufferPointer { pa in
                x.withUnsafeMutableBufferPointer { pb in
                    pivots.withUnsafeMutableBufferPointer { pp in
                        work.withUnsafeMutableBufferPointer { pw in
                            guard let ap = pa.baseAddress, let bp = pb.baseAddress, let ip = pp.baseAddress,
                                  let wp = pw.baseAddress else { info = -1; return }
                            dsysv_(&upper, &order, &columns, ap, &lda, ip, bp, &ldb, wp, &lwork, &info, 1)
                        }
                    }
                }
            }
        }
        if info > 0 { throw .singular(pivot: Int(info)) }
        if info < 0 { throw .illegalArgument(routine: "dsysv", position: Int(-info) + 1) }
        return x
    }

    /// Solves `A·x = b` for symmetric positive-definite `A` (vector right-hand side).
    public static func solvePositiveDefinite(_ a: Matrix, _ b: [Double]) throws(LinearAlgebraError) -> [Double] {
        try solvePositiveDefinite(a, try Matrix(rows: b.count, columns: 1, storage: b)).storage
    }

    /// `uplo = 'U'`: LAPACK reads the upper triangle of the column-major matrix.
    static var _upper: CChar { CChar(UInt8(ascii: "U")) }

    /// Whether the upper triangle (diagonal included) of the column-major `n × n` matrix in
    /// `storage` holds a NaN: the elements LAPACKE's default input check reads for `uplo = 'U'`.
    static func _upperTriangleHasNaN(_ storage: [Double], order n: Int) -> Bool {
        for column in 0..<n {
            for row in 0...column where storage[column * n + row].isNaN { return true }
        }
        return false
    }
}
