/// Errors from the linear-algebra layer. LAPACK's `info` codes become thrown errors here; nothing
/// in this module traps on data.
public enum LinearAlgebraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Operand shapes do not fit the operation.
    case dimensionMismatch(String)
    /// A dimension does not fit the 32-bit integers that BLAS/LAPACK take.
    case dimensionTooLarge(Int)
    /// The matrix is not positive definite: the leading minor of this order is not positive
    /// (LAPACK `info > 0` from `dposv`/`dpotrf`).
    case notPositiveDefinite(order: Int)
    /// The matrix is exactly singular (LAPACK `info > 0` from `dsysv`/`dgesv`).
    case singular(pivot: Int)
    /// LAPACK reported an illegal argument (`info < 0`); a bug in the caller, surfaced as an error.
    case illegalArgument(routine: String, position: Int)
    /// OpenBLAS (`libopenblas.so.0`, opened on the first BLAS or LAPACK call) could not be opened
    /// or lacks an entry point: install Debian's `libopenblas0` (or `libopenblas-dev`).
    case libraryUnavailable(String)

    public var description: String {
        switch self {
        case .dimensionMismatch(let what): "dimension mismatch: \(what)"
        case .dimensionTooLarge(let n): "dimension \(n) exceeds the 32-bit BLAS/LAPACK limit"
        case .notPositiveDefinite(let order): "matrix is not positive definite (leading minor \(order))"
        case .singular(let pivot): "matrix is singular (pivot \(pivot))"
        case .illegalArgument(let routine, let position): "\(routine): illegal argument \(position)"
        case .libraryUnavailable(let reason): "OpenBLAS unavailable (\(reason)); install libopenblas0"
        }
    }
}

@inline(__always)
func _int32(_ value: Int) throws(LinearAlgebraError) -> Int32 {
    guard let v = Int32(exactly: value) else { throw .dimensionTooLarge(value) }
    return v
}
