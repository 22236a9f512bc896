import Foundation
import Testing
@testable import UsageModel

/// The process-wide kernel cache gives the very kernels and stacked circulants computed on the
/// spot, and stays bounded.
@Suite struct KernelCacheTests {
    @Test func cachedKernelsAreTheComputedOnes() {
        let cache = _KernelCache()
        for (n, sigma) in [(288, 3.0), (288, 12.0), (2016, 6.0), (7, 0.01), (288, 3.0)] {
            let direct = KernelDensity.wrappedGaussian(slots: n, sigmaSlots: sigma)
            #expect(cache.wrappedGaussian(slots: n, sigmaSlots: sigma) == direct)
            #expect(cache.wrappedGaussian(slots: n, sigmaSlots: sigma) == direct)
        }
        #expect(cache.wrappedGaussian(slots: 288, sigmaSlots: 3) != cache.wrappedGaussian(slots: 288, sigmaSlots: 4))
    }

    @Test func stackedCirculantsAreTheCirculantsInOrder() throws {
        let cache = _KernelCache()
        let kernels = [2.0, 9.0].map { KernelDensity.wrappedGaussian(slots: 48, sigmaSlots: $0) }
        let expected = kernels.flatMap { KernelDensity.circulant($0).storage }
        #expect(cache.stackedCirculants(kernels) == expected)
        #expect(cache.stackedCirculants(kernels) == expected)
        #expect(cache.stackedCirculants(kernels.reversed()) == kernels.reversed().flatMap { KernelDensity.circulant($0).storage })
        // A circle above the bound is stacked on the spot, the same values.
        let week = [KernelDensity.wrappedGaussian(slots: 600, sigmaSlots: 5)]
        #expect(cache.stackedCirculants(week) == KernelDensity.circulant(week[0]).storage)
    }

    @Test func cacheStaysBounded() {
        let cache = _KernelCache()
        for i in 0..<(3 * _KernelCache.limit) {
            let k = cache.wrappedGaussian(slots: 16, sigmaSlots: 1 + Double(i) / 10)
            #expect(k == KernelDensity.wrappedGaussian(slots: 16, sigmaSlots: 1 + Double(i) / 10))
        }
        #expect(cache.counts.kernels <= _KernelCache.limit)
    }
}
