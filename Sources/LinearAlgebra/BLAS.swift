import CBLAS

/// Whether an operand is used as is or transposed.
public enum Transpose: Sendable {
    case none, transposed
    var cblas: CBLAS_TRANSPOSE { self == .none ? CblasNoTrans : CblasTrans }
}

/// Safe wrappers over CBLAS level-2/3 routines on row-major ``Matrix`` values.
public enum BLAS {
    /// `C ← alpha · op(A) · op(B) + beta · C` (`cblas_dgemm`).
    ///
    /// Cost: `2·m·n·k` floating-point operations.
    /// - Throws: ``LinearAlgebraError/dimensionMismatch(_:)`` when shapes do not conform.
    public static func gemm(
        _ a: Matrix, _ b: Matrix, transA: Transpose = .none, transB: Transpose = .none,
        alpha: Double = 1, beta: Double = 0, into c: inout Matrix
    ) throws(LinearAlgebraError) {
        let (m, k) = transA == .none ? (a.rows, a.columns) : (a.columns, a.rows)
        let (kb, n) = transB == .none ? (b.rows, b.columns) : (b.columns, b.rows)
        guard k == kb, c.rows == m, c.columns == n else {
            throw .dimensionMismatch("gemm \(m)×\(k) · \(kb)×\(n) into \(c.rows)×\(c.columns)")
        }
        if m == 0 || n == 0 { return }
        if k == 0 {
            for i in c.storage.indices { c.storage[i] *= beta }
            return
        }
        let (m32, n32, k32) = (try _int32(m), try _int32(n), try _int32(k))
        let lda = try _int32(max(1, a.columns)), ldb = try _int32(max(1, b.columns))
        let ldc = try _int32(max(1, c.columns))
        let dgemm = try _OpenBLAS.get().dgemm
        a.storage.withUnsafeBufferPointer { pa in
            b.storage.withUnsafeBufferPointer { pb in
                c.storage.withUnsafeMutableBufferPointer { pc in
                    guard let ap = pa.baseAddress, let bp = pb.baseAddress, let cp = pc.baseAddress else { return }
                    dgemm(CblasRowMajor, transA.cblas, transB.cblas, m32, n32, k32,
                                alpha, ap, lda, bp, ldb, beta, cp, ldc)
                }
            }
        }
    }

    /// `op(A) · op(B)` as a new matrix.
    public static func product(
        _ a: Matrix, _ b: Matrix, transA: Transpose = .none, transB: Transpose = .none
    ) throws(LinearAlgebraError) -> Matrix {
        let m = transA == .none ? a.rows : a.columns
        let n = transB == .none ? b.columns : b.rows
        var c = Matrix(rows: m, columns: n)
        try gemm(a, b, transA: transA, transB: transB, into: &c)
        return c
    }

    /// `y ← alpha · op(A) · x + beta · y` (`cblas_dgemv`).
    public static func gemv(
        _ a: Matrix, _ x: [Double], trans: Transpose = .none,
        alpha: Double = 1, beta: Double = 0, into y: inout [Double]
    ) throws(LinearAlgebraError) {
        let (m, n) = trans == .none ? (a.rows, a.columns) : (a.columns, a.rows)
        guard x.count == n, y.count == m else {
            throw .dimensionMismatch("gemv \(m)×\(n) · \(x.count) into \(y.count)")
        }
        if m == 0 { return }
        if n == 0 {
            for i in y.indices { y[i] *= beta }
            return
        }
        let (rows32, cols32) = (try _int32(a.rows), try _int32(a.columns))
        let lda = try _int32(max(1, a.columns))
        let dgemv = try _OpenBLAS.get().dgemv
        a.storage.withUnsafeBufferPointer { pa in
            x.withUnsafeBufferPointer { px in
                y.withUnsafeMutableBufferPointer { py in
                    guard let ap = pa.baseAddress, let xp = px.baseAddress, let yp = py.baseAddress else { return }
                    dgemv(CblasRowMajor, trans.cblas, rows32, cols32, alpha, ap, lda, xp, 1, beta, yp, 1)
                }
            }
        }
    }

    /// `op(A) · x` as a new vector.
    public static func product(_ a: Matrix, _ x: [Double], trans: Transpose = .none) throws(LinearAlgebraError) -> [Double] {
        var y = [Double](repeating: 0, count: trans == .none ? a.rows : a.columns)
        try gemv(a, x, trans: trans, into: &y)
        return y
    }

    /// The Gram matrix `Aᵀ·A` (`cblas_dsyrk`), returned full (both triangles filled).
    ///
    /// Cost: about `n·p²` operations for an `n × p` matrix, half of the equivalent gemm.
    public static func gram(_ a: Matrix, alpha: Double = 1) throws(LinearAlgebraError) -> Matrix {
        let p = a.columns
        var c = Matrix(rows: p, columns: p)
        if p == 0 || a.rows == 0 { return c }
        let (n32, k32) = (try _int32(p), try _int32(a.rows))
        let lda = try _int32(max(1, a.columns)), ldc = try _int32(max(1, p))
        let dsyrk = try _OpenBLAS.get().dsyrk
        a.storage.withUnsafeBufferPointer { pa in
            c.storage.withUnsafeMutableBufferPointer { pc in
                guard let ap = pa.baseAddress, let cp = pc.baseAddress else { return }
                // Row-major C = Aᵀ A, upper triangle written.
                dsyrk(CblasRowMajor, CblasUpper, CblasTrans, n32, k32, alpha, ap, lda, 0, cp, ldc)
            }
        }
        for i in 0..<p {
            for j in 0..<i { c.storage[i * p + j] = c.storage[j * p + i] }
        }
        return c
    }

    /// The Gram matrix of `a` with row `i` scaled by `rowScales[i]`: `(DA)ᵀ(DA)`, `D = diag(rowScales)`,
    /// as ``gram(_:alpha:)`` of the scaled copy. The copy is written into `scratch` (resized to
    /// `a.rows · a.columns` without a zero fill, else overwritten in place), so a caller that
    /// forms many such products of one matrix (Newton steps) allocates it once.
    /// - Throws: ``LinearAlgebraError/dimensionMismatch(_:)`` when `rowScales.count != a.rows`.
    public static func gram(_ a: Matrix, rowScales: [Double], scratch: inout [Double]) throws(LinearAlgebraError) -> Matrix {
        let n = a.rows, p = a.columns
        guard rowScales.count == n else {
            throw .dimensionMismatch("gram of \(n) rows with \(rowScales.count) row scales")
        }
        func scale(into target: UnsafeMutableBufferPointer<Double>) {
            a.storage.withUnsafeBufferPointer { source in
                rowScales.withUnsafeBufferPointer { scales in
                    guard let s = source.baseAddress, let t = target.baseAddress, let r = scales.baseAddress else { return }
                    for i in 0..<n {
                        let root = r[i], row = i * p
                        for j in row..<(row + p) { (t + j).initialize(to: s[j] * root) }
                    }
                }
            }
        }
        if scratch.count == n * p {
            scratch.withUnsafeMutableBufferPointer { scale(into: $0) }
        } else {
            scratch = [Double](unsafeUninitializedCapacity: n * p) { buffer, count in
                scale(into: buffer)
                count = n * p
            }
        }
        let scaled = try Matrix(rows: n, columns: p, storage: scratch)
        return try gram(scaled)
    }

    /// Dot product `xᵀy` (`cblas_ddot`).
    public static func dot(_ x: [Double], _ y: [Double]) throws(LinearAlgebraError) -> Double {
        guard x.count == y.count else { throw .dimensionMismatch("dot \(x.count) · \(y.count)") }
        if x.isEmpty { return 0 }
        let n = try _int32(x.count)
        let ddot = try _OpenBLAS.get().ddot
        return x.withUnsafeBufferPointer { px in
            y.withUnsafeBufferPointer { py in
                guard let xp = px.baseAddress, let yp = py.baseAddress else { return 0 }
                return ddot(n, xp, 1, yp, 1)
            }
        }
    }
}
