import ReveilleCore

/// One device's launch durations, exact, in 4 bytes a launch while they allow it (8 otherwise).
///
/// A duration is kept as a `UInt32` code: whole seconds below 2³¹ (68 years) as themselves,
/// millisecond values below 2³¹ ms (24.8 days) as the milliseconds with the high bit set, and
/// no duration as `UInt32.max`. A code is written only when it reads back as the very same
/// double (bit for bit, so `-0` and `12.3456` are not codes). The first duration without a
/// code moves the column to plain doubles (NaN for none) for good, so every value stays exact.
struct _DurationColumn: Sendable {
    /// Codes, while every duration so far has one.
    private var codes = _Blocks<UInt32>()
    /// Seconds (NaN for none), once a duration had no code.
    private var seconds: _Blocks<Double>?

    /// The code of no duration.
    static var noneCode: UInt32 { .max }
    /// The flag of a code in milliseconds.
    static var millisecondFlag: UInt32 { 1 << 31 }

    /// A column of `count` launches without a duration.
    init(withoutDurations count: Int) {
        codes = _Blocks(repeatElement(Self.noneCode, count: count))
    }

    var count: Int { seconds?.count ?? codes.count }

    /// Whether the column fell back to 8-byte doubles.
    var isWide: Bool { seconds != nil }

    /// Appends a duration in seconds, NaN for none.
    @inline(__always)
    mutating func append(_ value: Double) {
        if seconds == nil, let code = Self.code(value) {
            codes.append(code)
        } else {
            _appendWide(value)
        }
    }

    /// The duration of launch `i` in seconds, `nil` when it has none.
    @inline(__always)
    subscript(i: Int) -> Double? {
        if let seconds {
            let d = seconds[i]
            return d.isNaN ? nil : d
        }
        return Self.decode(codes[i])
    }

    /// The code of `value` (NaN: none), or `nil` when no code reads back as exactly it.
    @inline(__always)
    static func code(_ value: Double) -> UInt32? {
        if value.isNaN { return noneCode }
        // Whole seconds: `UInt32(exactly:)` rejects fractions, -0 is caught by the bit check.
        if value < Double(millisecondFlag), let whole = UInt32(exactly: value) {
            return value.sign == .plus ? whole : nil
        }
        let ms = (value * 1000).rounded()
        guard ms >= 0, ms < Double(millisecondFlag - 1) else { return nil }
        let code = UInt32(ms) | millisecondFlag
        return decode(code)?.bitPattern == value.bitPattern ? code : nil
    }

    /// The seconds `code` stands for (`nil` for ``noneCode``).
    @inline(__always)
    static func decode(_ code: UInt32) -> Double? {
        if code < millisecondFlag { return Double(code) }
        if code == noneCode { return nil }
        return Double(code & ~millisecondFlag) / 1000
    }

    /// Moves the column to doubles (once) and appends `value`.
    private mutating func _appendWide(_ value: Double) {
        if seconds == nil {
            var wide = _Blocks<Double>()
            for i in 0..<codes.count { wide.append(Self.decode(codes[i]) ?? .nan) }
            seconds = wide
            codes = _Blocks()
        }
        seconds?.append(value)
    }
}
