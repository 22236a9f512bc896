import ReveilleCore

/// A non-negative decimal field (`duration` seconds) read straight from the row's bytes.
///
/// Plain digits with an optional fractional part (`1485`, `12.5`) of at most 15 significant
/// digits and 22 fraction digits are converted exactly without building a String: the digits as
/// an integer `m < 10¹⁵` and `10^f` are both exact doubles, so `m / 10^f` is one correctly rounded
/// division — the same double `strtod` returns (Clinger's fast path). Anything else (signs,
/// exponents, more digits, `inf`) goes to ``TimestampParser/_parseDecimal(_:_:)``.
enum _DecimalField {
    @inline(__always)
    static func parse(_ b: Span<UInt8>, _ r: Range<Int>) -> Double? {
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, sawPoint = false, plain = !r.isEmpty
        for i in r {
            let c = b[i]
            if c >= 0x30, c <= 0x39 {
                if digits > 0 || c != 0x30 { digits += 1 }
                mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
                if sawPoint { fraction += 1 }
            } else if c == 0x2E, !sawPoint {
                sawPoint = true
            } else {
                plain = false
                break
            }
            if digits > 15 || fraction > 22 { plain = false; break }
        }
        // A lone "." or a trailing/leading point without digits on one side goes the slow way.
        if plain, sawPoint, r.count < 2 || b[r.lowerBound] == 0x2E || b[r.upperBound - 1] == 0x2E { plain = false }
        guard plain else { return TimestampParser._parseDecimal(b, r) }
        // Whole seconds (the common case) need no division: m / 1 is m.
        guard fraction > 0 else { return Double(mantissa) }
        return Double(mantissa) / _powersOfTen[fraction]
    }

    /// `10^i`, exact, for `i` in `0…22`.
    static let _powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
