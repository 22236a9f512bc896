import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport

/// ``FetchPlanner/Session`` reuses the previous request's problem and price search when only the
/// budget changes (what the evaluator does with each day's forecast at budgets 4, 8, 16, 32): on
/// real StudentLife days every plan must equal the one a fresh ``FetchPlanner/plan(_:method:)``
/// makes, in every order of budgets, with Low Power Mode and a data budget, and after a request
/// that differs in more than its budget.
@Suite struct PlannerSessionTests {
    /// Requests of sampled StudentLife days: each day's `reveille` forecast at budget 4.
    static func requests() throws -> [PlanningRequest] {
        let history = try HistoryReader.read(path: Fixtures.dataset("studentlife-small/launches.csv"))
        var out: [PlanningRequest] = []
        for device in history.devices.prefix(2) {
            let launches = Array(device.launches)[...]
            guard let first = launches.first else { continue }
            var policy = try ReveillePolicy()
            for week in 1...3 {
                let offset = first.utcOffsetSeconds
                let start = LocalClock.startOfDay(first.localDay + 7 * week + 3, utcOffsetSeconds: offset)
                let context = ForecastContext.planning(device: device.device, history: launches, start: start,
                                                       utcOffsetSeconds: offset, tauSeconds: 3600)
                let forecast = try policy.forecast(ScheduleRequest(context: context, start: start, end: start + 86_400, budgetPerDay: 4))
                out.append(PlanningRequest(device: device.device, forecast: forecast, utcOffsetSeconds: offset, tauSeconds: 3600,
                                           budget: PlanningBudget(energyUnitsPerDay: 4), generatedAt: start))
            }
        }
        return out
    }

    @Test func sharedProblemPlansAsAFreshOneAtEveryBudget() throws {
        let requests = try Self.requests()
        #expect(requests.count == 6)
        var session = FetchPlanner.Session()
        var planned = 0
        for request in requests {
            #expect(request.apps.contains { $0.slotProbabilities.contains { $0 > 0.01 } })
            var variants: [PlanningRequest] = []
            for units in [4.0, 8, 16, 32, 8, 0, 1] {
                var r = request
                r.budget = PlanningBudget(energyUnitsPerDay: units)
                variants.append(r)
            }
            var lowPower = request
            lowPower.state.lowPowerMode = true
            lowPower.budget = PlanningBudget(energyUnitsPerDay: 16, dataBytesPerDay: 2, lowPowerScale: 0.25)
            var spent = request
            spent.spentFetches = [SpentFetch(app: request.apps[0].app, at: request.horizonStart + 3600)]
            variants += [lowPower, request, spent, request]
            for method in [PlanningMethod.best, .lagrangian] {
                for r in variants {
                    let shared = try session.plan(r, method: method)
                    let fresh = try FetchPlanner.plan(r, method: method)
                    #expect(shared == fresh, "\(r.device) from \(r.horizonStart) at \(r.budget)")
                    planned += shared.windows.count
                }
            }
        }
        #expect(planned > 100)
    }

    /// A budget the planner rejects is rejected by a session reusing the problem too.
    @Test func invalidBudgetOnAReusedProblemThrowsTheSameError() throws {
        let request = try #require(try Self.requests().first)
        var session = FetchPlanner.Session()
        _ = try session.plan(request)
        var bad = request
        bad.budget = PlanningBudget(energyUnitsPerDay: 2.5)
        var errors: [PlanningError] = []
        do { _ = try session.plan(bad) } catch let e as PlanningError { errors.append(e) }
        do { _ = try FetchPlanner.plan(bad) } catch let e as PlanningError { errors.append(e) }
        #expect(errors.count == 2 && errors[0] == errors[1] && errors[0].code == .budgetNotWhole, "\(errors)")
        #expect(try session.plan(request) == FetchPlanner.plan(request))
    }
}
