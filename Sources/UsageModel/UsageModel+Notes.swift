import Foundation
import LaunchHistory
import ReveilleCore

extension UsageModel {
    /// Human-readable explanations of the automatic choices a fit made.
    static func _notes(_ data: _FitData, _ density: _DensityFit, rows: Int, tiny: Bool) -> [String] {
        let o = data.options
        var notes: [String] = []
        let device = o.bandwidthGridMinutes[density.deviceBandwidth]
        notes.append("\(data.apps.count) apps, \(data.cold.count) cold launches over \(data.dayCount) days; "
            + "bandwidth by leave-one-day-out likelihood for \(density.qualifyingApps) apps, "
            + "device bandwidth \(_fixedMinutes(device)) min for the rest")
        let sparse = data.apps.indices.filter { density.evidence[$0] < o.minimumAppLaunches }
        for a in sparse.prefix(5) {
            notes.append("app \(data.apps[a]): \(_fixedMinutes(density.evidence[a])) weighted launches < "
                + "\(_fixedMinutes(o.minimumAppLaunches)), leaning on the device time-of-day profile")
        }
        if sparse.count > 5 { notes.append("… and \(sparse.count - 5) more apps leaning on the device profile") }
        if tiny {
            notes.append("device has \(data.dayCount) day(s) of history: scorer held near the population prior (L2 × 20)")
        }
        if rows == 0 {
            notes.append("no complete training hour before the end of the history: using the population-prior scorer")
        }
        return notes
    }

    /// FNV-1a 64 over each launch's app, instant and offset (``LaunchDigest``).
    static func _digest(_ launches: some Sequence<LaunchEvent>) -> String {
        LaunchDigest(launches).text
    }
}

/// A number with at most one decimal, for notes.
func _fixedMinutes(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x)
}
