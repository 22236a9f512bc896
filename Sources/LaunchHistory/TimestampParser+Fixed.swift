extension TimestampParser {
    /// The common shapes `YYYY-MM-DDTHH:MM:SS±HH:MM` and `YYYY-MM-DDTHH:MM:SSZ` (`T` or a space),
    /// read at fixed positions with one digit check for all 14 or 18 digits; `nil` for any other
    /// shape or value out of range, which ``_parseISO(_:_:)`` then handles (and agrees with
    /// wherever this returns a result).
    @inline(__always)
    static func _parseFixedISO(_ b: Span<UInt8>, _ r: Range<Int>) -> (instant: Double, utcOffsetSeconds: Int)? {
        let n = r.count
        guard n == 25 || n == 20, r.upperBound <= b.count else { return nil }
        let s = r.lowerBound
        @inline(__always) func digit(_ k: Int) -> UInt8 { b[s + k] &- 48 }
        let date = (digit(0), digit(1), digit(2), digit(3), digit(5), digit(6), digit(8), digit(9))
        let time = (digit(11), digit(12), digit(14), digit(15), digit(17), digit(18))
        let worst = max(max(max(date.0, date.1), max(date.2, date.3)), max(max(date.4, date.5), max(date.6, date.7)),
                        max(max(time.0, time.1), max(time.2, time.3)), max(time.4, time.5))
        let t = b[s + 10]
        guard worst <= 9, b[s + 4] == UInt8(ascii: "-"), b[s + 7] == UInt8(ascii: "-"),
              t == UInt8(ascii: "T") || t == UInt8(ascii: " "),
              b[s + 13] == UInt8(ascii: ":"), b[s + 16] == UInt8(ascii: ":") else { return nil }
        @inline(__always) func value(_ hi: UInt8, _ lo: UInt8) -> Int { Int(hi) &* 10 &+ Int(lo) }
        let year = value(date.0, date.1) &* 100 &+ value(date.2, date.3)
        let month = value(date.4, date.5), day = value(date.6, date.7)
        let hour = value(time.0, time.1), minute = value(time.2, time.3), second = value(time.4, time.5)
        guard month >= 1, month <= 12, day >= 1, day <= 31, hour < 24, minute < 60, second < 61 else { return nil }
        let offset: Int
        let sign = b[s + 19]
        if n == 20 {
            guard sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") else { return nil }
            offset = 0
        } else {
            let oh1 = digit(20), oh2 = digit(21), om1 = digit(23), om2 = digit(24)
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), b[s + 22] == UInt8(ascii: ":"),
                  max(max(oh1, oh2), max(om1, om2)) <= 9 else { return nil }
            let minutes = value(om1, om2)
            let magnitude = value(oh1, oh2) &* 3600 &+ minutes &* 60
            guard minutes < 60, magnitude <= LocalClock.maximumOffsetSeconds else { return nil }
            offset = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        let local = daysFromCivil(year: year, month: month, day: day) &* 86_400 &+ hour &* 3600 &+ minute &* 60 &+ second
        return (Double(local) - Double(offset), offset)
    }
}
