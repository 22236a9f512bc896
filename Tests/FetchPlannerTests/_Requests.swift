import FetchPlanner
import Foundation
import Testing
import TestSupport

/// Shared helpers: random requests exercising every rule, and planning with every output checked
/// against the invariants and the JSON Schema.
enum _Requests {
    static let schema: SchemaValidator? = try? SchemaValidator.schedule()

    /// Plans, then checks the schedule's invariants and validates its JSON against the schema.
    static func plan(_ request: PlanningRequest, method: PlanningMethod = .best) throws -> FetchSchedule {
        let schedule = FetchSchedule(try FetchPlanner.plan(request, method: method))
        try schedule.checkInvariants(minimumIntervalSeconds: request.rules.minimumIntervalSeconds,
                                     deviceFetchesPerHour: request.rules.deviceFetchesPerHour)
        let validator = try #require(schema)
        let errors = try validator.errors(json: try schedule.jsonText())
        #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
        return schedule
    }

    /// A small one-day-or-less request with random rules, settings and spent fetches.
    static func random(_ rng: inout SeededGenerator, apps: Int? = nil) -> PlanningRequest {
        let slots = Int.random(in: 12...96, using: &rng)
        let count = apps ?? Int.random(in: 1...8, using: &rng)
        let start = 1_772_409_600 + Double(Int.random(in: 0...287, using: &rng)) * 300
        var forecasts: [AppForecast] = []
        var settings: [AppSettings] = []
        for a in 0..<count {
            let p = (0..<slots).map { _ in pow(Double.random(in: 0..<1, using: &rng), 3) * 0.6 }
            let cost = Bool.random(using: &rng) ? 1 : Double(Int.random(in: 1...4, using: &rng)) / 2
            forecasts.append(AppForecast(app: "app\(a)", slotProbabilities: p, energyCost: cost))
            settings.append(AppSettings(
                app: "app\(a)", forceQuit: Int.random(in: 0..<6, using: &rng) == 0,
                backgroundRefresh: Int.random(in: 0..<8, using: &rng) != 0,
                earliestBegin: Bool.random(using: &rng) ? start + Double(Int.random(in: 0..<slots, using: &rng)) * 300 : nil,
                maxFetchesPerDay: Bool.random(using: &rng) ? Int.random(in: 0...3, using: &rng) : nil,
                bytesPerFetch: Double(Int.random(in: 0...3, using: &rng)) * 1000,
                fetchResults: FetchResultCounts(newData: Int.random(in: 0...5, using: &rng),
                                                noData: Int.random(in: 0...5, using: &rng), failed: 0)))
        }
        let rules = PlatformRules(
            minimumIntervalSeconds: [0, 300, 900, 1800][Int.random(in: 0..<4, using: &rng)],
            maxFetchesPerAppPerDay: Bool.random(using: &rng) ? Int.random(in: 1...4, using: &rng) : nil,
            deviceFetchesPerHour: Bool.random(using: &rng) ? Int.random(in: 1...4, using: &rng) : 60,
            preferredWindows: Bool.random(using: &rng) ? [PreferredWindow(startMinute: 1320, endMinute: 360, costMultiplier: 0.5)] : [])
        let spent = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            SpentFetch(app: "app\(Int.random(in: 0..<count, using: &rng))",
                       at: start - Double(Int.random(in: 0...12, using: &rng)) * 300)
        }
        let budget = PlanningBudget(energyUnitsPerDay: Double(Int.random(in: 0...10, using: &rng)),
                                    dataBytesPerDay: Bool.random(using: &rng) ? 4000 : nil)
        return PlanningRequest(device: "d", horizonStart: start, slotCount: slots, utcOffsetSeconds: -18_000,
                               tauSeconds: [300, 900, 3600][Int.random(in: 0..<3, using: &rng)], budget: budget,
                               apps: forecasts, rules: rules,
                               state: DeviceState(lowPowerMode: Int.random(in: 0..<4, using: &rng) == 0, apps: settings),
                               spentFetches: spent, generatedAt: start)
    }
}
