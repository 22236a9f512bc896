/// The simulator's own pseudo-random generator: xoshiro256** seeded through SplitMix64
/// (Blackman & Vigna, 2018). The system generator is never used, so a seed gives the same bytes on
/// every platform and Swift version.
///
/// Streams are derived, not shared: ``init(seed:stream:)`` mixes a stream number (device index,
/// app index) into the seed, so adding an app to one person does not change anyone else's launches.
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator for `seed`, stream `stream`. Complexity: O(1).
    public init(seed: UInt64, stream: UInt64 = 0) {
        var sm = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        s0 = Self._splitMix(&sm); s1 = Self._splitMix(&sm)
        s2 = Self._splitMix(&sm); s3 = Self._splitMix(&sm)
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    static func _splitMix(_ x: inout UInt64) -> UInt64 {
        x &+= 0x9E37_79B9_7F4A_7C15
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// Uniform in `[0, 1)` with 53 random bits.
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in `[low, high)`.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * uniform()
    }

    /// Uniform integer in `range` (closed), by multiply-shift (bias below 2⁻³²).
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(((next() >> 32) &* width) >> 32)
    }

    /// Exponential with the given mean, by inversion.
    public mutating func exponential(mean: Double) -> Double {
        -mean * _log1p(-uniform())
    }

    /// Standard normal by Box–Muller (one of the pair is discarded to keep the state simple).
    public mutating func normal(mean: Double = 0, sd: Double = 1) -> Double {
        let u1 = 1 - uniform(), u2 = uniform()
        return mean + sd * (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }

    /// Log-normal with the given median and log-scale standard deviation `sigma`.
    public mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * _exp(sigma * normal())
    }

    /// Poisson with mean `mean` (≥ 0): Knuth's product method on chunks of mean ≤ 16, summed
    /// (a sum of independent Poisson variables is Poisson). Complexity: O(mean + 1).
    public mutating func poisson(mean: Double) -> Int {
        guard mean > 0, mean.isFinite else { return 0 }
        var remaining = mean, count = 0
        while remaining > 0 {
            let chunk = min(remaining, 16)
            remaining -= chunk
            let limit = _exp(-chunk)
            var product = uniform()
            while product > limit {
                count += 1
                product *= uniform()
            }
        }
        return count
    }
}
