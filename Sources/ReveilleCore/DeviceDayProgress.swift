import Foundation

/// How far a long run has come, counted in device-days: the unit of work of `evaluate`, `train`,
/// `simulate` and `import`, fine enough that one device over a year shows progress.
///
/// Libraries report it through a ``Handler`` (usually via a ``DeviceDayTally``); the CLI turns it
/// into rate-limited lines with an estimate of the time left.
public struct DeviceDayProgress: Sendable, Equatable {
    /// A callback receiving every step, in order (never concurrently).
    public typealias Handler = @Sendable (DeviceDayProgress) -> Void

    /// Devices finished and in total.
    public var devicesDone: Int
    public var devicesTotal: Int
    /// Device-days finished and in total.
    public var deviceDaysDone: Int
    public var deviceDaysTotal: Int

    public init(devicesDone: Int = 0, devicesTotal: Int, deviceDaysDone: Int = 0, deviceDaysTotal: Int) {
        self.devicesDone = devicesDone
        self.devicesTotal = devicesTotal
        self.deviceDaysDone = deviceDaysDone
        self.deviceDaysTotal = deviceDaysTotal
    }

    /// Whether every device and device-day is done.
    public var isComplete: Bool { devicesDone >= devicesTotal && deviceDaysDone >= deviceDaysTotal }

    /// Seconds left at the rate so far (`elapsedSeconds` for `deviceDaysDone`), `nil` before the
    /// first device-day.
    public func estimatedSecondsLeft(elapsedSeconds: Double) -> Double? {
        guard deviceDaysDone > 0 else { return nil }
        let left = max(0, deviceDaysTotal - deviceDaysDone)
        return elapsedSeconds * Double(left) / Double(deviceDaysDone)
    }
}

/// A thread-safe tally of finished device-days and devices, shared by concurrent workers, that
/// passes every change to a ``DeviceDayProgress/Handler`` in order.
///
/// ```swift
/// let tally = DeviceDayTally(devices: 2, deviceDays: 730, handler: print)
/// tally.finishDays(1)          // after each simulated or replayed day
/// tally.finishDevice()         // after each device
/// ```
/// Counts saturate instead of overflowing; a `nil` handler makes every call a no-op.
public final class DeviceDayTally: @unchecked Sendable {
    private let lock = NSLock()
    private var state: DeviceDayProgress
    private let handler: DeviceDayProgress.Handler?

    /// A tally of `devices` devices holding `deviceDays` device-days in total.
    public init(devices: Int, deviceDays: Int, handler: DeviceDayProgress.Handler?) {
        state = DeviceDayProgress(devicesTotal: max(0, devices), deviceDaysTotal: max(0, deviceDays))
        self.handler = handler
    }

    /// The progress so far.
    public var progress: DeviceDayProgress {
        lock.lock(); defer { lock.unlock() }
        return state
    }

    /// Records `count` more finished device-days.
    public func finishDays(_ count: Int = 1) {
        guard let handler, count > 0 else { return }
        lock.lock(); defer { lock.unlock() }
        state.deviceDaysDone = min(state.deviceDaysTotal, Self._sum(state.deviceDaysDone, count))
        handler(state)
    }

    /// Records one more finished device, and `days` device-days not reported one by one.
    public func finishDevice(days: Int = 0) {
        guard let handler else { return }
        lock.lock(); defer { lock.unlock() }
        state.devicesDone = min(state.devicesTotal, Self._sum(state.devicesDone, 1))
        state.deviceDaysDone = min(state.deviceDaysTotal, Self._sum(state.deviceDaysDone, max(0, days)))
        handler(state)
    }

    private static func _sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : value
    }
}
