import Foundation
import LaunchHistory
import ReveilleCore

/// Progress of a running evaluation: devices finished and scored device-days replayed, reported
/// after every replayed day of every device (the CLI adds the time left).
public typealias EvaluationProgress = DeviceDayProgress

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
                         progress: EvaluationProgress.Handler? = nil) async throws -> (report: EvaluationReport, timing: EvaluationTiming) {
        try options.validate()
        let started = ContinuousClock.now
        let devices = history.devices
        let daysTotal = devices.reduce(0) { $0 + _scoredDayCount($1) }
        var pool = EvaluationPool(header: EvaluationPartial.Header(options: options))
        var timing = EvaluationTiming()
        var iterator = devices.makeIterator()
        let tally = DeviceDayTally(devices: devices.count, deviceDays: daysTotal, handler: progress)
        try await replayInOrder(next: { iterator.next() }, progress: tally) { outcome in
            try pool.add(outcome.partial)
            pool.addExecuted(outcome.executed)
            timing.planningSeconds += outcome.planningSeconds
            timing.replaySeconds += outcome.replaySeconds
        }
        timing.wallSeconds = _seconds(ContinuousClock.now - started)
        return (try pool.report, timing)
    }

    /// Evaluates devices as they come from `next` (`nil` at the end) and hands each one's partial
    /// result to `emit` in input order as soon as it and every device before it are done. At most
    /// one device per core is in flight, so memory is bounded by a few devices, whatever their
    /// number. Feed the partials to an ``EvaluationPool`` for the report, or write them with
    /// `DeterministicJSON.line(_:)` for a later merge.
    public func evaluate(next: () throws -> DeviceHistory?, emit: (EvaluationPartial.Device) throws -> Void) async throws {
        try options.validate()
        try await replayInOrder(next: next, progress: nil) { try emit($0.partial) }
    }

    /// Replays the devices from `next`, one task per device and at most `width` (one per core)
    /// at once, handing the outcomes to `each` in input order; `progress` counts every replayed
    /// day and device.
    ///
    /// The first `width` devices are read before any starts. When the input ends among them
    /// (fewer devices than cores), each device's days are split across the cores left idle
    /// (``_DeviceReplay/dayWorkers``): a loaded history and a stream of the same devices split
    /// alike, without knowing the count ahead.
    func replayInOrder(next: () throws -> DeviceHistory?, progress: DeviceDayTally?,
                       width: Int = ProcessInfo.processInfo.activeProcessorCount,
                       each: (_DeviceOutcome) throws -> Void) async throws {
        let width = max(1, width)
        var first: [DeviceHistory] = []
        while first.count < width, let device = try next() { first.append(device) }
        let dayWorkers = max(1, width / max(1, first.count))
        // Taken from the end, so each is released once its task is done with it.
        first.reverse()
        // A device's failure is kept as its result and thrown when its turn to be emitted comes:
        // the error reported is the first failing device's in input order, whichever task
        // finished first (the same message on every run).
        try await withThrowingTaskGroup(of: (Int, Result<_DeviceOutcome, any Error>).self) { group in
            var nextIndex = 0, nextToEmit = 0
            var finished: [Int: Result<_DeviceOutcome, any Error>] = [:]
            func launch() throws {
                guard let device = try first.popLast() ?? next() else { return }
                let index = nextIndex, evaluator = self
                group.addTask {
                    (index, Result { try evaluator.evaluateDevice(device, progress: progress, dayWorkers: dayWorkers) })
                }
                nextIndex += 1
            }
            for _ in 0..<width { try launch() }
            while let (index, outcome) = try await group.next() {
                finished[index] = outcome
                progress?.finishDevice()
                while let ready = finished.removeValue(forKey: nextToEmit) {
                    try each(ready.get())
                    nextToEmit += 1
                }
                try launch()
            }
        }
    }

    /// ``evaluate(_:progress:)`` for synchronous callers (blocks the calling thread, which must
    /// not be one of Swift concurrency's cooperative threads).
    public func evaluateBlocking(_ history: LaunchHistory,
                                 progress: EvaluationProgress.Handler? = nil) throws -> (report: EvaluationReport, timing: EvaluationTiming) {
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
