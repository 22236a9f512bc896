import FetchPlanner
import Testing

/// Local times, day boundaries, lead windows and reasons, including across a DST change.
@Suite struct LocalTimeTests {
    /// 2026-03-08T00:00-05:00 (New York); DST starts at 2026-03-08T07:00Z (02:00 EST → 03:00 EDT).
    static let start = 1_772_946_000.0
    static let change = 1_772_953_200.0

    static func request(_ p: [Double], budget: Double) -> PlanningRequest {
        PlanningRequest(device: "ny", horizonStart: start, slotCount: 288, utcOffsetSeconds: -18_000,
                        offsetChanges: [OffsetChange(at: change, utcOffsetSeconds: -14_400)],
                        budget: PlanningBudget(energyUnitsPerDay: budget),
                        apps: [AppForecast(app: "news", slotProbabilities: p)], generatedAt: start)
    }

    @Test func dstDayIsTwentyThreeHoursAndEachDayHasItsOwnBudget() throws {
        let schedule = try _Requests.plan(Self.request([Double](repeating: 0.2, count: 288), budget: 2))
        #expect(schedule.budget.days.map(\.date) == ["2026-03-08", "2026-03-09"])
        #expect(schedule.horizon.start == "2026-03-08T00:00:00-05:00")
        #expect(schedule.horizon.end == "2026-03-09T01:00:00-04:00")
        let nextMidnight = 1_773_028_800.0 // 2026-03-09T00:00-04:00, 23 h after the start
        #expect(schedule.windows.filter { $0.atUnix < nextMidnight }.count == 2)
        #expect(schedule.windows.filter { $0.atUnix >= nextMidnight }.count == 1)
        #expect(schedule.budget.days.map(\.planned) == [2, 1])
        #expect(schedule.budget.limit == 4)
    }

    @Test func timesAcrossTheChangeCarryTheirOwnOffset() throws {
        var p = [Double](repeating: 0, count: 288)
        p[24] = 0.8 // 07:00Z = 03:00 EDT, the first slot after the change
        let schedule = try _Requests.plan(Self.request(p, budget: 1))
        let window = try #require(schedule.windows.first)
        #expect(window.at == "2026-03-08T03:00:00-04:00")
        #expect(window.earliestBegin == "2026-03-08T01:50:00-05:00")
        #expect(window.latestBegin == window.at)
        #expect(window.reason == "80% chance of a launch between 03:00 and 04:00")
    }

    @Test func evidenceExplainsTheWindowInWords() throws {
        var p = [Double](repeating: 0, count: 288)
        p[24] = 0.75
        var request = Self.request(p, budget: 1)
        request.apps[0].evidence = ReasonEvidence(dayKind: "Sundays",
                                                  launchMinutesByDay: [[185], [192, 600], [], [181], [30]])
        let schedule = try _Requests.plan(request)
        #expect(schedule.windows.first?.reason == "opened on 3 of the last 5 Sundays between 03:01 and 03:12")
        #expect(ReasonEvidence(launchMinutesByDay: [[1430], [5]]).reason(startMinute: 1420, lengthMinutes: 60)
                == "opened on 2 of the last 2 days between 23:50 and 00:05")
    }

    @Test func earliestBeginKeepsTheMinimumIntervalAndTheHorizon() throws {
        var p = [Double](repeating: 0, count: 288)
        p[0] = 0.9
        p[3] = 0.9
        var request = Self.request(p, budget: 2)
        request.tauSeconds = 300
        let schedule = try _Requests.plan(request)
        #expect(schedule.windows.map(\.earliestBegin) == ["2026-03-08T00:00:00-05:00", "2026-03-08T00:15:00-05:00"])
        #expect(schedule.windows.map(\.at) == ["2026-03-08T00:00:00-05:00", "2026-03-08T00:15:00-05:00"])
    }
}
