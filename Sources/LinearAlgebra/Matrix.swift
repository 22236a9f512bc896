/// A dense, row-major matrix of `Double`.
///
/// Element `(i, j)` lives at `storage[i * columns + j]`. The type is a plain value: copies are
/// independent (copy-on-write through the underlying array), and it is `Sendable`, so it can be
/// handed to concurrent tasks without sharing memory.
public struct Matrix: Sendable, Equatable {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// Row-major elements; `count == rows * columns`.
    public internal(set) var storage: [Double]

    /// A `rows × columns` matrix filled with `value`; negative dimensions are taken as 0.
    public init(rows: Int, columns: Int, repeating value: Double = 0) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        self.storage = Array(repeating: value, count: self.rows * self.columns)
    }

    /// A matrix over existing row-major storage.
    /// - Throws: ``LinearAlgebraError/dimensionMismatch(_:)`` when `storage.count != rows * columns`.
    public init(rows: Int, columns: Int, storage: [Double]) throws(LinearAlgebraError) {
        guard rows >= 0, columns >= 0, storage.count == rows * columns else {
            throw .dimensionMismatch("storage of \(storage.count) elements for a \(rows)×\(columns) matrix")
        }
        self.rows = rows
        self.columns = columns
        self.storage = storage
    }

    /// A matrix from an array of equal-length rows.
    public init(_ rowArrays: [[Double]]) throws(LinearAlgebraError) {
        let columns = rowArrays.first?.count ?? 0
        guard rowArrays.allSatisfy({ $0.count == columns }) else {
            throw .dimensionMismatch("rows of unequal length")
        }
        try self.init(rows: rowArrays.count, columns: columns, storage: rowArrays.flatMap { $0 })
    }

    /// The `n × n` identity matrix.
    public static func identity(_ n: Int) -> Matrix {
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n { m.storage[i * n + i] = 1 }
        return m
    }

    /// Element access; indices are checked by the array.
    public subscript(row: Int, column: Int) -> Double {
        get { storage[row * columns + column] }
        set { storage[row * columns + column] = newValue }
    }

    /// Row `i` as a new array.
    public func row(_ i: Int) -> [Double] {
        Array(storage[(i * columns)..<((i + 1) * columns)])
    }

    /// The transpose, as a new matrix.
    public var transposed: Matrix {
        var t = Matrix(rows: columns, columns: rows)
        for i in 0..<rows {
            for j in 0..<columns { t.storage[j * rows + i] = storage[i * columns + j] }
        }
        return t
    }
}
