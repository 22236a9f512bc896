@testable import FetchPlanner
import Foundation
import Testing
import TestSupport

/// A ``FetchPlanner/Session`` plans every request as ``FetchPlanner/plan(_:method:)`` does,
/// reusing the previous problem exactly when only the budget changed: random requests with every
/// rule (spent fetches, caps, Low Power Mode, data budgets, fractional energies, the daily floor),
/// each planned at several budgets in turn.
@Suite struct SessionTests {
    @Test(arguments: Array(UInt64(1)...30))
    func sessionPlansAsAFreshPlannerAtEveryBudget(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var request = _Requests.random(&rng)
        if seed % 3 == 0 {
            request.rules.dailyFloor = true
            request.floorApps = request.apps.map(\.app).filter { _ in Bool.random(using: &rng) }
        }
        var session = FetchPlanner.Session()
        var budgets: [PlanningBudget] = []
        for units in [0.0, 1, 3, 2, 8, 8] {
            budgets.append(PlanningBudget(energyUnitsPerDay: units, dataBytesPerDay: Bool.random(using: &rng) ? 3000 : nil,
                                          lowPowerScale: [0.5, 0.25][Int.random(in: 0..<2, using: &rng)]))
        }
        for method in PlanningMethod.allCases {
            for budget in budgets {
                var r = request
                r.budget = budget
                #expect(try session.plan(r, method: method) == FetchPlanner.plan(r, method: method), "\(budget) \(method)")
            }
        }
        // One build (the first plan); every other plan reused it.
        #expect(session._reuses == 3 * budgets.count - 1)
        var other = request
        other.tauSeconds = other.tauSeconds == 300 ? 900 : 300
        #expect(try session.plan(other) == FetchPlanner.plan(other))
        #expect(session._reuses == 3 * budgets.count - 1)
    }

    /// Requests that differ in their budget and spent fetches alone (what the online replay asks
    /// at one hour for each budget, every budget having spent other fetches): each is planned as a
    /// fresh planner plans it, the apps whose spent fetches did not change keep their share and
    /// programme, and an app whose spent fetches changed gets a share of its own.
    @Test(arguments: Array(UInt64(1)...30))
    func requestsDifferingInSpentFetchesSharePerAppWork(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let request = _Requests.random(&rng, apps: 6)
        let start = request.horizonStart
        // Spent fetches of app0 and app1 before and inside the horizon, some the same at every budget.
        let pool = (0..<6).map { k in
            SpentFetch(app: "app\(k % 2)", at: start + Double(Int.random(in: -12...24, using: &rng)) * 300,
                       energyCost: k == 5 ? 0.5 : 1)
        }
        var session = FetchPlanner.Session()
        var previous: PlanningRequest?
        var shares = 0
        for (k, units) in [2.0, 4, 8, 8, 3, 16].enumerated() {
            var r = request
            r.budget = PlanningBudget(energyUnitsPerDay: units, dataBytesPerDay: r.budget.dataBytesPerDay)
            r.spentFetches = request.spentFetches + pool.prefix(k)
            #expect(try session.plan(r) == FetchPlanner.plan(r), "seed \(seed) k \(k)")
            if let previous, previous.spentFetches != r.spentFetches { shares += 1 }
            previous = r
        }
        #expect(session._shares == shares)
        #expect(shares == 5)
    }

    /// A problem built sharing another's apps keeps exactly the shares of the apps whose spent
    /// fetches are the same, and equals a fresh build.
    @Test func sharedProblemKeepsTheUnchangedAppsShares() throws {
        var rng = SeededGenerator(seed: 4)
        var request = _Requests.random(&rng, apps: 5)
        request.spentFetches = [SpentFetch(app: "app1", at: request.horizonStart - 600)]
        let first = try _Problem(request)
        var next = request
        next.budget = PlanningBudget(energyUnitsPerDay: 7)
        next.spentFetches.append(SpentFetch(app: "app3", at: request.horizonStart + 900))
        let shared = _Problem(next, sharingAppsOf: first)
        let fresh = try _Problem(next)
        for a in 0..<5 {
            #expect((shared.apps[a] === first.apps[a]) == (a != 3), "app \(a)")
            #expect(shared.apps[a].weight == fresh.apps[a].weight && shared.apps[a].blocked == fresh.apps[a].blocked
                && shared.apps[a].capRemaining == fresh.apps[a].capRemaining
                && shared.apps[a].spentInstants == fresh.apps[a].spentInstants, "app \(a)")
        }
        #expect(shared.daySpent == fresh.daySpent && shared.dayLimit == fresh.dayLimit
            && shared.spentInstants == fresh.spentInstants && shared.slotDay == fresh.slotDay)
        var search = _PriceSearch()
        let programmes = search.programmes(first)
        var sharing = _PriceSearch(sharingProgrammesOf: search, for: shared)
        let kept = sharing.programmes(shared)
        for a in 0..<5 { #expect((kept[a] === programmes[a]) == (a != 3), "app \(a)") }
    }

    /// A session asked not to list the apps left out plans the same windows, with the same numbers,
    /// and an empty ``FetchPlan/leftOut`` (the evaluator's plans skip the left-out scan).
    @Test(arguments: Array(UInt64(1)...10))
    func withoutLeftOutOnlyTheLeftOutListDiffers(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var request = _Requests.random(&rng)
        request.budget = PlanningBudget(energyUnitsPerDay: 2)
        var listing = FetchPlanner.Session(), silent = FetchPlanner.Session()
        let full = try listing.plan(request)
        var without = try silent.plan(request, listsLeftOut: false)
        #expect(without.leftOut.isEmpty)
        without.leftOut = full.leftOut
        #expect(without == full)
    }

    /// The seeds above do leave apps out at budget 2 (the test is not vacuous).
    @Test func someSeedLeavesAnAppOut() throws {
        var leftOut = 0
        for seed in UInt64(1)...10 {
            var rng = SeededGenerator(seed: seed)
            var request = _Requests.random(&rng)
            request.budget = PlanningBudget(energyUnitsPerDay: 2)
            leftOut += try FetchPlanner.plan(request).leftOut.count
        }
        #expect(leftOut > 0)
    }
}
