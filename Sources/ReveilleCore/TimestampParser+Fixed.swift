/// What the previous fixed-shape timestamp had: its date bytes and day number, its offset bytes
/// and offset. Consecutive rows of a launch log nearly always share both, so a timestamp whose
/// date and offset bytes equal these needs only its time of day checked and read.
package struct _RecentStamp {
    /// Bytes 0–7 (`YYYY-MM-`) of the previous timestamp; 0 (never a valid date) at first.
    var dateWord: UInt64 = 0
    /// Bytes 8–10 (`DDT`) of the previous timestamp.
    var dayBytes: UInt64 = 0
    var days = 0
    /// Bytes 19–24 (`±HH:MM`) of the previous timestamp with an offset; 0 at first.
    var offsetBytes: UInt64 = 0
    var offset = 0

    /// Nothing remembered yet.
    package init() {}
}

extension TimestampParser {
    /// The common shapes `YYYY-MM-DDTHH:MM:SS±HH:MM` and `YYYY-MM-DDTHH:MM:SSZ` (`T` or a space),
    /// read as 8-byte words: separators are compared under a mask, all digits checked at once
    /// (high nibble 3, and still so after adding 6), and digit pairs combined as `10a + b` in
    /// every byte. `nil` for any other shape or a value out of range, which
    /// ``_parseISO(_:_:)`` then handles (and agrees with wherever this returns a result).
    ///
    /// The date and the offset are checked and converted only when their bytes differ from
    /// `recent`'s (which this updates); the time of day is checked every time.
    @inline(__always)
    package static func _parseFixedISO(
        _ b: Span<UInt8>, _ r: Range<Int>, recent: inout _RecentStamp
    ) -> (instant: Double, utcOffsetSeconds: Int)? {
        let n = r.count, s = r.lowerBound
        guard n == 25 || n == 20, r.upperBound <= b.count else { return nil }
        let raw = b.bytes
        // Bytes 0–7 `YYYY-MM-`, 8–15 `DDTHH:MM`, 11–18 `HH:MM:SS`.
        let w0 = raw.unsafeLoadUnaligned(fromByteOffset: s, as: UInt64.self)
        let w1 = raw.unsafeLoadUnaligned(fromByteOffset: s &+ 8, as: UInt64.self)
        let time = raw.unsafeLoadUnaligned(fromByteOffset: s &+ 11, as: UInt64.self)
        if w0 != recent.dateWord || w1 & 0xFF_FFFF != recent.dayBytes {
            guard let days = _fixedDate(w0, w1) else { return nil }
            (recent.dateWord, recent.dayBytes, recent.days) = (w0, w1 & 0xFF_FFFF, days)
        }
        guard time & 0x0000_FF00_00FF_0000 == 0x0000_3A00_003A_0000,
              _allDigits(time, 0xFFFF_00FF_FF00_FFFF) else { return nil }
        let p = _pairs(time, 0xFFFF_00FF_FF00_FFFF)
        let hour = Int(p & 0xFF), minute = Int(p >> 24 & 0xFF), second = Int(p >> 48 & 0xFF)
        guard hour < 24, minute < 60, second < 61 else { return nil }
        let offset: Int
        if n == 20 {
            let zone = raw.unsafeLoad(fromByteOffset: s &+ 19, as: UInt8.self)
            guard zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") else { return nil }
            offset = 0
        } else {
            // Bytes 17–24: `SS±HH:MM`; the offset is the upper six.
            let zone = raw.unsafeLoadUnaligned(fromByteOffset: s &+ 17, as: UInt64.self) & 0xFFFF_FFFF_FFFF_0000
            if zone != recent.offsetBytes {
                guard let o = _fixedOffset(zone) else { return nil }
                (recent.offsetBytes, recent.offset) = (zone, o)
            }
            offset = recent.offset
        }
        let local = recent.days &* 86_400 &+ hour &* 3600 &+ minute &* 60 &+ second
        return (Double(local &- offset), offset)
    }

    /// The day number of `YYYY-MM-DD` followed by `T` or a space (`w0` = bytes 0–7, `w1` = bytes
    /// 8–15), or `nil` when the bytes are not that or the month or day is out of range (2023-02-30 is).
    private static func _fixedDate(_ w0: UInt64, _ w1: UInt64) -> Int? {
        let t = UInt8(truncatingIfNeeded: w1 >> 16)
        guard w0 & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,
              t == UInt8(ascii: "T") || t == UInt8(ascii: " "),
              _allDigits(w0, 0x00FF_FF00_FFFF_FFFF), _allDigits(w1, 0x0000_0000_0000_FFFF) else { return nil }
        let p0 = _pairs(w0, 0x00FF_FF00_FFFF_FFFF), p1 = _pairs(w1, 0x0000_0000_0000_FFFF)
        let month = Int(p0 >> 40 & 0xFF), day = Int(p1 & 0xFF)
        let year = Int(p0 & 0xFF) &* 100 &+ Int(p0 >> 16 & 0xFF)
        guard month >= 1, month <= 12, day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        return daysFromCivil(year: year, month: month, day: day)
    }

    /// The offset in seconds of `±HH:MM` in bytes 2–7 of `zone`, or `nil` when the bytes are not
    /// that or the offset is beyond ±18:00.
    private static func _fixedOffset(_ zone: UInt64) -> Int? {
        let sign = UInt8(truncatingIfNeeded: zone >> 16)
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              zone & 0x0000_FF00_0000_0000 == 0x0000_3A00_0000_0000,
              _allDigits(zone, 0xFFFF_00FF_FF00_0000) else { return nil }
        let p = _pairs(zone, 0xFFFF_00FF_FF00_0000)
        let minutes = Int(p >> 48 & 0xFF)
        let magnitude = Int(p >> 24 & 0xFF) &* 3600 &+ minutes &* 60
        guard minutes < 60, magnitude <= LocalClock.maximumOffsetSeconds else { return nil }
        return sign == UInt8(ascii: "-") ? -magnitude : magnitude
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
