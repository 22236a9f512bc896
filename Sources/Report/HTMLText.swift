import LaunchHistory
import ReveilleCore

/// Escapes text for HTML element content and double- or single-quoted attribute values:
/// `& < > " '` become entities. Every piece of user data (device and app names, reasons) goes
/// through here. O(n).
public func htmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for ch in text.unicodeScalars {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(ch)
        }
    }
    return out
}

/// A coordinate or size for SVG: at most 1 decimal, no trailing `.0`.
func _n(_ value: Double) -> String {
    let s = _fixed(value, 1)
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
}

/// A probability or rate as `.123` style (3 decimals, leading zero dropped) or `1.000`.
func _rate(_ value: Double) -> String {
    let s = _fixed(value, 3)
    return s.hasPrefix("0.") ? String(s.dropFirst()) : s
}

/// A rate as a percentage with one decimal, e.g. `16.8%`.
func _percent(_ value: Double) -> String { _fixed(value * 100, 1) + "%" }

/// Shortens `text` to at most `limit` characters, ending in `…` when cut.
func _truncated(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
}

/// Shortens `text` to at most `limit` characters keeping its end (the informative part of a
/// bundle id such as `com.google.android.calendar` → `…google.android.calendar`).
func _truncatedHead(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : "…" + String(text.suffix(max(1, limit - 1)))
}

/// The sequential heatmap colour for `t` in [0, 1]: from near-white (#f3f5fa) to deep blue (#1b4a94).
/// Zero is drawn lighter still so empty cells read as empty.
func _heatColor(_ t: Double) -> String {
    guard t > 0 else { return "#f7f8fb" }
    let u = min(1, max(0, t)).squareRoot()
    let from = (0xe3, 0xec, 0xf8), to = (0x1b, 0x4a, 0x94)
    func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * u).rounded()) }
    return "#" + [mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2)].map(_hex2).joined()
}

/// A diverging colour for `t` in [−1, 1]: orange below 0, white at 0, blue above (clamped).
func _divergingColor(_ t: Double) -> String {
    let u = min(1, abs(t.isFinite ? t : 0))
    let white = (0xf7, 0xf8, 0xfb), to = t < 0 ? (0xd9, 0x6c, 0x1e) : (0x1b, 0x4a, 0x94)
    func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * u).rounded()) }
    return "#" + [mix(white.0, to.0), mix(white.1, to.1), mix(white.2, to.2)].map(_hex2).joined()
}

func _hex2(_ v: Int) -> String {
    HexText.lowercase([UInt8(min(255, max(0, v)))])
}

/// Weekday abbreviations, Monday first.
let _weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

/// `HH:MM` for seconds since local midnight.
func _clock(_ secondOfDay: Double) -> String {
    let m = Int(secondOfDay / 60)
    return _pad2(m / 60 % 24) + ":" + _pad2(m % 60)
}

/// Two-digit zero padding.
func _pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

/// `YYYY-MM-DD` (Weekday) for a local day number.
func _dateLabel(_ day: Int) -> String {
    let (y, m, d) = TimestampParser.civilFromDays(day)
    return "\(y)-\(_pad2(m))-\(_pad2(d)) (\(_weekdayNames[LocalClock.weekday(day: day)]))"
}
