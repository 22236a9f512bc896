import FetchPlanner
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport

/// Properties every plan must have, over random requests (all rules, spent fetches, costs).
@Suite struct PlannerPropertyTests {
    static let seeds: [UInt64] = Array(1...120)

    /// Checks one schedule against the request's rules independently of the planner's bookkeeping.
    func checkRules(_ r: PlanningRequest, _ s: FetchSchedule) {
        let settings = Dictionary(uniqueKeysWithValues: r.state.apps.map { ($0.app, $0) })
        let day = { (t: Double) in LocalClock.day(localSeconds: t + Double(r.utcOffsetSeconds)) }
        var limit = r.budget.energyUnitsPerDay
        if r.state.lowPowerMode { limit = (limit * r.budget.lowPowerScale).rounded(.down) }
        var energy: [Int: Double] = [:], bytes: [Int: Double] = [:], perAppDay: [String: Int] = [:]
        for f in r.spentFetches {
            energy[day(f.at), default: 0] += f.energyCost
            perAppDay["\(f.app)|\(day(f.at))", default: 0] += 1
        }
        for w in s.windows {
            let app = settings[w.app]
            #expect(app?.forceQuit != true && app?.backgroundRefresh != false, "excluded app planned")
            #expect(w.atUnix >= (app?.earliestBegin ?? -.infinity), "before earliest begin")
            energy[day(w.atUnix), default: 0] += w.energyCost
            bytes[day(w.atUnix), default: 0] += app?.bytesPerFetch ?? 0
            perAppDay["\(w.app)|\(day(w.atUnix))", default: 0] += 1
            if let cap = app?.maxFetchesPerDay ?? r.rules.maxFetchesPerAppPerDay {
                #expect(perAppDay["\(w.app)|\(day(w.atUnix))", default: 0] <= cap, "daily cap broken")
            }
            for f in r.spentFetches where f.app == w.app {
                #expect(abs(f.at - w.atUnix) >= r.rules.minimumIntervalSeconds, "minimum interval vs spent fetch")
            }
        }
        let spentEnergy = Dictionary(grouping: r.spentFetches, by: { day($0.at) }).mapValues { $0.reduce(0) { $0 + $1.energyCost } }
        for d in energy.keys.sorted() where s.windows.contains(where: { day($0.atUnix) == d }) {
            #expect((energy[d] ?? 0) <= max(limit, spentEnergy[d] ?? 0) + 1e-9, "energy budget exceeded")
            if let b = r.budget.dataBytesPerDay { #expect((bytes[d] ?? 0) <= b + 1e-9, "data budget exceeded") }
        }
        if let rate = r.rules.deviceFetchesPerHour {
            // Every hour-long window [x, x + 3600) holding a planned fetch holds at most `rate`.
            let all = (s.windows.map(\.atUnix) + r.spentFetches.map(\.at)).sorted()
            for x in all {
                let inside = all.filter { $0 >= x && $0 < x + 3600 }
                guard s.windows.contains(where: { $0.atUnix >= x && $0.atUnix < x + 3600 }) else { continue }
                #expect(inside.count <= rate, "rate limit")
            }
        }
    }

    @Test(arguments: seeds)
    func planNeverBreaksARule(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let request = _Requests.random(&rng)
        for method in PlanningMethod.allCases {
            let schedule = try _Requests.plan(request, method: method)
            checkRules(request, schedule)
        }
    }

    @Test func forceQuitAndRefreshOffAppsGetNothingAndAreReported() throws {
        var request = SyntheticRequests.request(kind: .realistic, apps: 6, budget: 30, seed: 7)
        request.state.apps = [AppSettings(app: "com.example.app00", forceQuit: true),
                              AppSettings(app: "com.example.app01", backgroundRefresh: false)]
        let schedule = try _Requests.plan(request)
        #expect(!schedule.windows.contains { $0.app == "com.example.app00" || $0.app == "com.example.app01" })
        #expect(schedule.leftOut.first { $0.app == "com.example.app00" }?.constraint == .forceQuit)
        #expect(schedule.leftOut.first { $0.app == "com.example.app01" }?.constraint == .backgroundRefreshOff)
        #expect(!schedule.windows.isEmpty)
    }

    @Test func spentFetchesUseTheDaysBudget() throws {
        var request = SyntheticRequests.request(kind: .realistic, apps: 20, budget: 8, seed: 3)
        request.spentFetches = (0..<5).map { SpentFetch(app: "com.example.app1\($0)", at: request.horizonStart + Double($0) * 600) }
        request.horizonStart += 3600
        request.slotCount = 12
        request.apps = request.apps.map { AppForecast(app: $0.app, slotProbabilities: Array($0.slotProbabilities[12..<24])) }
        let schedule = try _Requests.plan(request)
        #expect(schedule.budget.days.first?.spent == 5)
        #expect(schedule.budget.limit == 3)
        #expect(schedule.budget.planned <= 3)
    }

    @Test func lowPowerModeHalvesTheBudget() throws {
        var request = SyntheticRequests.request(kind: .realistic, apps: 40, budget: 9, seed: 11)
        request.state.lowPowerMode = true
        let schedule = try _Requests.plan(request)
        #expect(schedule.budget.limit == 4)
        #expect(schedule.windows.count == 4)
    }

    @Test func appsThatRarelyHaveNewDataLoseValue() throws {
        var request = SyntheticRequests.request(kind: .realistic, apps: 2, budget: 1, seed: 5)
        request.apps[1].slotProbabilities = request.apps[0].slotProbabilities
        request.state.apps = [AppSettings(app: "com.example.app00", fetchResults: FetchResultCounts(newData: 1, noData: 9, failed: 2))]
        let schedule = try _Requests.plan(request)
        #expect(schedule.windows.map(\.app) == ["com.example.app01"])
        #expect(FetchResultCounts(newData: 1, noData: 9, failed: 2).posteriorNewData(alpha: 1, beta: 0) == 2.0 / 13)
    }
}
