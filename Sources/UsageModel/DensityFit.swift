import Foundation
import LaunchHistory
import ReveilleCore
import LinearAlgebra

/// The smoothed, recency-weighted cold-launch counts of every app of a device, on the day and week
/// circles, with per-app bandwidths chosen by leave-one-day-out likelihood.
struct _DensityFit: Sendable {
    let slotsPerDay: Int
    /// Chosen bandwidth index per app (into `options.bandwidthGridMinutes`).
    let bandwidth: [Int]
    let deviceBandwidth: Int
    let qualifyingApps: Int
    /// Smoothed counts per app on the day circle (`slotsPerDay` each).
    let day: [[Double]]
    /// Smoothed counts per app on the week circle (`7·slotsPerDay` each).
    let week: [[Double]]
    /// The device's time-of-day shape (sums to 1), shrunk toward the population prior.
    let deviceShape: [Double]
    /// Day-circle and week-circle kernels per bandwidth index.
    let dayKernels: [[Double]]
    let weekKernels: [Int: [Double]]
    /// Weighted cold launches per app.
    let evidence: [Double]
    /// The path that smoothed the week circle (the dominant cost), resolved from `automatic`.
    let kernelPath: KernelDensity.Path

    init(_ data: _FitData, path: KernelDensity.Path = .automatic) throws {
        let o = data.options
        let n = o.slotsPerDay, a = data.apps.count
        slotsPerDay = n
        let sigmas = o.bandwidthGridMinutes.map { $0 / Double(o.slotMinutes) }
        dayKernels = sigmas.map { _KernelCache.shared.wrappedGaussian(slots: n, sigmaSlots: $0) }
        let hDay = SlotHistogram.matrix(rows: n, columns: a, entries: data.cold.map { ($0.daySlot, $0.app, $0.weight) })
        let smoothedDay = try KernelDensity.smooth(hDay, kernels: dayKernels, path: path)
        let choice = _BandwidthSelection.select(
            cold: data.cold, appCount: a, smoothed: smoothedDay, kernels: dayKernels, gridMinutes: o.bandwidthGridMinutes)
        bandwidth = choice.perApp
        deviceBandwidth = choice.device
        qualifyingApps = choice.qualifyingApps
        day = (0..<a).map { app in (0..<n).map { smoothedDay[choice.perApp[app]][$0, app] } }

        let used = Array(Set(choice.perApp)).sorted()
        var weekKernels: [Int: [Double]] = [:]
        for g in used { weekKernels[g] = _KernelCache.shared.wrappedGaussian(slots: 7 * n, sigmaSlots: sigmas[g]) }
        self.weekKernels = weekKernels
        let hWeek = SlotHistogram.matrix(rows: 7 * n, columns: a, entries: data.cold.map { ($0.weekSlot, $0.app, $0.weight) })
        let chosenWeekKernels = used.map { weekKernels[$0] ?? [] }
        let weekPath = path == .automatic ? KernelDensity.automaticChoice(hWeek, kernels: chosenWeekKernels) : path
        kernelPath = weekPath
        let block = Dictionary(uniqueKeysWithValues: used.enumerated().map { ($1, $0) })
        if weekPath == .sparse {
            // Each app smoothed with its own bandwidth only (the same sums as its column of its
            // bandwidth's block).
            week = KernelDensity.smoothSparse(hWeek, kernels: chosenWeekKernels,
                                              kernelOfColumn: (0..<a).map { block[choice.perApp[$0]] ?? 0 })
        } else {
            let smoothedWeek = try KernelDensity.smooth(hWeek, kernels: chosenWeekKernels, path: weekPath)
            week = (0..<a).map { app in
                let m = smoothedWeek[block[choice.perApp[app]] ?? 0]
                return (0..<(7 * n)).map { m[$0, app] }
            }
        }
        var evidence = [Double](repeating: 0, count: a)
        for c in data.cold { evidence[c.app] += c.weight }
        self.evidence = evidence
        deviceShape = _DensityFit._deviceShape(smoothedDay[choice.device], total: evidence.reduce(0, +), slots: n)
    }

    /// Row sums of the device-bandwidth smoothing, normalised, shrunk toward the population prior
    /// with a strength of 20 launches.
    static func _deviceShape(_ smoothed: Matrix, total: Double, slots n: Int) -> [Double] {
        var shape = (0..<n).map { i in (0..<smoothed.columns).reduce(0) { $0 + smoothed[i, $1] } }
        let mass = shape.reduce(0, +)
        if mass > 0 { shape = shape.map { $0 / mass } }
        let prior = PopulationPrior.timeOfDayShape(slots: n)
        let m = 20.0
        return (0..<n).map { (total * shape[$0] + m * prior[$0]) / (total + m) }
    }
}
