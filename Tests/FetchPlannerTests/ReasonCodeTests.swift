import FetchPlanner
import Testing

/// The machine-readable reasons of schedule v2: every left-out code the issue names, the
/// windows' `reasonCode` and `nextExpectedUse`, the device's offset.
@Suite struct ReasonCodeTests {
    func code(_ s: FetchSchedule, _ app: String) -> FetchSchedule.Constraint? {
        s.leftOut.first { $0.app == app }?.constraint
    }

    @Test func settingsCodes() throws {
        var r = LeftOutTests.request()
        r.state.apps = [AppSettings(app: "app0", forceQuit: true), AppSettings(app: "app1", backgroundRefresh: false)]
        let s = try _Requests.plan(r)
        #expect(code(s, "app0") == .forceQuit)
        #expect(code(s, "app1") == .backgroundRefreshOff)
        #expect(s.leftOut.first?.detail == "the app was force-quit; the system does not launch it in the background")
    }

    @Test func neverUsedBindsOnlyWithTheRule() throws {
        var r = LeftOutTests.request()
        r.recentApps = ["app0", "app1", "app2", "app3"]
        #expect(code(try _Requests.plan(r), "app4") == nil)
        r.rules.recentUseDays = 7
        let s = try _Requests.plan(r)
        #expect(code(s, "app4") == .neverUsed)
        #expect(s.windows.map(\.app) == ["app0", "app1", "app2", "app3"])
    }

    /// Budget 5 in Low Power Mode is 2: apps 2–4 fit the 3 units Low Power Mode took, so it is
    /// what binds; with a budget of 2 (scaled to 1) only app1, the most valuable left out, takes
    /// the one unit it took, and the others lack budget either way.
    @Test func lowPowerIsNamedWhenTheUnscaledBudgetWouldHold() throws {
        var r = LeftOutTests.request(budget: 5)
        r.state.lowPowerMode = true
        var s = try _Requests.plan(r)
        #expect(s.windows.map(\.app) == ["app0", "app1"])
        #expect(s.leftOut.map(\.constraint) == [.lowPower, .lowPower, .lowPower])
        r.budget.energyUnitsPerDay = 2
        s = try _Requests.plan(r)
        #expect(s.windows.map(\.app) == ["app0"])
        #expect(s.leftOut.map(\.constraint) == [.lowPower, .budget, .budget, .budget])
    }

    @Test func standbyQuotaCapsAndIsNamed() throws {
        var r = LeftOutTests.request()
        r.apps[0].slotProbabilities = (0..<288).map { $0 % 24 == 0 ? 0.5 : 0 }  // twelve equal habits
        for a in 2..<5 { r.apps[a].slotProbabilities = [Double](repeating: 0, count: 288) }
        r.standbyCaps = ["app0": 3, "app1": 0]
        #expect(try _Requests.plan(r).windows.filter { $0.app == "app0" }.count == 4)  // the budget of 5 minus app1's
        r.rules.standbyBucketQuota = true
        let s = try _Requests.plan(r)
        #expect(s.windows.filter { $0.app == "app0" }.count == 3)
        #expect(code(s, "app1") == .standbyBucket)
        r.state.apps = [AppSettings(app: "app1", maxFetchesPerDay: 0)]
        r.standbyCaps = ["app1": 3]
        #expect(code(try _Requests.plan(r), "app1") == .dailyCap)
    }

    @Test func windowsCarryReasonCodeNextUseAndOffset() throws {
        var r = LeftOutTests.request(budget: 1)
        r.utcOffsetSeconds = -14_400
        // app0's probability over 08:00–09:00 peaks at 08:20 (slot 100).
        r.apps[0].slotProbabilities = (0..<288).map { $0 == 100 ? 0.9 : ($0 >= 96 && $0 < 108 ? 0.05 : 0) }
        let s = try _Requests.plan(r)
        let w = try #require(s.windows.first)
        #expect(w.reasonCode == "forecast")
        #expect(w.nextExpectedUseUnix == r.horizonStart + 100 * 300)
        #expect(w.nextExpectedUse == "2026-03-02T04:20:00-04:00")
        #expect(s.utcOffset == "-04:00" && s.utcOffsetSeconds == -14_400)
        #expect(s.schemaVersion == 2 && s.modelDigest == nil)
    }
}
