#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Thin wrappers so the module's math reads the same on Linux and macOS.
@inline(__always) func _exp(_ x: Double) -> Double { exp(x) }
@inline(__always) func _log(_ x: Double) -> Double { log(x) }
@inline(__always) func _log1p(_ x: Double) -> Double { log1p(x) }
@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }

/// `x mod m` in `[0, m)` for positive `m`.
@inline(__always) func _positiveModulo(_ x: Double, _ m: Double) -> Double {
    let r = x.truncatingRemainder(dividingBy: m)
    return r < 0 ? r + m : r
}

/// Rounds to `digits` significant digits, so stored parameters print short and regenerate exactly.
func _significant(_ x: Double, _ digits: Int) -> Double {
    guard x != 0, x.isFinite else { return x }
    let magnitude = Int(floor(log10(abs(x))))
    let scale = pow(10, Double(digits - 1 - magnitude))
    return (x * scale).rounded() / scale
}
