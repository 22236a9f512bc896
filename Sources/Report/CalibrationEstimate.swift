import LaunchHistory
import ReveilleCore

/// Reliability bins computed from probability profiles against a launch history.
public enum CalibrationEstimate {
    /// Compares each profile with what happened on every local day of its device's history (from
    /// the first to the last launch's local day, inclusive).
    ///
    /// A cell is (profile, local day `d`, hour `h`): predicted `p = profile.probability(weekday(d), h)`,
    /// label 1 when the app has a cold launch (no launch of it in the previous `tauMinutes`) in that
    /// local hour. Cells are binned by `p` into `bins` equal-width bins over [0, 1] (the last bin
    /// includes 1); each non-empty bin reports its mean `p`, its label frequency and its cell count.
    /// Profiles whose device is not in the history are ignored. When the profiles were fitted on the
    /// same history this is an in-sample check, optimistic by construction.
    ///
    /// Complexity: O(launches + profiles × days × 24).
    public static func bins(profiles: [ProbabilityProfile], history: LaunchHistory,
                            tauMinutes: Double = 60, bins: Int = 10) -> [CalibrationBin] {
        let binCount = max(1, bins)
        var sumP = Array(repeating: 0.0, count: binCount)
        var positives = Array(repeating: 0, count: binCount)
        var counts = Array(repeating: 0, count: binCount)
        for profile in profiles {
            guard let device = history.device(profile.device),
                  let first = device.firstLocalDay, let last = device.lastLocalDay else { continue }
            let cold = _coldCells(device.launches, app: profile.app, tauSeconds: tauMinutes * 60)
            for day in first...last {
                let weekday = LocalClock.weekday(day: day)
                for hour in 0..<24 {
                    let p = profile.probability(weekday: weekday, hour: hour)
                    let b = min(binCount - 1, Int(p * Double(binCount)))
                    sumP[b] += p
                    counts[b] += 1
                    if cold.contains(day * 24 + hour) { positives[b] += 1 }
                }
            }
        }
        return (0..<binCount).compactMap { b in
            counts[b] == 0 ? nil : CalibrationBin(predicted: sumP[b] / Double(counts[b]),
                                                  observed: Double(positives[b]) / Double(counts[b]),
                                                  count: counts[b])
        }
    }

    /// `day × 24 + hour` of every cold launch of `app`.
    static func _coldCells(_ launches: some Collection<LaunchEvent>, app: String, tauSeconds: Double) -> Set<Int> {
        let own = launches.filter { $0.app == app }
        let flags = _LaunchStatistics.coldFlags(own, tauSeconds: tauSeconds)
        var cells = Set<Int>()
        for (e, cold) in zip(own, flags) where cold { cells.insert(e.localDay * 24 + e.localHour) }
        return cells
    }
}
