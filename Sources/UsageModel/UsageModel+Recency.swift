import Foundation
import LaunchHistory
import ReveilleCore

/// What the recency features know of each app at the end of a history: the app's last launch and
/// its cold launches of the last 8 days, as minutes before the end (rounded down to the minute).
/// Personal data: it is never written to a model file; a fitted model keeps the state of the
/// history it was fitted on, a model read from a file gets it from the history given at plan
/// time (``UsageModel/withRecency(from:)``).
struct _ModelRecency: Sendable {
    /// The history's last instant, rounded down to the minute.
    let end: Double
    /// Per app of the model, the last launch and the recent cold launches (instants, ascending).
    let apps: [_AppRecency]

    /// How many minutes of cold-launch recency are kept.
    static let horizonMinutes = 8 * 1440

    /// The state at the end of `recency` (per model app, all launches and cold launches in time
    /// order) whose last launch is `end`: each instant becomes whole minutes before the end,
    /// rounded, as the fitted model has always seen it.
    init(end lastInstant: Double, recency: [_AppRecency]) {
        let reference = (lastInstant / 60).rounded(.down) * 60
        let horizon = Double(Self.horizonMinutes) * 60
        func minute(_ t: Double) -> Double { reference - ((reference - t) / 60).rounded() * 60 }
        end = reference
        apps = recency.map { r in
            _AppRecency(launches: r.launches.last.map { [minute($0)] } ?? [],
                        cold: r.cold.filter { reference - $0 <= horizon }.map(minute))
        }
    }
}

extension UsageModel {
    /// This model with the recency state of `launches` (the device's history, any order; other
    /// devices' and unknown apps' launches are ignored): what a plan from a model file reads
    /// from `--history`. Cold launches are found with the model's `tau`, as when fitting, so a
    /// model read from a file plus the history it was fitted on predicts exactly what the fitted
    /// model predicted. An empty history leaves the model without recency state (every app
    /// reads as not launched in the last 30 days).
    /// - Complexity: O(n log n) for `n` launches.
    public func withRecency(from launches: some Collection<LaunchEvent>) -> UsageModel {
        let own = LaunchEvent.sortedByInstant(launches.filter { $0.device == device && LocalClock.isValidInstant($0.instant) })
        var copy = self
        guard let last = own.last else {
            copy.recency = nil
            return copy
        }
        let cold = SlotHistogram.coldMask(own, tauSeconds: options.tauSeconds)
        var perApp = [_AppRecency](repeating: _AppRecency(), count: apps.count)
        for (i, e) in own.enumerated() {
            guard let a = _appIndex(e.app) else { continue }
            perApp[a].launches.append(e.instant)
            if cold[i] { perApp[a].cold.append(e.instant) }
        }
        copy.recency = _ModelRecency(end: last.instant, recency: perApp)
        return copy
    }

    /// Whether the model knows the recency state of a history (fitted, or given one by
    /// ``withRecency(from:)``).
    public var hasRecencyState: Bool { recency != nil }
}
