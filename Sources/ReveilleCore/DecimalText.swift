/// Fixed-point decimal formatting without Foundation (`_fixed(3.14159, 2)` → `3.14`). A value
/// too large for fixed point in an `Int` (|value| · 10^digits ≥ 9·10¹⁸, e.g. a hit-rate ratio of
/// 10³⁰⁰ from a hand-made evaluation file) is written in Swift's shortest form (`1e+300`): it
/// trapped converting to `Int`.
public func _fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<max(0, digits) { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return String(value) }
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let f = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - f.count) + f
}
