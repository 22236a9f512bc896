import ReveilleCore
import Foundation

/// Seeded synthetic planning requests, for benchmarks and for comparing planning methods.
///
/// - ``Kind/random``: each slot probability independently `0.5 · u⁴` (`u` uniform): noisy,
///   structureless forecasts.
/// - ``Kind/realistic``: per app, 1–4 daily habits (a Gaussian bump of 10–40 minutes' standard
///   deviation around a random time between 06:00 and 23:00, occurring on a given day with
///   probability 0.2–0.9, scaled down for less popular apps) plus a low background rate in
///   waking hours: the shape a launch model produces.
///
/// The same seed gives the same request on every machine (xorshift64* generator).
public enum SyntheticRequests {
    /// The shape of the generated forecasts.
    public enum Kind: String, Sendable, CaseIterable {
        case random, realistic
    }

    /// A one-day request (from 2026-03-02T00:00Z, offset 0) with `apps` apps over `slotCount`
    /// slots of `slotSeconds`, a budget of `budget` fetches, default rules.
    public static func request(kind: Kind, apps: Int, budget: Int, seed: UInt64,
                               slotSeconds: Double = 300, slotCount: Int = 288) -> PlanningRequest {
        var rng = _XorShift(seed: seed)
        let forecasts = (0..<max(0, apps)).map { a -> AppForecast in
            let p: [Double]
            switch kind {
            case .random: p = (0..<slotCount).map { _ in 0.5 * _pow4(rng.unit()) }
            case .realistic: p = _habits(rank: a, apps: apps, slotSeconds: slotSeconds, slotCount: slotCount, rng: &rng)
            }
            return AppForecast(app: "com.example.app\(a < 10 ? "0" : "")\(a)", slotProbabilities: p)
        }
        return PlanningRequest(device: "synthetic-\(seed)", horizonStart: 1_772_409_600, slotSeconds: slotSeconds,
                               slotCount: slotCount, utcOffsetSeconds: 0,
                               budget: PlanningBudget(energyUnitsPerDay: Double(max(0, budget))),
                               apps: forecasts, generatedAt: 1_772_409_600)
    }

    static func _pow4(_ x: Double) -> Double { x * x * x * x }

    static func _habits(rank: Int, apps: Int, slotSeconds: Double, slotCount: Int, rng: inout _XorShift) -> [Double] {
        let popularity = 1 / (1 + Double(rank) / 8)
        var p = [Double](repeating: 0, count: slotCount)
        let habits = 1 + Int(rng.unit() * 4 * popularity)
        for _ in 0..<habits {
            let mu = (6 + rng.unit() * 17) * 3600
            let sigma = (10 + rng.unit() * 30) * 60
            let chance = (0.2 + 0.7 * rng.unit()) * (0.3 + 0.7 * popularity)
            for i in 0..<slotCount {
                let t = (Double(i) + 0.5) * slotSeconds
                let z = (t - mu) / sigma
                p[i] += chance * slotSeconds / (sigma * 2.5066282746) * exp(-0.5 * z * z)
            }
        }
        let background = 3 * popularity * slotSeconds / (16 * 3600)
        for i in 0..<slotCount {
            let hour = Double(i) * slotSeconds / 3600
            if hour >= 7, hour < 23 { p[i] += background }
            p[i] = min(0.95, p[i])
        }
        return p
    }
}

/// xorshift64* (Vigna 2016): a small deterministic generator for synthetic inputs.
struct _XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }
}
