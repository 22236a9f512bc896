import FetchPlanner
import Foundation
import Testing
import TestSupport

/// Regression tests of issue 15: counts near `Int.max` in a state file, and the documented upper
/// bounds of the budget and the push cap.
@Suite struct BoundsTests {
    static let base = SyntheticRequests.request(kind: .realistic, apps: 3, budget: 4, seed: 1, slotCount: 24)

    @Test func fetchResultCountsNearIntMaxDoNotOverflow() throws {
        let huge = FetchResultCounts(newData: Int.max, noData: Int.max, failed: Int.max)
        #expect(abs(huge.posteriorNewData(alpha: 1, beta: 1) - 1.0 / 3) < 1e-12)
        let allNew = FetchResultCounts(newData: Int.max, noData: 0, failed: 0)
        #expect(allNew.posteriorNewData(alpha: 1, beta: 1) == 1)
        var request = Self.base
        request.state.apps = request.apps.map { AppSettings(app: $0.app, fetchResults: huge) }
        let schedule = try FetchPlanner.plan(request)
        #expect(schedule.windows.count <= 4)
    }

    @Test func aStateFileWithCountsNearIntMaxPlans() throws {
        let json = """
            {"apps": [{"app": "app0", "fetchResults": {"newData": 9223372036854775807, "noData": 9223372036854775807, "failed": 1}}]}
            """
        let path = try Fixtures.temporaryFile(json, suffix: ".json")
        let state = try DeviceState.read(path: path)
        #expect(state.apps[0].fetchResults?.posteriorNewData(alpha: 1, beta: 1) == 0.5)
    }

    @Test func theBudgetHasAnUpperBound() throws {
        var request = Self.base
        request.budget.energyUnitsPerDay = Double(PlanningBudget.maximumEnergyUnitsPerDay + 1)
        #expect(throws: PlanningError(.invalidBudget, field: "budget.energyUnitsPerDay", expected: "a number in 0…96")) {
            try FetchPlanner.plan(request)
        }
        request.budget.energyUnitsPerDay = Double(PlanningBudget.maximumEnergyUnitsPerDay)
        #expect(throws: Never.self) { try FetchPlanner.plan(request) }
    }

    @Test func thePushCapHasAnUpperBound() {
        let request = PushRequest(device: "d", app: "a", horizonStart: 1_772_409_600, slotProbabilities: [0.5, 0.5],
                                  utcOffsetSeconds: 0, rules: PushRules(maxPushesPerDay: 289), generatedAt: 1_772_409_600)
        #expect(throws: PlanningError.self) { try PushPlanner.plan(request) }
    }
}

/// Regression test of issue 15: plugged-in intervals are held to the instant range and a length
/// bound, so one corrupt interval cannot cost work in proportion to its span.
@Suite struct ChargingBoundsTests {
    static let bad: [(Double, Double)] = [(0, 3600), (1_700_000_000, 1e11), (1_700_000_000, 1_700_000_000 + 32 * 86_400)]

    @Test(arguments: bad)
    func intervalsOutsideTheBoundsAreRejected(start: Double, end: Double) {
        let intervals = [ChargingInterval(start: 1_700_000_000, end: 1_700_003_600, utcOffsetSeconds: 0),
                         ChargingInterval(start: start, end: end, utcOffsetSeconds: 0)]
        #expect(throws: PlanningError(.invalidCharging, field: "intervals[1]",
                                      expected: "start ≤ end in the years 1990–2100, at most 31 days apart, and an offset within ±18 h")) {
            try ChargingProfile.estimate(intervals)
        }
    }

    @Test func aMonthLongIntervalIsAccepted() throws {
        _ = try ChargingProfile.estimate([ChargingInterval(start: 1_700_000_000, end: 1_700_000_000 + 31 * 86_400, utcOffsetSeconds: 3600)])
    }
}
