import Foundation
import LaunchHistory
import ReveilleCore

/// One device's tallies, `nil` when skipped.
struct _DeviceOutcome: Sendable {
    let device: String
    let launches: Int
    let tallies: [[_Tally]]?
    let planningSeconds: Double
    let replaySeconds: Double
    var executed: [ExecutedFetch] = []
    /// Threads that could plan its days (``_DeviceReplay/dayWorkers``).
    var dayWorkers = 1
    var deviceDays: Int { tallies?.first?.first?.deviceDays ?? 0 }
    /// What a partial result holds of this device.
    var partial: EvaluationPartial.Device { EvaluationPartial.Device(device: device, launches: launches, tallies: tallies) }
}

extension Evaluator {
    /// Replays one device with fresh policies (one value per policy), counting each replayed day
    /// in `progress`; `dayWorkers` threads may plan its days (``_DeviceReplay/dayWorkers``).
    func evaluateDevice(_ device: DeviceHistory, progress: DeviceDayTally? = nil, dayWorkers: Int = 1) throws -> _DeviceOutcome {
        let started = ContinuousClock.now
        let timeline = _DeviceTimeline(history: device, tauSeconds: options.tauSeconds)
        guard let days = timeline.scoredDays(warmupDays: options.warmupDays, minimumScoredDays: options.minimumScoredDays) else {
            return _DeviceOutcome(device: device.device, launches: device.launches.count, tallies: nil, planningSeconds: 0, replaySeconds: 0)
        }
        var policies: [any FetchPolicy] = []
        for name in options.policies {
            guard let policy = try options.registry.makePolicy(name: name, setup: PolicySetup(device: device, tauMinutes: options.tauMinutes, mode: options.mode)) else {
                throw EvaluationOptionsError.unknownPolicy(name: name, available: options.registry.names)
            }
            policies.append(policy)
        }
        var replay = _DeviceReplay(timeline: timeline, options: options, days: days)
        replay.progress = progress
        replay.dayWorkers = dayWorkers
        let tallies = try replay.run(policies: &policies)
        let total = _seconds(ContinuousClock.now - started)
        return _DeviceOutcome(device: device.device, launches: device.launches.count, tallies: tallies, planningSeconds: replay.planningSeconds,
                              replaySeconds: max(0, total - replay.planningSeconds), executed: replay.executed, dayWorkers: dayWorkers)
    }
}
