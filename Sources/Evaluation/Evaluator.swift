import Foundation
import LaunchHistory
import ReveilleCore

/// Progress of a running evaluation (reported after each device).
public struct EvaluationProgress: Sendable {
    /// Devices finished (scored or skipped) and in total.
    public var devicesDone: Int
    public var devicesTotal: Int
    /// Scored device-days finished and in total.
    public var deviceDaysDone: Int
    public var deviceDaysTotal: Int
    /// Seconds since the start.
    public var elapsedSeconds: Double
    /// Estimated seconds left, from the device-day rate so far.
    public var estimatedSecondsLeft: Double
}

/// Where the time went, summed over devices (CPU seconds across parallel tasks).
public struct EvaluationTiming: Sendable {
    /// Inside `FetchPolicy.plan` (training and planning).
    public var planningSeconds = 0.0
    /// Everything else per device: timeline, scoring, oracle bound.
    public var replaySeconds = 0.0
    /// Wall-clock seconds of the whole evaluation.
    public var wallSeconds = 0.0
}

/// Walk-forward evaluation by protocol `reveille-v1`.
///
/// Devices are independent and evaluated in parallel (one task per device, at most one per
/// core); results are pooled in device order, so the output is deterministic.
public struct Evaluator: Sendable {
    /// The evaluation's options.
    public var options: EvaluationOptions

    public init(options: EvaluationOptions = EvaluationOptions()) {
        self.options = options
    }

    /// Evaluates every device of `history`. Throws ``EvaluationOptionsError`` for bad options and
    /// ``EvaluationError`` when a policy breaks its contract.
    public func evaluate(_ history: LaunchHistory,
                         progress: (@Sendable (EvaluationProgress) -> Void)? = nil) async throws -> (report: EvaluationReport, timing: EvaluationTiming) {
        try options.validate()
        let started = ContinuousClock.now
        let devices = history.devices
        let daysTotal = devices.reduce(0) { $0 + _scoredDayCount($1) }
        var pool = EvaluationPool(header: EvaluationPartial.Header(options: options))
        var timing = EvaluationTiming()
        var iterator = devices.makeIterator()
        var done = 0, daysDone = 0
        try await replayInOrder(next: { iterator.next() }) { outcome in
            try pool.add(outcome.partial)
            pool.addExecuted(outcome.executed)
            timing.planningSeconds += outcome.planningSeconds
            timing.replaySeconds += outcome.replaySeconds
            done += 1
            daysDone += outcome.deviceDays
            let elapsed = _seconds(ContinuousClock.now - started)
            let left = daysDone > 0 ? elapsed * Double(daysTotal - daysDone) / Double(daysDone) : 0
            progress?(EvaluationProgress(devicesDone: done, devicesTotal: devices.count, deviceDaysDone: daysDone,
                                         deviceDaysTotal: daysTotal, elapsedSeconds: elapsed, estimatedSecondsLeft: left))
        }
        timing.wallSeconds = _seconds(ContinuousClock.now - started)
        return (pool.report, timing)
    }

    /// Evaluates devices as they come from `next` (`nil` at the end) and hands each one's partial
    /// result to `emit` in input order as soon as it and every device before it are done. At most
    /// one device per core is in flight, so memory is bounded by a few devices, whatever their
    /// number. Feed the partials to an ``EvaluationPool`` for the report, or write them with
    /// `DeterministicJSON.line(_:)` for a later merge.
    public func evaluate(next: () throws -> DeviceHistory?, emit: (EvaluationPartial.Device) throws -> Void) async throws {
        try options.validate()
        try await replayInOrder(next: next) { try emit($0.partial) }
    }

    /// Replays the devices from `next`, one task per device and at most one per core, handing
    /// the outcomes to `each` in input order.
    func replayInOrder(next: () throws -> DeviceHistory?, each: (_DeviceOutcome) throws -> Void) async throws {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: (Int, _DeviceOutcome).self) { group in
            var nextIndex = 0, nextToEmit = 0
            var finished: [Int: _DeviceOutcome] = [:]
            func launch() throws {
                guard let device = try next() else { return }
                let index = nextIndex, evaluator = self
                group.addTask { (index, try evaluator.evaluateDevice(device)) }
                nextIndex += 1
            }
            for _ in 0..<width { try launch() }
            while let (index, outcome) = try await group.next() {
                finished[index] = outcome
                while let ready = finished.removeValue(forKey: nextToEmit) {
                    try each(ready)
                    nextToEmit += 1
                }
                try launch()
            }
        }
    }

    /// ``evaluate(_:progress:)`` for synchronous callers (blocks the calling thread, which must
    /// not be one of Swift concurrency's cooperative threads).
    public func evaluateBlocking(_ history: LaunchHistory,
                                 progress: (@Sendable (EvaluationProgress) -> Void)? = nil) throws -> (report: EvaluationReport, timing: EvaluationTiming) {
        let box = _ResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { box.set(.success(try await self.evaluate(history, progress: progress))) } catch { box.set(.failure(error)) }
            semaphore.signal()
        }
        semaphore.wait()
        return try box.get().get()
    }

    /// Scored days of a device (0 when it is skipped).
    private func _scoredDayCount(_ device: DeviceHistory) -> Int {
        _DeviceTimeline.scoredDays(localDays: device.launches.map(\.localDay), warmupDays: options.warmupDays,
                                   minimumScoredDays: options.minimumScoredDays)?.count ?? 0
    }
}

/// Hands the async result to the blocked caller.
private final class _ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<(report: EvaluationReport, timing: EvaluationTiming), any Error> = .failure(CancellationError())
    func set(_ value: Result<(report: EvaluationReport, timing: EvaluationTiming), any Error>) {
        lock.lock(); result = value; lock.unlock()
    }
    func get() -> Result<(report: EvaluationReport, timing: EvaluationTiming), any Error> {
        lock.lock(); defer { lock.unlock() }; return result
    }
}

/// Seconds in a duration.
func _seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
