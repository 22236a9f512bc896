/// Fixed-point decimal formatting without Foundation (`_fixed(3.14159, 2)` → `3.14`).
public func _fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let f = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - f.count) + f
}
