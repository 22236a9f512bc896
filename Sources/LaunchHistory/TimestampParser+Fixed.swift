extension TimestampParser {
    /// The common shapes `YYYY-MM-DDTHH:MM:SS±HH:MM` and `YYYY-MM-DDTHH:MM:SSZ` (`T` or a space),
    /// read as 8-byte words: separators are compared under a mask, all digits checked at once
    /// (high nibble 3, and still so after adding 6), and digit pairs combined as `10a + b` in
    /// every byte. `nil` for any other shape or a value out of range, which
    /// ``_parseISO(_:_:)`` then handles (and agrees with wherever this returns a result).
    ///
    /// `lastDay` remembers the previous date and its day number: consecutive rows usually share
    /// their date.
    @inline(__always)
    static func _parseFixedISO(
        _ b: Span<UInt8>, _ r: Range<Int>, lastDay: inout (date: UInt64, days: Int)
    ) -> (instant: Double, utcOffsetSeconds: Int)? {
        let n = r.count, s = r.lowerBound
        guard n == 25 || n == 20, r.upperBound <= b.count else { return nil }
        let raw = b.bytes
        // Bytes 0–7 `YYYY-MM-`, 8–15 `DDTHH:MM`, 12–19 `H:MM:SS` + `Z` or the offset's sign.
        let w0 = raw.unsafeLoadUnaligned(fromByteOffset: s, as: UInt64.self)
        let w1 = raw.unsafeLoadUnaligned(fromByteOffset: s + 8, as: UInt64.self)
        let w2 = raw.unsafeLoadUnaligned(fromByteOffset: s + 12, as: UInt64.self)
        let t = UInt8(truncatingIfNeeded: w1 >> 16)
        guard w0 & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,
              w1 & 0x0000_FF00_0000_0000 == 0x0000_3A00_0000_0000,
              w2 & 0x0000_00FF_0000_0000 == 0x0000_003A_0000_0000,
              t == UInt8(ascii: "T") || t == UInt8(ascii: " "),
              _allDigits(w0, 0x00FF_FF00_FFFF_FFFF), _allDigits(w1, 0xFFFF_00FF_FF00_FFFF),
              _allDigits(w2, 0x00FF_FF00_0000_0000) else { return nil }
        let p0 = _pairs(w0, 0x00FF_FF00_FFFF_FFFF), p1 = _pairs(w1, 0xFFFF_00FF_FF00_FFFF)
        let month = Int(p0 >> 40 & 0xFF), day = Int(p1 & 0xFF)
        let hour = Int(p1 >> 24 & 0xFF), minute = Int(p1 >> 48 & 0xFF)
        let second = Int(_pairs(w2, 0x00FF_FF00_0000_0000) >> 40 & 0xFF)
        guard month >= 1, month <= 12, day >= 1, day <= 31, hour < 24, minute < 60, second < 61 else { return nil }
        // The date's 8 digits, `DD` in place of the dashes (never 0, the initial `lastDay.date`).
        let date = w0 & 0x00FF_FF00_FFFF_FFFF | (w1 & 0xFF) << 32 | (w1 >> 8 & 0xFF) << 56
        let days: Int
        if date == lastDay.date {
            days = lastDay.days
        } else {
            let year = Int(p0 & 0xFF) &* 100 &+ Int(p0 >> 16 & 0xFF)
            days = daysFromCivil(year: year, month: month, day: day)
            lastDay = (date, days)
        }
        let sign = UInt8(truncatingIfNeeded: w2 >> 56)
        let offset: Int
        if n == 20 {
            guard sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") else { return nil }
            offset = 0
        } else {
            // Bytes 17–24: `SS±HH:MM`.
            let w3 = raw.unsafeLoadUnaligned(fromByteOffset: s + 17, as: UInt64.self)
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                  w3 & 0x0000_FF00_0000_0000 == 0x0000_3A00_0000_0000,
                  _allDigits(w3, 0xFFFF_00FF_FF00_0000) else { return nil }
            let p3 = _pairs(w3, 0xFFFF_00FF_FF00_0000)
            let minutes = Int(p3 >> 48 & 0xFF)
            let magnitude = Int(p3 >> 24 & 0xFF) &* 3600 &+ minutes &* 60
            guard minutes < 60, magnitude <= LocalClock.maximumOffsetSeconds else { return nil }
            offset = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        let local = days &* 86_400 &+ hour &* 3600 &+ minute &* 60 &+ second
        return (Double(local) - Double(offset), offset)
    }

    /// Whether every byte of `w` under `mask` (0xFF per byte) is an ASCII digit.
    @inline(__always)
    static func _allDigits(_ w: UInt64, _ mask: UInt64) -> Bool {
        let nibbles = mask & 0xF0F0_F0F0_F0F0_F0F0, threes = mask & 0x3030_3030_3030_3030
        return w & nibbles == threes && (w &+ (mask & 0x0606_0606_0606_0606)) & nibbles == threes
    }

    /// For digits under `mask`, byte `k` of the result is `10 × digit k + digit k+1` (meaningful
    /// where both bytes are digits).
    @inline(__always)
    static func _pairs(_ w: UInt64, _ mask: UInt64) -> UInt64 {
        let d = (w &- (mask & 0x3030_3030_3030_3030)) & mask
        return d &* 10 &+ d >> 8
    }
}
