import Testing
import TestSupport
@testable import UsageModel

/// The window sum that skips the wrap test for windows that do not wrap adds the same values in
/// the same order as the plain circular loop, so every sum is the same, bit for bit.
@Suite struct CircularWindowSumTests {
    /// The plain loop: from `start` (taken modulo the length), `min(count, n)` values, wrapping.
    static func reference(_ values: [Double], start: Int, count: Int) -> Double {
        let n = values.count
        guard n > 0 else { return 0 }
        var s = 0.0
        var i = ((start % n) + n) % n
        for _ in 0..<min(count, n) {
            s += values[i]
            i += 1
            if i == n { i = 0 }
        }
        return s
    }

    @Test func windowSumsEqualThePlainCircularLoop() {
        var generator = SeededGenerator(seed: 11)
        for n in [1, 2, 7, 288, 2016] {
            let values = (0..<n).map { _ in Double.random(in: 0...1, using: &generator) * (Bool.random(using: &generator) ? 1e-4 : 3) }
            for _ in 0..<400 {
                let start = Int.random(in: -3 * n...3 * n, using: &generator)
                let count = Int.random(in: 1...(n + 3), using: &generator)
                #expect(_circularWindowSum(values, start: start, count: count) == Self.reference(values, start: start, count: count),
                        "n \(n) start \(start) count \(count)")
            }
        }
        #expect(_circularWindowSum([], start: 3, count: 2) == 0)
        #expect(_circularWindowSum([1, 2, 4], start: 2, count: 2) == 5)
    }
}
