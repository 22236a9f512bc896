@testable import FetchPlanner
import Foundation
import Testing
import TestSupport

/// The Lagrangian's price search skips apps whose day energy is the same at both ends of the
/// bracket, and the price-0 solve when more apps pay than the energy left: it must return the
/// very prices that solving every app at every price returns.
@Suite struct PriceSearchReuseTests {
    /// A request of `apps` apps over `slots` five-minute slots with whole energies (1 or 2 a
    /// fetch), some capped, some with a minimum interval, crossing midnight when `slots` is large.
    static func request(_ rng: inout SeededGenerator, apps: Int, slots: Int, budget: Int) -> PlanningRequest {
        let forecasts = (0..<apps).map { a in
            AppForecast(app: "app\(a)",
                        slotProbabilities: (0..<slots).map { _ in pow(Double.random(in: 0..<1, using: &rng), 4) * 0.3 },
                        energyCost: Double(Int.random(in: 1...2, using: &rng)))
        }
        let settings = (0..<apps).map { a in
            AppSettings(app: "app\(a)", maxFetchesPerDay: Int.random(in: 0..<4, using: &rng) == 0 ? 2 : nil)
        }
        return PlanningRequest(
            device: "d", horizonStart: 1_772_409_600 + 3600 * 12, slotCount: slots, utcOffsetSeconds: 0,
            tauSeconds: 3600, budget: PlanningBudget(energyUnitsPerDay: Double(budget)), apps: forecasts,
            rules: PlatformRules(minimumIntervalSeconds: [0, 900][Int.random(in: 0..<2, using: &rng)]),
            state: DeviceState(apps: settings), generatedAt: 0)
    }

    @Test(arguments: Array(UInt64(1)...24))
    func reusedSearchFindsTheSamePrices(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let request = Self.request(&rng, apps: Int.random(in: 2...30, using: &rng),
                                   slots: [96, 288, 432][Int.random(in: 0..<3, using: &rng)],
                                   budget: [1, 4, 8, 16, 32, 64][Int.random(in: 0..<6, using: &rng)])
        let problem = try _Problem(request)
        #expect(problem.wholeEnergies)
        let dps = (0..<problem.apps.count).map { _AppDP(problem: problem, app: $0) }
        var lambda = [Double](repeating: 0, count: problem.days.count)
        for d in problem.days.indices {
            var memo: [_PriceKey: _PriceEnergy] = [:], referenceMemo: [_PriceKey: _PriceEnergy] = [:]
            let reused = _Lagrangian._price(day: d, lambda: lambda, problem: problem, dps: dps, memo: &memo)
            let reference = _Lagrangian._price(day: d, lambda: lambda, problem: problem, dps: dps, reusing: false,
                                               memo: &referenceMemo)
            #expect(reused == reference, "day \(d): \(reused) vs \(reference)")
            lambda[d] = reference.0
        }
    }

    /// One scratch shared by every app's solve at several prices, and then by a problem of
    /// another slot count, gives what a fresh solve gives each time.
    @Test(arguments: Array(UInt64(1)...6))
    func solvesSharingAScratchEqualFreshSolves(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var scratch = _DPScratch()
        for slots in [288, 96, 288] {
            let problem = try _Problem(Self.request(&rng, apps: 12, slots: slots, budget: 8))
            let dps = (0..<problem.apps.count).map { _AppDP(problem: problem, app: $0) }
            for price in [0.0, 0.01, 0.05, 0.2] {
                let lambda = [Double](repeating: price, count: problem.days.count)
                for dp in dps { #expect(dp.solve(lambda: lambda, scratch: &scratch) == dp.solve(lambda: lambda)) }
            }
        }
    }

    @Test func fractionalEnergiesAreNotReused() throws {
        var rng = SeededGenerator(seed: 7)
        var request = Self.request(&rng, apps: 3, slots: 96, budget: 4)
        request.apps[1].energyCost = 1.5
        #expect(try _Problem(request).wholeEnergies == false)
    }
}
