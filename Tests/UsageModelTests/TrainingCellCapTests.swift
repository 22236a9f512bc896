import LaunchHistory
import Testing
@testable import UsageModel

/// The usage model's scorer is trained on at most `_TrainingRows.maximumCells` cells (hours ×
/// apps): a device with thousands of apps trains on its most recent days that fit, every other
/// device on its `trainingDays` as before.
@Suite struct TrainingCellCapTests {
    @Test func firstTrainingDayKeepsTheDaysThatFit() {
        #expect(_TrainingRows.maximumCells == 500_000)
        // 60 apps: 28 days are 40,320 cells, all kept.
        #expect(_TrainingRows.firstDay(firstDay: 0, lastDay: 100, trainingDays: 28, apps: 60) == 73)
        // 3,000 apps: 72,000 cells a day, 6 days fit.
        #expect(_TrainingRows.firstDay(firstDay: 0, lastDay: 100, trainingDays: 28, apps: 3_000) == 95)
        // More apps than one day holds: still the last day.
        #expect(_TrainingRows.firstDay(firstDay: 0, lastDay: 100, trainingDays: 28, apps: 100_000) == 100)
        // A young device: from the day after its first.
        #expect(_TrainingRows.firstDay(firstDay: 95, lastDay: 100, trainingDays: 28, apps: 10) == 96)
        #expect(_TrainingRows.firstDay(firstDay: 0, lastDay: 100, trainingDays: 28, apps: 0) == 73)
    }

    /// 2,200 apps over 30 days: 9 days of cells fit (475,200 at most), not 28 (1.48 million).
    @Test func aManyAppHistoryTrainsOnItsLastDays() throws {
        let apps = 2_200, start = 19_700.0 * 86_400
        var launches: [LaunchEvent] = []
        for i in 0..<(apps * 3) {
            let at = start + Double(i) * (30 * 86_400 / Double(apps * 3))
            launches.append(LaunchEvent(device: "d", app: "app\(i % apps)", instant: at, utcOffsetSeconds: 0))
        }
        let data = _FitData(launches[...], options: UsageModelOptions())
        #expect(data.apps.count == apps)
        let rows = _TrainingRows(data, try _DensityFit(data))
        #expect(rows.count > 0)
        #expect(rows.count <= _TrainingRows.maximumCells)
        #expect(rows.count <= 9 * 24 * apps)
    }
}
