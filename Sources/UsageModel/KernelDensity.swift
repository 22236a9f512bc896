import Foundation
import LinearAlgebra

/// Circular kernel density estimation on a slot grid (a day of 96 fifteen-minute slots by
/// default, a week of 672), with a wrapped Gaussian kernel.
///
/// Smoothing is the product `K · H` of a circulant kernel matrix `K` (`n × n`,
/// `K[i, j] = k[(i − j) mod n]`) and a slot-histogram matrix `H` (`n × c`, one column per app or
/// profile). Three implementations compute the same numbers:
/// - ``smoothBLAS(_:kernels:)``: ONE `cblas_dgemm` of the stacked kernels `[K₁; …; K_G]`
///   (`G·n × n`) by `H`, cost `2·G·n²·c` flops;
/// - ``smoothSparse(_:kernels:)``: exact scatter of each non-zero histogram cell's kernel column
///   over the kernel's numerical support (entries below 10⁻¹⁷ of the peak skipped), cost
///   `2·nnz·Σ_g(2r_g + 1)` — faster when histograms are sparse or kernels narrow (measured 23 ms vs
///   90 ms for the dgemm on the 50,000-launch benchmark device);
/// - ``smoothNaive(_:kernels:)``: the readable triple loop, the reference both are tested against.
public enum KernelDensity {
    /// Which implementation ``smooth(_:kernels:path:)`` uses.
    public enum Path: String, Sendable, Codable, CaseIterable {
        /// The cheaper of `blas` and `sparse` by flop count.
        case automatic
        /// One dense `dgemm` of stacked kernels by the histogram.
        case blas
        /// Scatter of non-zero cells (exact, same sums in a different order).
        case sparse
    }

    /// The wrapped Gaussian kernel on a circle of `slots` cells: `k[Δ] ∝ Σ_m exp(−(Δ + m·n)² / 2σ²)`
    /// for `Δ` in `0..<n`, normalised so `Σ k = 1`; symmetric (`k[Δ] = k[n − Δ]`).
    ///
    /// - Parameters:
    ///   - slots: the circle's size `n ≥ 1`.
    ///   - sigmaSlots: standard deviation in slots; values ≤ 0.05 give the identity kernel.
    /// - Complexity: O(n · (1 + σ/n)).
    public static func wrappedGaussian(slots n: Int, sigmaSlots sigma: Double) -> [Double] {
        guard n > 0 else { return [] }
        var k = [Double](repeating: 0, count: n)
        guard sigma > 0.05 else { k[0] = 1; return k }
        let wraps = Int((8 * sigma / Double(n)).rounded(.up)) + 1
        for d in 0..<n {
            var sum = 0.0
            for m in -wraps...wraps {
                let x = Double(d + m * n) / sigma
                sum += exp(-0.5 * x * x)
            }
            k[d] = sum
        }
        let total = k.reduce(0, +)
        return k.map { $0 / total }
    }

    /// The circulant matrix `K[i, j] = k[(i − j) mod n]` of a kernel vector.
    public static func circulant(_ k: [Double]) -> Matrix {
        let n = k.count
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n {
            for j in 0..<n { m[i, j] = k[(i - j + n) % n] }
        }
        return m
    }

    /// Smooths every column of `h` with every kernel, choosing the implementation by `path`.
    /// - Returns: one `n × c` matrix per kernel, in kernel order.
    public static func smooth(_ h: Matrix, kernels: [[Double]], path: Path = .automatic) throws -> [Matrix] {
        switch path {
        case .blas: return try smoothBLAS(h, kernels: kernels)
        case .sparse: return smoothSparse(h, kernels: kernels)
        case .automatic:
            return automaticChoice(h, kernels: kernels) == .sparse
                ? smoothSparse(h, kernels: kernels) : try smoothBLAS(h, kernels: kernels)
        }
    }

    /// The path ``Path/automatic`` takes: `sparse` when its multiply-adds, `nnz · Σ_g (2r_g + 1)`
    /// (`r_g` the kernel's numerical half-width), are fewer than the dense product's `G·n²·c`
    /// divided by 25 — measured: dgemm runs ~45 GFLOP/s here, the scalar scatter ~1–2
    /// (`reveille bench kernel`).
    public static func automaticChoice(_ h: Matrix, kernels: [[Double]]) -> Path {
        let nonZero = h.storage.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
        let band = kernels.reduce(0) { $0 + min(h.rows, 2 * _support($1) + 1) }
        let dense = Double(kernels.count) * Double(h.rows) * Double(h.rows) * Double(h.columns)
        return Double(nonZero) * Double(band) * 25 < dense ? .sparse : .blas
    }

    /// `[K₁; …; K_G] · H` as one `dgemm`, split into `G` blocks.
    /// - Throws: `LinearAlgebraError` when a kernel's length differs from `h.rows`.
    public static func smoothBLAS(_ h: Matrix, kernels: [[Double]]) throws -> [Matrix] {
        let n = h.rows
        guard kernels.allSatisfy({ $0.count == n }) else {
            throw LinearAlgebraError.dimensionMismatch("kernel length vs \(n) slots")
        }
        let stacked = _KernelCache.shared.stackedCirculants(kernels)
        let kMatrix = try Matrix(rows: kernels.count * n, columns: n, storage: stacked)
        let product = try BLAS.product(kMatrix, h)
        let block = n * h.columns
        return try (0..<kernels.count).map { g in
            try Matrix(rows: n, columns: h.columns, storage: Array(product.storage[(g * block)..<((g + 1) * block)]))
        }
    }

    /// Exact sparse smoothing: for every non-zero `H[j, c]`, add `H[j, c] · k[(i − j) mod n]` to
    /// output row `i` of column `c`. Cost `O(G · nnz · n)`.
    public static func smoothSparse(_ h: Matrix, kernels: [[Double]]) -> [Matrix] {
        let n = h.rows, c = h.columns
        let cells = _nonZeroCells(h)
        return kernels.map { k in
            var out = [Double](repeating: 0, count: n * c)
            guard k.count == n else { return Matrix(rows: n, columns: c) }
            let scatter = _Scatter(k)
            var column = [Double](repeating: 0, count: n)
            for col in 0..<c where !cells[col].isEmpty {
                scatter.apply(cells[col], into: &column)
                for i in 0..<n { out[i * c + col] = column[i] }
            }
            return (try? Matrix(rows: n, columns: c, storage: out)) ?? Matrix(rows: n, columns: c)
        }
    }

    /// ``smoothSparse(_:kernels:)`` of each column with its own kernel only: column `c` of the
    /// result (one array per column) is column `c` of the block of `kernels[kernelOfColumn[c]]`,
    /// the same sums in the same order, without smoothing the column with the other kernels.
    /// A column whose kernel index is out of range, or whose kernel's length differs from
    /// `h.rows`, comes out as zeros (as ``smoothSparse(_:kernels:)``'s block of such a kernel).
    static func smoothSparse(_ h: Matrix, kernels: [[Double]], kernelOfColumn: [Int]) -> [[Double]] {
        let n = h.rows, c = h.columns
        let cells = _nonZeroCells(h)
        let scatters = kernels.map { $0.count == n ? _Scatter($0) : nil }
        return (0..<c).map { col in
            var column = [Double](repeating: 0, count: n)
            guard !cells[col].isEmpty, kernelOfColumn.indices.contains(col), scatters.indices.contains(kernelOfColumn[col]),
                  let scatter = scatters[kernelOfColumn[col]] else { return column }
            scatter.apply(cells[col], into: &column)
            return column
        }
    }

    /// The non-zero cells of each column of `h`, by row.
    static func _nonZeroCells(_ h: Matrix) -> [[(slot: Int, value: Double)]] {
        let n = h.rows, c = h.columns
        var cells: [[(slot: Int, value: Double)]] = Array(repeating: [], count: c)
        for j in 0..<n {
            for col in 0..<c where h.storage[j * c + col] != 0 { cells[col].append((j, h.storage[j * c + col])) }
        }
        return cells
    }

    /// One kernel's scatter over its numerical support (a kernel of the circle's length `n`).
    struct _Scatter {
        let n: Int
        let first: Int
        let last: Int
        /// `extended[Δ + n] = k[Δ mod n]` for `Δ` in `-n..<n`.
        let extended: [Double]

        init(_ k: [Double]) {
            n = k.count
            let r = KernelDensity._support(k)
            (first, last) = 2 * r + 1 >= n ? (0, n - 1) : (-r, r)
            let n = n
            extended = (-n..<n).map { k[($0 + n) % n] }
        }

        /// `column[i] = Σ v · k[(i − j) mod n]` over the cells `(j, v)`, in cell order
        /// (`column` has `n` values, overwritten).
        func apply(_ cells: [(slot: Int, value: Double)], into column: inout [Double]) {
            for i in 0..<n { column[i] = 0 }
            for (j, v) in cells {
                let lo = j + first, hi = j + last, base = n - j
                for i in max(lo, 0)...min(hi, n - 1) { column[i] += v * extended[i + base] }
                if lo < 0 { for i in lo..<0 { column[i + n] += v * extended[i + base] } }
                if hi >= n { for i in n...hi { column[i - n] += v * extended[i + base] } }
            }
        }
    }

    /// Half-width `r` of the kernel's numerical support: every `k[Δ]` with `r < Δ < n − r` is below
    /// `10⁻¹⁷·k[0]`, so skipping it changes no sum by more than `10⁻¹⁷` of its weight.
    static func _support(_ k: [Double]) -> Int {
        let n = k.count
        guard n > 1, let peak = k.first else { return 0 }
        var r = n / 2
        while r > 0, k[r] < 1e-17 * peak, k[n - r] < 1e-17 * peak { r -= 1 }
        return r
    }

    /// Reference triple loop: `out[i, c] = Σ_j k[(i − j) mod n] · H[j, c]`.
    public static func smoothNaive(_ h: Matrix, kernels: [[Double]]) -> [Matrix] {
        let n = h.rows
        return kernels.map { k in
            var out = Matrix(rows: n, columns: h.columns)
            guard k.count == n else { return out }
            for i in 0..<n {
                for col in 0..<h.columns {
                    var s = 0.0
                    for j in 0..<n { s += k[(i - j + n) % n] * h[j, col] }
                    out[i, col] = s
                }
            }
            return out
        }
    }
}
