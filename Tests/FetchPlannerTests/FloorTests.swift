import FetchPlanner
import Foundation
import Testing
import TestSupport

/// The daily floor (``PlatformRules/dailyFloor``).
@Suite struct FloorTests {
    /// A 1–3 day request of 30-minute slots whose floor apps all fit in the budget.
    static func request(_ rng: inout SeededGenerator, budgetShortfall: Int = 0) -> PlanningRequest {
        let slots = Int.random(in: 36...144, using: &rng)
        let count = Int.random(in: 2...8, using: &rng)
        let apps = (0..<count).map { a in
            AppForecast(app: "app\(a)", slotProbabilities: (0..<slots).map { _ in
                a == 0 ? 0 : pow(Double.random(in: 0..<1, using: &rng), 4) * 0.5
            })
        }
        let floor = apps.map(\.app).filter { _ in Bool.random(using: &rng) } + ["app0"]
        let budget = max(0, Set(floor).count + Int.random(in: 0...3, using: &rng) - budgetShortfall)
        let start = 1_704_409_200 + Double(Int.random(in: 0...47, using: &rng)) * 1800
        return PlanningRequest(device: "d", horizonStart: start, slotSeconds: 1800, slotCount: slots,
                               utcOffsetSeconds: 3600, budget: PlanningBudget(energyUnitsPerDay: Double(budget)),
                               apps: apps, rules: PlatformRules(deviceFetchesPerHour: nil, dailyFloor: true),
                               generatedAt: start, floorApps: floor)
    }

    @Test func theFloorHoldsOnEveryPlannedDay() throws {
        var rng = SeededGenerator(seed: 90)
        for _ in 0..<40 {
            let request = Self.request(&rng)
            for method in PlanningMethod.allCases {
                let schedule = try _Requests.plan(request, method: method)
                for day in schedule.budget.days {
                    let served = Set(schedule.windows.filter { $0.at.hasPrefix(day.date) }.map(\.app))
                    #expect(Set(request.floorApps).isSubset(of: served), "\(method) \(day.date)")
                }
            }
        }
    }

    @Test func aShortBudgetTakesTheMostValuableFloorAppsAndReportsTheRest() throws {
        let p = { (peak: Double) in (0..<48).map { $0 == 20 ? peak : 0.0 } }
        let apps = [AppForecast(app: "a", slotProbabilities: p(0.2)), AppForecast(app: "b", slotProbabilities: p(0.6)),
                    AppForecast(app: "c", slotProbabilities: p(0.4))]
        let request = PlanningRequest(device: "d", horizonStart: 1_704_409_200, slotSeconds: 1800, slotCount: 48,
                                      utcOffsetSeconds: 3600, budget: PlanningBudget(energyUnitsPerDay: 2), apps: apps,
                                      rules: PlatformRules(dailyFloor: true), generatedAt: 1_704_409_200, floorApps: ["a", "b", "c"])
        let schedule = try _Requests.plan(request)
        #expect(schedule.windows.map(\.app).sorted() == ["b", "c"])
        #expect(schedule.windows.allSatisfy { $0.reason.hasPrefix("daily floor; ") })
        #expect(schedule.leftOut.map(\.app) == ["a"])
        #expect(schedule.leftOut.first?.constraint == .budget)
    }

    @Test func floorOffOrNoFloorAppsLeavesThePlanUnchanged() throws {
        var rng = SeededGenerator(seed: 91)
        for _ in 0..<10 {
            var request = Self.request(&rng)
            request.rules.dailyFloor = false
            var plain = request
            plain.floorApps = []
            #expect(try FetchPlanner.plan(request) == FetchPlanner.plan(plain))
        }
    }

    @Test func aZeroForecastFloorAppStillGetsItsFetchAndOthersKeepTheRestOfTheBudget() throws {
        var rng = SeededGenerator(seed: 92)
        let request = Self.request(&rng)
        let schedule = try _Requests.plan(request)
        let days = schedule.budget.days.count
        #expect(schedule.windows.filter { $0.app == "app0" }.count == days)
        #expect(schedule.budget.planned <= schedule.budget.limit)
    }
}
