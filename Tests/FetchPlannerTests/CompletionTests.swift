@testable import FetchPlanner
import Foundation
import Testing
import TestSupport

/// The completion of the Lagrangian plans (``_Lagrangian/_complete(_:)``, removals found with a
/// heap) against the scan it replaced (``_Lagrangian/_completeByScan(_:)``), and on plans of
/// thousands of near-free fetches: there the scan recomputed every fetch's loss at each of
/// thousands of removals, and its time grew with the cube of the horizon (a week took minutes).
@Suite struct CompletionTests {
    /// `apps` apps over `slots` quarter-hour slots whose fetches cost `multiplier` energy units
    /// at any hour (a preferred window over the whole day), under the default rules: a fetch
    /// serves an hour, at most 60 fetches an hour on the device, a minimum value of 0.001.
    /// With 24 apps and a tiny multiplier, every app plans a fetch at every slot at price 0
    /// and the rate limit (96 fetches an hour wanted) makes the completion remove most of them.
    static func nearFree(_ rng: inout SeededGenerator, apps: Int, slots: Int, multiplier: Double) -> PlanningRequest {
        let forecasts = (0..<apps).map { a in
            AppForecast(app: "app\(a)",
                        slotProbabilities: (0..<slots).map { _ in pow(Double.random(in: 0..<1, using: &rng), 3) * 0.2 })
        }
        let rules = PlatformRules(minimumIntervalSeconds: 900,
                                  preferredWindows: [PreferredWindow(startMinute: 0, endMinute: 1440, costMultiplier: multiplier)])
        return PlanningRequest(device: "d", horizonStart: 1_772_409_600, slotSeconds: 900, slotCount: slots,
                               utcOffsetSeconds: 0, tauSeconds: 3600, budget: PlanningBudget(energyUnitsPerDay: 12),
                               apps: forecasts, rules: rules, generatedAt: 0)
    }

    /// The plan states the Lagrangian completes: each app's best fetches at a few prices.
    static func starts(_ problem: _Problem) -> [_PlanState] {
        let dps = (0..<problem.apps.count).map { _AppDP(problem: problem, app: $0) }
        return [0.0, 0.002, 0.05, 0.3].map { price in
            let lambda = [Double](repeating: price, count: problem.days.count)
            return _Lagrangian._state(problem, dps.map { $0.solve(lambda: lambda) })
        }
    }

    /// Random requests exercising every rule (caps, rate limits of 1–4 an hour, data budgets,
    /// spent fetches), and near-free ones with the rate limit binding: the same plans.
    @Test(arguments: Array(UInt64(1)...40))
    func completionRemovesWhatTheScanRemoves(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let request = seed % 2 == 0
            ? _Requests.random(&rng)
            : Self.nearFree(&rng, apps: Int.random(in: 2...12, using: &rng), slots: Int.random(in: 24...120, using: &rng),
                            multiplier: [0.001, 0.002, 0.01, 0.5][Int.random(in: 0..<4, using: &rng)])
        let problem = try _Problem(request)
        for start in Self.starts(problem) {
            #expect(_Lagrangian._complete(start).fetches == _Lagrangian._completeByScan(start).fetches)
        }
    }

    /// Four days of 24 apps with fetches at 0.001 units: 9,216 fetches at price 0, some 6,900
    /// of them removed. Each removal recomputes the losses of its app's fetches within an hour
    /// (at most 2K = 8), not of every fetch (the scan's 9,000 × 384 slots per removal), and the
    /// result keeps every cross-app rule with nothing left below the minimum value.
    @Test func nearFreeFetchesArePrunedInWorkLinearInTheirNumber() throws {
        var rng = SeededGenerator(seed: 7)
        let problem = try _Problem(Self.nearFree(&rng, apps: 24, slots: 384, multiplier: 0.001))
        let start = try #require(Self.starts(problem).first)
        #expect(start.count > 8_000)
        var pruning = _Pruning(start)
        pruning.repairCrossApp()
        #expect(pruning.crossAppFeasible == pruning.state.crossAppFeasible)
        #expect(pruning.state.crossAppFeasible)
        pruning.dropBelow(problem.request.rules.minimumValue)
        #expect(pruning.removals > 6_000)
        #expect(pruning.lossEvaluations <= start.count + 2 * problem.coverSlots * pruning.removals)
        let state = pruning.state
        #expect(state.crossAppFeasible)
        for f in state.fetches {
            #expect(state.marginalValue(f.app, f.slot, without: f.slot) >= problem.request.rules.minimumValue)
        }
    }

    /// Whole plans of three such days (a week took minutes before) keep every rule of the
    /// schedule (multipliers of at least 0.001, ``PreferredWindow/costMultiplierRange``).
    @Test(arguments: [0.001, 0.01])
    func nearFreePlanKeepsTheRules(multiplier: Double) throws {
        var rng = SeededGenerator(seed: 11)
        let schedule = try _Requests.plan(Self.nearFree(&rng, apps: 24, slots: 288, multiplier: multiplier), method: .lagrangian)
        #expect(schedule.windows.count > 1_500)
    }

    /// ... and are worth at least the greedy plan.
    @Test(arguments: [0.001, 0.002, 0.01])
    func nearFreePlanIsWorthAtLeastGreedy(multiplier: Double) throws {
        var rng = SeededGenerator(seed: 11)
        let request = Self.nearFree(&rng, apps: 24, slots: 288, multiplier: multiplier)
        let lagrangian = try FetchPlanner.objective(request, method: .lagrangian).value
        let greedy = try FetchPlanner.objective(request, method: .greedy).value
        #expect(lagrangian >= greedy - 1e-9)
    }
}
