import Foundation
import LaunchHistory
import ReveilleCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints device-day progress on stderr for `train`, `simulate`, `import` and `evaluate`:
/// `label: 120/365 device-days, 0/1 devices, 2.1 s elapsed, about 4.3 s left`.
///
/// At most one line per `interval` (plus the first and the last), so a long run prints a few lines
/// a second at most; on a terminal the line is rewritten in place, elsewhere (pipes, files, CI
/// logs) each is a plain line. Nothing with `--quiet`. Stdout is never touched.
final class ProgressPrinter: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let terminal: Bool
    private let interval: Double
    private let started = ContinuousClock.now
    private let lock = NSLock()
    private var lastPrinted: ContinuousClock.Instant?
    private var lineOpen = false

    /// A printer for `label`, silent when `common.quiet`.
    init(label: String, common: CommonOptions, interval: Double = 0.5) {
        self.label = label
        self.enabled = !common.quiet
        self.terminal = isatty(STDERR_FILENO) == 1
        self.interval = interval
    }

    /// The handler to give a library call (`nil` with `--quiet`, so no work is done for progress).
    var handler: DeviceDayProgress.Handler? {
        guard enabled else { return nil }
        return { @Sendable [self] progress in self.report(progress) }
    }

    /// Prints `progress` unless a line was printed less than `interval` ago (the first and the
    /// complete step are always printed).
    func report(_ progress: DeviceDayProgress) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let now = ContinuousClock.now
        if let last = lastPrinted, !progress.isComplete, _seconds(now - last) < interval { return }
        lastPrinted = now
        let line = Self.line(label: label, progress: progress, elapsedSeconds: _seconds(now - started))
        if terminal {
            StandardError.writeRaw("\r" + line + "\u{1B}[K" + (progress.isComplete ? "\n" : ""))
            lineOpen = !progress.isComplete
        } else {
            StandardError.write(line)
        }
    }

    /// Reports a run that produced `events` in one step (an import reads its evidence in one
    /// query): their devices and device-days, complete.
    func reportFinished(_ events: [LaunchEvent]) {
        guard enabled else { return }
        var days: [String: Set<Int>] = [:]
        for e in events { days[e.device, default: []].insert(e.localDay) }
        let deviceDays = days.values.reduce(0) { $0 + $1.count }
        report(DeviceDayProgress(devicesDone: days.count, devicesTotal: days.count, deviceDaysDone: deviceDays, deviceDaysTotal: deviceDays))
    }

    /// Ends a terminal line left open by an unfinished run (call before printing anything else).
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if lineOpen { StandardError.writeRaw("\n") }
        lineOpen = false
    }

    /// One progress line.
    static func line(label: String, progress p: DeviceDayProgress, elapsedSeconds: Double) -> String {
        var text = "\(label): \(p.deviceDaysDone)/\(p.deviceDaysTotal) device-days, \(p.devicesDone)/\(p.devicesTotal) devices, "
        text += "\(_fixed(elapsedSeconds, 1)) s elapsed"
        if p.isComplete { return text + ", done" }
        if let left = p.estimatedSecondsLeft(elapsedSeconds: elapsedSeconds) { text += ", about \(_fixed(left, 1)) s left" }
        return text
    }

    private func _seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
