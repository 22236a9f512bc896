/// Parses the timestamp forms Reveille accepts, from UTF-8 bytes, without Foundation.
///
/// - ISO-8601 with an offset: `2013-03-24T08:31:23-04:00`, `…Z`, `…+0530`, optional fraction
///   `…23.250-04:00`; a space may stand for `T`.
/// - Local wall-clock without offset (`YYYY-MM-DD HH:MM:SS`), for LSApp: see ``parseLocal(_:_:)``.
/// - Unix time: an integer or decimal number; values of magnitude ≥ 1e11 are milliseconds
///   (1e11 s is the year 5138, 1e11 ms is 1973), smaller ones seconds.
/// - UTC offsets: `Z`, `±HH:MM`, `±HHMM`, `±HH`, or a signed integer of seconds.
///
/// Dates are checked against the calendar: `2023-02-30` and `2023-04-31` are malformed, not
/// normalised. Whether an instant is in the range Reveille accepts is a separate check,
/// ``LocalClock/isValidInstant(_:)``.
public enum TimestampParser {
    /// A parsed ISO timestamp: the instant and the offset it carried.
    public struct Parsed: Equatable, Sendable {
        public var instant: Double
        public var utcOffsetSeconds: Int?
    }

    /// Days from 1970-01-01 to the given civil date (proleptic Gregorian; Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Days in `month` (1–12) of `year` (proleptic Gregorian); 0 for a month outside 1–12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        default: return 0
        }
    }

    /// Civil date of a day number (inverse of ``daysFromCivil(year:month:day:)``).
    public static func civilFromDays(_ z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    @inline(__always)
    package static func _digits(_ b: Span<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, count > 0, start + count <= b.count else { return nil }
        var v = 0
        for i in start..<(start + count) {
            let d = Int(b[i]) &- 48
            guard d >= 0 && d <= 9 else { return nil }
            v = v &* 10 &+ d
        }
        return v
    }

    /// Parses `YYYY-MM-DD[T ]HH:MM:SS[.fff]` at the start of `r`; returns local seconds since the
    /// epoch and the index after the time.
    package static func _parseWallClock(_ b: Span<UInt8>, _ r: Range<Int>) -> (seconds: Double, end: Int)? {
        let s = r.lowerBound
        guard r.count >= 19,
              let year = _digits(b, s, 4), b[s + 4] == UInt8(ascii: "-"),
              let month = _digits(b, s + 5, 2), b[s + 7] == UInt8(ascii: "-"),
              let day = _digits(b, s + 8, 2),
              b[s + 10] == UInt8(ascii: "T") || b[s + 10] == UInt8(ascii: " "),
              let hour = _digits(b, s + 11, 2), b[s + 13] == UInt8(ascii: ":"),
              let minute = _digits(b, s + 14, 2), b[s + 16] == UInt8(ascii: ":"),
              let second = _digits(b, s + 17, 2),
              (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 61
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day) * 86_400
                             + hour * 3600 + minute * 60 + second)
        var i = s + 19
        if i < r.upperBound, b[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1, fraction = 0.0, any = false
            while i < r.upperBound, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
                any = true
            }
            guard any else { return nil }
            seconds += fraction
        }
        return (seconds, i)
    }

    /// Parses an ISO-8601 date-time that must carry a UTC offset (`Z` or numeric).
    public static func parseISO(_ b: ArraySlice<UInt8>) -> Parsed? { _parseISO(b.span, 0..<b.count) }

    package static func _parseISO(_ b: Span<UInt8>, _ r: Range<Int>) -> Parsed? {
        guard let (local, end) = _parseWallClock(b, r) else { return nil }
        guard let offset = _parseOffset(b, end..<r.upperBound) else { return nil }
        return Parsed(instant: local - Double(offset), utcOffsetSeconds: offset)
    }

    /// Parses an ISO-8601 date-time with an offset, as ``parseISO(_:)``, whose instant is also in
    /// the range every reader accepts (``LocalClock/isValidInstant(_:)``): the check for options
    /// such as `--from`.
    public static func parseValidISO(_ text: String) -> Parsed? {
        guard let p = parseISO(Array(text.utf8)[...]), LocalClock.isValidInstant(p.instant) else { return nil }
        return p
    }

    /// Parses a wall-clock `YYYY-MM-DD HH:MM:SS` with no offset, interpreted at `utcOffsetSeconds`.
    public static func parseLocal(_ b: ArraySlice<UInt8>, _ utcOffsetSeconds: Int) -> Double? {
        guard let (local, end) = _parseWallClock(b.span, 0..<b.count), end == b.count else { return nil }
        return local - Double(utcOffsetSeconds)
    }

    /// Parses a UTC offset; `nil` when malformed or beyond ±18 h.
    public static func parseOffset(_ b: ArraySlice<UInt8>) -> Int? { _parseOffset(b.span, 0..<b.count) }

    package static func _parseOffset(_ b: Span<UInt8>, _ r: Range<Int>) -> Int? {
        guard !r.isEmpty else { return nil }
        let s = r.lowerBound, n = r.count, first = b[s]
        if first == UInt8(ascii: "Z") || first == UInt8(ascii: "z") { return n == 1 ? 0 : nil }
        var seconds: Int
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            let sign = first == UInt8(ascii: "-") ? -1 : 1
            if n == 6, b[s + 3] == UInt8(ascii: ":"), let h = _digits(b, s + 1, 2), let m = _digits(b, s + 4, 2), m < 60 {
                seconds = sign * (h * 3600 + m * 60)
            } else if n == 5, let h = _digits(b, s + 1, 2), let m = _digits(b, s + 3, 2), m < 60 {
                seconds = sign * (h * 3600 + m * 60)
            } else if n == 3, let h = _digits(b, s + 1, 2) {
                seconds = sign * h * 3600
            } else if n > 1, n < 8, let v = _digits(b, s + 1, n - 1) {
                seconds = sign * v
            } else { return nil }
        } else if n < 7, let v = _digits(b, s, n) {
            seconds = v
        } else { return nil }
        return LocalClock.isValidOffset(seconds) ? seconds : nil
    }

    /// Parses a `utc_offset` field (CSV column or JSON string): `Z`, `±HH:MM`, or an integer
    /// number of seconds, signed or not, that is a whole quarter hour (every UTC offset in use
    /// since 1990 is), within ±18 h. A colon-less `±HHMM` is not a form of this field: `+3600` is
    /// one hour and `-1800` half an hour, while `+0530` or `-0430` (not whole quarter hours as
    /// seconds) are rejected rather than misread. `nil` otherwise.
    public static func parseOffsetField(_ b: ArraySlice<UInt8>) -> Int? { _parseOffsetField(b.span, 0..<b.count) }

    package static func _parseOffsetField(_ b: Span<UInt8>, _ r: Range<Int>) -> Int? {
        guard !r.isEmpty else { return nil }
        let s = r.lowerBound, n = r.count, first = b[s]
        if first == UInt8(ascii: "Z") || first == UInt8(ascii: "z") { return n == 1 ? 0 : nil }
        let signed = first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        if signed, n == 6, b[s + 3] == UInt8(ascii: ":") { return _parseOffset(b, r) }
        let digits = signed ? n - 1 : n
        guard digits >= 1, digits <= 6, let v = _digits(b, signed ? s + 1 : s, digits) else { return nil }
        return validOffsetField(first == UInt8(ascii: "-") ? -v : v)
    }

    /// `seconds` when it is a valid `utc_offset` in seconds: a whole quarter hour within ±18 h.
    public static func validOffsetField(_ seconds: Int) -> Int? {
        LocalClock.isValidOffset(seconds) && seconds % 900 == 0 ? seconds : nil
    }

    /// What a `utc_offset` field may hold, for error messages.
    public static let offsetFieldDescription =
        "an offset like +02:00, Z, or seconds that are a whole quarter hour (3600, -16200), within ±18:00"

    /// Unix seconds of a numeric Unix time: milliseconds when its magnitude is at least 1e11.
    public static func unixSeconds(_ value: Double) -> Double { abs(value) >= 1e11 ? value / 1000 : value }

    /// Parses Unix time in seconds or milliseconds (see the type's documentation).
    public static func parseUnix(_ b: ArraySlice<UInt8>) -> Double? { _parseUnix(b.span, 0..<b.count) }

    package static func _parseUnix(_ b: Span<UInt8>, _ r: Range<Int>) -> Double? {
        guard !r.isEmpty else { return nil }
        var i = r.lowerBound
        var sign = 1.0
        if b[i] == UInt8(ascii: "-") { sign = -1; i += 1 }
        var whole = 0.0, any = false
        while i < r.upperBound, b[i] >= 48, b[i] <= 57 {
            whole = whole * 10 + Double(b[i] - 48); i += 1; any = true
        }
        if i < r.upperBound, b[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            while i < r.upperBound, b[i] >= 48, b[i] <= 57 {
                whole += Double(b[i] - 48) * scale; scale /= 10; i += 1; any = true
            }
        }
        guard any, i == r.upperBound else { return nil }
        return unixSeconds(sign * whole)
    }

    /// Parses a plain decimal number (`12`, `3.5`); `nil` otherwise.
    package static func _parseDecimal(_ b: Span<UInt8>, _ r: Range<Int>) -> Double? {
        var bytes: [UInt8] = []
        for i in r { bytes.append(b[i]) }
        guard let s = String(validating: bytes, as: UTF8.self), let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// Formats an instant as ISO-8601 with the given offset, e.g. `2013-03-24T08:31:23-04:00`.
    /// Fractional seconds are written with millisecond precision only when present.
    /// An instant so far out that its date cannot be computed (beyond ±10^15 s, or not finite) is
    /// written as the plain number instead of trapping; readers reject such values anyway.
    public static func formatISO(instant: Double, utcOffsetSeconds: Int) -> String {
        let local = instant + Double(utcOffsetSeconds)
        guard local.isFinite, abs(local) < 1e15, LocalClock.isValidOffset(utcOffsetSeconds) else {
            return String(instant)
        }
        let wholeSeconds = Int(local.rounded(.down))
        let millis = Int(((local - Double(wholeSeconds)) * 1000).rounded())
        let (sec, ms) = millis == 1000 ? (wholeSeconds + 1, 0) : (wholeSeconds, millis)
        let day = Int((Double(sec) / 86_400).rounded(.down))
        let sod = sec - day * 86_400
        let (y, m, d) = civilFromDays(day)
        var s = "\(_pad(y, 4))-\(_pad(m, 2))-\(_pad(d, 2))T\(_pad(sod / 3600, 2)):\(_pad(sod / 60 % 60, 2)):\(_pad(sod % 60, 2))"
        if ms != 0 { s += ".\(_pad(ms, 3))" }
        return s + formatOffset(utcOffsetSeconds)
    }

    /// Formats an offset as `±HH:MM` (seconds beyond whole minutes are dropped).
    public static func formatOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = Int(clamping: seconds.magnitude)
        return "\(sign)\(_pad(a / 3600, 2)):\(_pad(a / 60 % 60, 2))"
    }

    static func _pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
