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
        values.map { value(code($0, scale: scale), scale: scale) }
    }

    /// The codes of `values` under `scale`.
    static func codes(_ values: [Double], scale: Double) -> [UInt8] {
        values.map { code($0, scale: scale) }
    }

    /// The values of base64 text of codes (the form model files had before ``_RateSteps``), or
    /// `nil` when it is not base64.
    static func values(base64 text: String, scale: Double) -> [Double]? {
        guard let data = Data(base64Encoded: text) else { return nil }
        return data.map { value($0, scale: scale) }
    }
}
