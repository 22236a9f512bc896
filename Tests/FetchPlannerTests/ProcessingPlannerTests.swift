import FetchPlanner
import Foundation
import Testing
import TestSupport

@Suite struct ProcessingPlannerTests {
    static let monday = 1_704_063_600.0  // 2024-01-01T00:00:00+01:00, a Monday
    static let schema: SchemaValidator? = try? SchemaValidator(schema: "processing-plan")

    /// `plan`'s JSON checked against `schemas/processing-plan.schema.json`.
    static func schemaErrors(_ plan: ProcessingPlan) throws -> [String] {
        try #require(schema).errors(json: try plan.jsonText())
    }

    /// 14 nights plugged in 23:00–07:00 (+01:00), with random jitter and a few short daytime charges.
    static func nights(_ rng: inout SeededGenerator) -> [ChargingInterval] {
        var out: [ChargingInterval] = []
        for d in 0..<14 {
            let night = monday + Double(d) * 86_400 + 23 * 3600
            out.append(ChargingInterval(start: night + Double(Int.random(in: -3...3, using: &rng)) * 300,
                                        end: night + 8 * 3600 + Double(Int.random(in: -3...3, using: &rng)) * 300, utcOffsetSeconds: 3600))
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let noon = monday + Double(d) * 86_400 + 13 * 3600
                out.append(ChargingInterval(start: noon, end: noon + 1200, utcOffsetSeconds: 3600))
            }
        }
        return out
    }

    @Test func profileIsTheAverageSlotCoverage() throws {
        let one = [ChargingInterval(start: Self.monday, end: Self.monday + 450, utcOffsetSeconds: 3600)]
        let profile = try ChargingProfile.estimate(one)
        #expect(profile.weekdaysObserved == 1 && profile.weekendDaysObserved == 0)
        #expect(profile.weekday[0] == 1 && profile.weekday[1] == 0.5 && profile.weekday[2] == 0)
        #expect(profile.weekend == profile.weekday)
        #expect(throws: PlanningError.self) {
            try ChargingProfile.estimate([ChargingInterval(start: 10, end: 5, utcOffsetSeconds: 0)])
        }
    }

    @Test func windowsFallInsidePredictedChargingPeriods() throws {
        var rng = SeededGenerator(seed: 7)
        for trial in 0..<5 {
            let profile = try ChargingProfile.estimate(Self.nights(&rng))
            let start = Self.monday + Double(14 + trial) * 86_400 + 12 * 3600
            let apps = (0..<4).map { _ in
                (0..<288).map { i -> Double in
                    let hour = (12 + i / 12) % 24
                    return hour >= 7 && hour < 23 ? Double.random(in: 0.01...0.06, using: &rng) : Double.random(in: 0...0.002, using: &rng)
                }
            }
            let plan = try ProcessingPlanner.plan(ProcessingRequest(device: "d", horizonStart: start, slotCount: 288, utcOffsetSeconds: 3600,
                                                                    appSlotProbabilities: apps, charging: profile, generatedAt: start))
            #expect(!plan.windows.isEmpty)
            let errors = try Self.schemaErrors(plan)
            #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
            for w in plan.windows {
                #expect(w.probability >= 0.5 && w.probability <= 1 && w.chargingProbability >= w.probability)
                for t in stride(from: w.startUnix, to: w.endUnix, by: 300) {
                    let minute = Int((t + 3600).truncatingRemainder(dividingBy: 86_400) / 60)
                    #expect(minute >= 23 * 60 || minute < 7 * 60, "\(w.start)…\(w.end)")
                    #expect(profile.probability(at: t, utcOffsetSeconds: 3600) >= 0.5)
                }
                if let next = w.nextExpectedUse { #expect(next >= w.end) }
            }
        }
    }

    @Test func noChargingHistoryGivesNoWindows() throws {
        let profile = try ChargingProfile.estimate([])
        let plan = try ProcessingPlanner.plan(ProcessingRequest(device: "d", horizonStart: Self.monday, slotCount: 12, utcOffsetSeconds: 0,
                                                                appSlotProbabilities: [], charging: profile, generatedAt: Self.monday))
        #expect(plan.windows.isEmpty)
        #expect(try Self.schemaErrors(plan).isEmpty)
    }

    @Test func schemaRejectsAMissingFieldAWrongTypeAndABadThreshold() throws {
        var rng = SeededGenerator(seed: 8)
        let start = Self.monday + 14 * 86_400 + 12 * 3600
        let plan = try ProcessingPlanner.plan(ProcessingRequest(device: "d", horizonStart: start, slotCount: 288, utcOffsetSeconds: 3600,
                                                                appSlotProbabilities: [], charging: try ChargingProfile.estimate(Self.nights(&rng)),
                                                                generatedAt: start))
        let schema = try #require(Self.schema), json = try plan.jsonText()
        #expect(!plan.windows.isEmpty && plan.windows.allSatisfy { $0.nextExpectedUse == nil })  // optional field absent
        #expect(try schema.errors(json: json).isEmpty)
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["windows"] = nil }) == ["$: missing windows"])
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["channel"] = "push" }) == ["$.channel: not in enum"])
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["minimumProbability"] = 0 }) == ["$.minimumProbability: 0.0 ≤ 0.0"])
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["device"] = 7 }) == ["$.device: not string"])
    }
}
