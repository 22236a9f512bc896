import Foundation

/// The one-byte encoding of a profile's rates in a model file: code `0` is 0, code `c` in
/// `1…255` is `scale · 10^((c − 255)/50)` — 50 steps per decade over 5.08 decades below the
/// app's largest rate, so a rate is within ±2.3 % of its stored value, and rates below
/// `scale · 10⁻⁵` (far under the `10⁻³` the features add before taking logs) become 0.
/// The codes are written as ``_RateSteps`` text (older files: base64, 4 characters per 3 slots).
enum _RateCodes {
    /// Steps per decade.
    static let stepsPerDecade = 50.0
    /// `10^((c − 255)/50)` for `c` in `0…255` (`table[0]` is unused: code 0 is 0).
    static let table: [Double] = (0...255).map { pow(10, (Double($0) - 255) / stepsPerDecade) }

    /// The code of `value` under `scale`: the nearest step on the log scale, 0 for values at or
    /// below zero, beneath the scale's range, or when `scale` is not positive.
    static func code(_ value: Double, scale: Double) -> UInt8 {
        guard scale > 0, value > 0, value.isFinite else { return 0 }
        let steps = (stepsPerDecade * log10(value / scale)).rounded()
        guard steps.isFinite, steps > -255 else { return 0 }
        return UInt8(min(255, 255 + steps))
    }

    /// The value code `c` stands for under `scale`.
    static func value(_ c: UInt8, scale: Double) -> Double {
        c == 0 ? 0 : scale * table[Int(c)]
    }

    /// `values` replaced by the values their codes stand for (what a model file can hold).
    static func quantized(_ values: [Double], scale: Double) -> [Double] {
        _coded(values, scale: scale) { value($0, scale: scale) }
    }

    /// The codes of `values` under `scale`: ``code(_:scale:)`` of each.
    ///
    /// Each ratio `value / scale` is placed among ``lowerBounds`` by comparison instead of a
    /// `log10` and a `round` per slot: its binary exponent and top significand bits pick a
    /// bucket narrower than a step (``bucketStartCodes``), so its code is the bucket's first
    /// code or the next. A ratio within ``boundMargin`` of a bound, or not a normal number,
    /// takes ``code(_:scale:)`` itself (its rounding decides), so every code is
    /// ``code(_:scale:)``'s (tests).
    static func codes(_ values: [Double], scale: Double) -> [UInt8] {
        _coded(values, scale: scale) { $0 }
    }

    /// `transform` of each value's code, in one pass (``codes(_:scale:)`` describes how).
    @inline(__always)
    static func _coded<T>(_ values: [Double], scale: Double, _ transform: (UInt8) -> T) -> [T] {
        guard scale > 0, scale.isFinite else { return values.map { transform(code($0, scale: scale)) } }
        let bounds = lowerBounds, inner = innerBounds, starts = bucketStartCodes
        let inverse = 1 / scale
        return values.map { v in
            let ratio = v * inverse
            guard v > 0, ratio.isNormal else { return transform(code(v, scale: scale)) }
            let e = Int(ratio.exponent)
            // Below 2⁻²⁰ (≈ 10⁻⁶, under code 1's 10⁻⁵·⁰⁹) is code 0; from 4 (over 10⁰) code 255.
            if e < lowestBucketExponent { return transform(0) }
            if e > highestBucketExponent { return transform(255) }
            let bucket = (e - lowestBucketExponent) << bucketBits | Int(ratio.significandBitPattern >> UInt64(52 - bucketBits))
            var c = Int(starts[bucket])
            if ratio >= bounds[c + 1] { c += 1 }
            guard ratio >= inner[2 * c], ratio <= inner[2 * c + 1] else { return transform(code(v, scale: scale)) }
            return transform(UInt8(c))
        }
    }

    /// Significand bits of a ratio that pick its bucket: 128 buckets per octave, each under
    /// 0.8 % wide, narrower than a step (`10^(1/50)`: 4.7 %), so a bucket holds at most one bound.
    static let bucketBits = 7
    /// The binary exponents the buckets cover; ratios below are code 0, above code 255.
    static let lowestBucketExponent = -20
    static let highestBucketExponent = 1

    /// Per bucket (exponent `e` from ``lowestBucketExponent``, then the top ``bucketBits``
    /// significand bits `b`), the code of its smallest ratio `2^e·(1 + b/128)`.
    /// The buckets' smallest ratios increase, so one walk up the bounds serves them all
    /// (O(buckets + codes), not a scan from code 0 per bucket: a plan process builds it once).
    static let bucketStartCodes: [UInt8] = {
        var codes: [UInt8] = []
        codes.reserveCapacity((highestBucketExponent - lowestBucketExponent + 1) << bucketBits)
        var c = 0
        for e in lowestBucketExponent...highestBucketExponent {
            for b in 0..<(1 << bucketBits) {
                let lower = Double(sign: .plus, exponent: e, significand: 1 + Double(b) / Double(1 << bucketBits))
                while c < 255, lowerBounds[c + 1] <= lower { c += 1 }
                codes.append(UInt8(c))
            }
        }
        return codes
    }()

    /// `lowerBounds[c]` for `c` in `1…255`: `10^((c − 255.5)/50)`, the smallest ratio
    /// `value / scale` of code `c`; `lowerBounds[0] = 0` and `lowerBounds[256] = +∞`.
    static let lowerBounds: [Double] =
        [0] + (1...255).map { pow(10, (Double($0) - 255.5) / stepsPerDecade) } + [.infinity]

    /// How close (relatively) a ratio may come to a bound of its code's interval and still be
    /// coded by comparison in ``codes(_:scale:)``. Far wider than the error of `50·log10` (a few
    /// 10⁻¹⁴ steps) and of a product instead of a quotient (10⁻¹⁶).
    static let boundMargin = 1e-9

    /// Code `c`'s interval shrunk by ``boundMargin``: `[2c]` its lower end, `[2c + 1]` its upper.
    static let innerBounds: [Double] = (0...255).flatMap {
        [lowerBounds[$0] * (1 + boundMargin), lowerBounds[$0 + 1] * (1 - boundMargin)]
    }

    /// The values of base64 text of codes (the form model files had before ``_RateSteps``), or
    /// `nil` when it is not base64.
    static func values(base64 text: String, scale: Double) -> [Double]? {
        guard let data = Data(base64Encoded: text) else { return nil }
        return data.map { value($0, scale: scale) }
    }
}
