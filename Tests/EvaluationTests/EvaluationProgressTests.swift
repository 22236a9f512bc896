import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import Evaluation

/// The evaluator reports progress after every replayed day, not only after each device.
@Suite struct EvaluationProgressTests {
    /// Collects the steps a handler receives.
    final class Steps: @unchecked Sendable {
        private let lock = NSLock()
        private var steps: [DeviceDayProgress] = []
        func add(_ p: DeviceDayProgress) { lock.lock(); steps.append(p); lock.unlock() }
        var all: [DeviceDayProgress] { lock.lock(); defer { lock.unlock() }; return steps }
    }

    @Test func oneDeviceReportsEachScoredDayThenItself() async throws {
        // One device over 20 days (one launch a day): 18 scored days (after the warm-up day, before the last).
        let launches = (0..<20).map { Toy.launch("d1", "a", $0, 9) }
        let steps = Steps()
        _ = try await Evaluator(options: Toy.options(["histogram"], budgets: [4, 8]))
            .evaluate(LaunchHistory(events: launches), progress: { steps.add($0) })
        let all = steps.all
        #expect(all.map(\.deviceDaysDone) == Array(1...18) + [18])
        #expect(all.allSatisfy { $0.deviceDaysTotal == 18 && $0.devicesTotal == 1 })
        #expect(all.dropLast().allSatisfy { $0.devicesDone == 0 && !$0.isComplete })
        #expect(all.last?.isComplete == true)
        #expect(all[0].estimatedSecondsLeft(elapsedSeconds: 2) == 34)   // 17 days left at 2 s a day
    }

    @Test func tallySaturatesAndIgnoresNonPositiveSteps() {
        let steps = Steps()
        let tally = DeviceDayTally(devices: 1, deviceDays: 3, handler: { steps.add($0) })
        tally.finishDays(0)
        tally.finishDays(Int.max)
        tally.finishDevice(days: Int.max)
        #expect(steps.all.map(\.deviceDaysDone) == [3, 3])
        #expect(steps.all.last?.isComplete == true)
        #expect(DeviceDayProgress(devicesTotal: 1, deviceDaysTotal: 5).estimatedSecondsLeft(elapsedSeconds: 1) == nil)
    }
}
