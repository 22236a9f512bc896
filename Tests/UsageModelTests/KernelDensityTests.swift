import LinearAlgebra
import Testing
import TestSupport
@testable import UsageModel

@Suite struct KernelDensityTests {
    @Test(arguments: [(288, 4.0), (288, 36.0), (2016, 12.0), (24, 1.0), (7, 30.0)])
    func kernelIntegratesToOneAndIsSymmetric(slots: Int, sigma: Double) {
        let k = KernelDensity.wrappedGaussian(slots: slots, sigmaSlots: sigma)
        #expect(abs(k.reduce(0, +) - 1) < 1e-12)
        for d in 1..<slots { #expect(abs(k[d] - k[slots - d]) < 1e-15) }
    }

    @Test func smoothedDensityIntegratesToOneOnItsCircle() throws {
        var h = Matrix(rows: 288, columns: 2)
        h[10, 0] = 3; h[200, 0] = 1; h[287, 1] = 0.5
        let out = try KernelDensity.smoothBLAS(h, kernels: [KernelDensity.wrappedGaussian(slots: 288, sigmaSlots: 9)])[0]
        let col0 = (0..<288).reduce(0) { $0 + out[$1, 0] }, col1 = (0..<288).reduce(0) { $0 + out[$1, 1] }
        #expect(abs(col0 / 4 - 1) < 1e-12)
        #expect(abs(col1 / 0.5 - 1) < 1e-12)
    }

    @Test func singleLaunchGivesSymmetricPeakAtItsSlot() throws {
        var h = Matrix(rows: 288, columns: 1)
        h[144, 0] = 1
        let f = try KernelDensity.smoothBLAS(h, kernels: [KernelDensity.wrappedGaussian(slots: 288, sigmaSlots: 6)])[0]
        let peak = (0..<288).max { f[$0, 0] < f[$1, 0] }
        #expect(peak == 144)
        for d in 1..<100 { #expect(abs(f[144 - d, 0] - f[144 + d, 0]) < 1e-15) }
    }

    @Test func densityWrapsAcrossMidnight() throws {
        var h = Matrix(rows: 288, columns: 1)
        h[287, 0] = 1 // 23:55
        let f = try KernelDensity.smoothBLAS(h, kernels: [KernelDensity.wrappedGaussian(slots: 288, sigmaSlots: 6)])[0]
        #expect(abs(f[0, 0] - f[286, 0]) < 1e-15) // 00:00 mirrors 23:50
        #expect(f[5, 0] > f[150, 0] * 1e6)
    }

    @Test func weekDensityWrapsFromSundayToMonday() throws {
        let n = 2016
        var h = Matrix(rows: n, columns: 1)
        h[n - 1, 0] = 1 // Sunday 23:55
        let f = try KernelDensity.smoothBLAS(h, kernels: [KernelDensity.wrappedGaussian(slots: n, sigmaSlots: 12)])[0]
        #expect(abs(f[3, 0] - f[n - 5, 0]) < 1e-15) // Monday 00:15 mirrors Sunday 23:35
        #expect(f[3, 0] > 0.01)
        #expect(abs((0..<n).reduce(0) { $0 + f[$1, 0] } - 1) < 1e-12)
    }

    @Test(arguments: [(37, 5), (288, 7), (101, 1)])
    func blasSparseAndNaivePathsAgree(slots: Int, columns: Int) throws {
        var rng = SeededGenerator(seed: UInt64(slots * 31 + columns))
        var h = Matrix(rows: slots, columns: columns)
        for _ in 0..<(slots * columns / 4 + 1) {
            h[Int.random(in: 0..<slots, using: &rng), Int.random(in: 0..<columns, using: &rng)] += Double.random(in: 0...2, using: &rng)
        }
        let kernels = [1.5, 4.0, 11.0].map { KernelDensity.wrappedGaussian(slots: slots, sigmaSlots: $0) }
        let blas = try KernelDensity.smoothBLAS(h, kernels: kernels)
        let sparse = KernelDensity.smoothSparse(h, kernels: kernels)
        let naive = KernelDensity.smoothNaive(h, kernels: kernels)
        for g in kernels.indices {
            for i in 0..<(slots * columns) {
                #expect(abs(blas[g].storage[i] - naive[g].storage[i]) < 1e-12)
                #expect(abs(sparse[g].storage[i] - naive[g].storage[i]) < 1e-12)
            }
        }
    }

    /// Each column smoothed with its own kernel only gives, bit for bit, that column of its
    /// kernel's block of the full sparse smoothing (and zeros for a kernel index out of range).
    @Test(arguments: [(37, 5), (672, 9), (101, 1)])
    func ownKernelColumnsEqualTheirBlocksColumns(slots: Int, columns: Int) {
        var rng = SeededGenerator(seed: UInt64(slots * 17 + columns))
        var h = Matrix(rows: slots, columns: columns)
        for _ in 0..<(slots * columns / 6 + 1) {
            h[Int.random(in: 0..<slots, using: &rng), Int.random(in: 0..<columns, using: &rng)] += Double.random(in: 0...2, using: &rng)
        }
        let kernels = [1.5, 4.0, 40.0].map { KernelDensity.wrappedGaussian(slots: slots, sigmaSlots: $0) }
        let blocks = KernelDensity.smoothSparse(h, kernels: kernels)
        let choice = (0..<columns).map { $0 == 0 ? 7 : ($0 * 5) % kernels.count }
        let own = KernelDensity.smoothSparse(h, kernels: kernels, kernelOfColumn: choice)
        #expect(own.count == columns)
        for col in 0..<columns {
            let expected = choice[col] < kernels.count ? (0..<slots).map { blocks[choice[col]][$0, col] }
                : [Double](repeating: 0, count: slots)
            #expect(own[col].map(\.bitPattern) == expected.map(\.bitPattern))
        }
    }

    @Test func rotatedHistoryRotatesItsDensity() throws {
        var h = Matrix(rows: 96, columns: 1), rotated = Matrix(rows: 96, columns: 1)
        for (s, w) in [(3, 1.0), (40, 2.0), (90, 0.5)] { h[s, 0] = w; rotated[(s + 17) % 96, 0] = w }
        let k = [KernelDensity.wrappedGaussian(slots: 96, sigmaSlots: 5)]
        let f = try KernelDensity.smoothBLAS(h, kernels: k)[0], g = try KernelDensity.smoothBLAS(rotated, kernels: k)[0]
        for i in 0..<96 { #expect(abs(f[i, 0] - g[(i + 17) % 96, 0]) < 1e-13) }
    }
}
