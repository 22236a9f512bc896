import Foundation
import LaunchHistory
import ReveilleCore
import LinearAlgebra

/// Cold launches and recency-weighted slot histograms.
///
/// A launch of app `a` at `t` is *cold* when no launch of `a` has an instant in `(t − tau, t)`
/// (protocol reveille-v1); equal instants do not warm each other. Histograms count cold launches
/// per local slot (`floor(secondOfDay / slotSeconds)`, or `weekday · slotsPerDay + that` on the
/// week circle), each weighted by `0.5^(age / halfLife)`.
public enum SlotHistogram {
    /// For each launch (sorted by instant), whether it is cold (``ColdLaunches``, the protocol's
    /// one rule). O(n) expected.
    public static func coldMask(_ launches: [LaunchEvent], tauSeconds: Double) -> [Bool] {
        ColdLaunches.scan(launches, tauSeconds: tauSeconds).cold
    }

    /// Slot of a local time on the day circle, in `0..<slotsPerDay`.
    @inlinable
    public static func daySlot(localSeconds: Double, slotSeconds: Double) -> Int {
        let slots = Int((LocalClock.secondsPerDay / slotSeconds).rounded())
        return min(slots - 1, max(0, Int(LocalClock.secondOfDay(localSeconds: localSeconds) / slotSeconds)))
    }

    /// Slot of a local time on the week circle (Monday 00:00 is slot 0), in `0..<7·slotsPerDay`.
    @inlinable
    public static func weekSlot(localSeconds: Double, slotSeconds: Double) -> Int {
        let slots = Int((LocalClock.secondsPerDay / slotSeconds).rounded())
        let day = LocalClock.day(localSeconds: localSeconds)
        return LocalClock.weekday(day: day) * slots + daySlot(localSeconds: localSeconds, slotSeconds: slotSeconds)
    }

    /// Recency weight `0.5^(age / halfLife)` of an event `ageSeconds` before the reference.
    @inlinable
    public static func recencyWeight(ageSeconds: Double, halfLifeDays: Double) -> Double {
        guard halfLifeDays.isFinite else { return 1 }
        return exp2(-max(0, ageSeconds) / (halfLifeDays * LocalClock.secondsPerDay))
    }

    /// A `rows × columns` histogram matrix with `weight` added at each `(row, column)` entry;
    /// entries outside the matrix are ignored.
    public static func matrix(rows: Int, columns: Int, entries: [(row: Int, column: Int, weight: Double)]) -> Matrix {
        var m = Matrix(rows: rows, columns: columns)
        for e in entries where (0..<rows).contains(e.row) && (0..<columns).contains(e.column) {
            m[e.row, e.column] += e.weight
        }
        return m
    }
}

/// One cold launch prepared for fitting.
struct _ColdLaunch: Sendable {
    var app: Int
    var instant: Double
    var day: Int
    var daySlot: Int
    var weekSlot: Int
    var weight: Double
}
