import CLAPACKE

/// Safe wrappers over LAPACKE solvers. Symmetric matrices are passed as column-major (identical
/// storage for a symmetric matrix), which avoids LAPACKE's transposed copies.
public enum LAPACK {
    /// Solves `A·X = B` for symmetric positive-definite `A` by Cholesky (`LAPACKE_dposv`).
    ///
    /// - Parameters:
    ///   - a: an `n × n` symmetric matrix (both triangles must hold the same values).
    ///   - b: an `n × k` right-hand side.
    /// - Returns: the `n × k` solution.
    /// - Throws: ``LinearAlgebraError/notPositiveDefinite(order:)`` when the factorisation fails.
    public static func solvePositiveDefinite(_ a: Matrix, _ b: Matrix) throws(LinearAlgebraError) -> Matrix {
        let n = a.rows
        guard a.columns == n, b.rows == n else {
            throw .dimensionMismatch("posv \(a.rows)×\(a.columns) with rhs \(b.rows)×\(b.columns)")
        }
        if n == 0 || b.columns == 0 { return b }
        var factor = a.storage
        var x = b.transposed.storage // column-major rhs
        let n32 = try _int32(n), k32 = try _int32(b.columns)
        let info = factor.withUnsafeMutableBufferPointer { pa in
            x.withUnsafeMutableBufferPointer { pb -> Int32 in
                guard let ap = pa.baseAddress, let bp = pb.baseAddress else { return -1 }
                return LAPACKE_dposv(LAPACK_COL_MAJOR, Int8(UInt8(ascii: "U")), n32, k32, ap, n32, bp, n32)
            }
        }
        if info > 0 { throw .notPositiveDefinite(order: Int(info)) }
        if info < 0 { throw .illegalArgument(routine: "dposv", position: Int(-info)) }
        return try Matrix(rows: b.columns, columns: n, storage: x).transposed
    }

    /// Solves `A·x = b` for symmetric (possibly indefinite) `A` by Bunch–Kaufman (`LAPACKE_dsysv`).
    /// - Throws: ``LinearAlgebraError/singular(pivot:)`` for an exactly singular matrix.
    public static func solveSymmetric(_ a: Matrix, _ b: [Double]) throws(LinearAlgebraError) -> [Double] {
        let n = a.rows
        guard a.columns == n, b.count == n else {
            throw .dimensionMismatch("sysv \(a.rows)×\(a.columns) with rhs \(b.count)")
        }
        if n == 0 { return b }
        var factor = a.storage
        var x = b
        var pivots = [Int32](repeating: 0, count: n)
        let n32 = try _int32(n)
        let info = factor.withUnsafeMutableBufferPointer { pa in
            x.withUnsafeMutableBufferPointer { pb in
                pivots.withUnsafeMutableBufferPointer { pp -> Int32 in
                    guard let ap = pa.baseAddress, let bp = pb.baseAddress, let ip = pp.baseAddress else { return -1 }
                    return LAPACKE_dsysv(LAPACK_COL_MAJOR, Int8(UInt8(ascii: "U")), n32, 1, ap, n32, ip, bp, n32)
                }
            }
        }
        if info > 0 { throw .singular(pivot: Int(info)) }
        if info < 0 { throw .illegalArgument(routine: "dsysv", position: Int(-info)) }
        return x
    }

    /// Solves `A·x = b` for symmetric positive-definite `A` (vector right-hand side).
    public static func solvePositiveDefinite(_ a: Matrix, _ b: [Double]) throws(LinearAlgebraError) -> [Double] {
        try solvePositiveDefinite(a, try Matrix(rows: b.count, columns: 1, storage: b)).storage
    }
}
