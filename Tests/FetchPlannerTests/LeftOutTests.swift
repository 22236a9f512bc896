import FetchPlanner
import Testing

/// Apps without a window are reported with the constraint that bound them.
@Suite struct LeftOutTests {
    /// Five apps with one strong habit each at 08:00 (slot 96), on a one-day request.
    static func request(budget: Double = 5) -> PlanningRequest {
        let apps = (0..<5).map { a in
            AppForecast(app: "app\(a)", slotProbabilities: (0..<288).map { $0 == 96 ? 0.9 - Double(a) * 0.1 : 0 })
        }
        return PlanningRequest(device: "d", horizonStart: 1_772_409_600, slotCount: 288, utcOffsetSeconds: 0,
                               budget: PlanningBudget(energyUnitsPerDay: budget), apps: apps, generatedAt: 1_772_409_600)
    }

    func constraint(_ s: FetchSchedule, _ app: String) -> FetchSchedule.Constraint? {
        s.leftOut.first { $0.app == app }?.constraint
    }

    @Test func eachRuleIsNamedWhenItBinds() throws {
        var r = Self.request()
        r.apps[4].slotProbabilities = [Double](repeating: 0, count: 288)
        r.state.apps = [AppSettings(app: "app0", earliestBegin: r.horizonEnd + 1),
                        AppSettings(app: "app1", maxFetchesPerDay: 0)]
        r.tauSeconds = 300 // only a fetch at 08:00 serves the 08:00 slot
        r.spentFetches = [SpentFetch(app: "app2", at: r.horizonStart + 96 * 300 + 600)]
        let s = try _Requests.plan(r)
        #expect(constraint(s, "app0") == .notYetAllowed)
        #expect(constraint(s, "app1") == .dailyCap)
        #expect(constraint(s, "app2") == .minimumInterval)
        #expect(constraint(s, "app3") == nil)
        #expect(constraint(s, "app4") == .lowValue)
        #expect(s.windows.map(\.app) == ["app3"])
        #expect(s.windows.first?.expectedHits == 0.6)
    }

    @Test func budgetAndRateLimitAreNamed() throws {
        var r = Self.request(budget: 2)
        var s = try _Requests.plan(r)
        #expect(s.windows.map(\.app) == ["app0", "app1"])
        #expect(s.leftOut.map(\.constraint) == [.budget, .budget, .budget])
        r.budget.energyUnitsPerDay = 5
        r.rules.deviceFetchesPerHour = 3
        s = try _Requests.plan(r)
        #expect(s.windows.count == 3)
        #expect(s.leftOut.map(\.constraint) == [.rateLimit, .rateLimit])
        #expect(s.leftOut.first?.detail.contains("0.600 expected hits") == true)
    }
}
