import FetchPlanner
import Foundation
import Testing
import TestSupport

@Suite struct PushPlannerTests {
    static let schema: SchemaValidator? = try? SchemaValidator(schema: "push-plan")

    /// `plan`'s JSON checked against `schemas/push-plan.schema.json`.
    static func schemaErrors(_ plan: PushPlan) throws -> [String] {
        try #require(schema).errors(json: try plan.jsonText())
    }

    /// Brute force over every subset of slots: the best covered probability under the rules.
    static func bruteForce(_ r: PushRequest, dayOf: (Int) -> Int) -> Double {
        let n = r.slotProbabilities.count, k = Int(r.tauSeconds / r.slotSeconds)
        let m = max(1, Int((r.rules.minimumSpacingSeconds / r.slotSeconds - 1e-9).rounded(.up)))
        var best = 0.0
        for mask in 0..<(1 << n) {
            let slots = (0..<n).filter { mask & (1 << $0) != 0 }
            guard zip(slots, slots.dropFirst()).allSatisfy({ $1 - $0 >= m }) else { continue }
            let perDay = Dictionary(grouping: slots, by: dayOf)
            guard perDay.values.allSatisfy({ $0.count <= r.rules.maxPushesPerDay }) else { continue }
            var covered = Set<Int>()
            for j in slots { for i in j..<min(n, j + k) { covered.insert(i) } }
            best = max(best, covered.reduce(0) { $0 + r.slotProbabilities[$1] })
        }
        return best
    }

    /// A tiny request: 30-minute slots from 21:00 UTC, so the local day changes inside the horizon.
    static func tiny(_ rng: inout SeededGenerator) -> PushRequest {
        let n = Int.random(in: 4...14, using: &rng)
        let p = (0..<n).map { _ in Bool.random(using: &rng) ? 0 : (Double(Int.random(in: 1...9, using: &rng)) / 10) }
        let rules = PushRules(maxPushesPerDay: Int.random(in: 0...3, using: &rng),
                              minimumSpacingSeconds: Double(Int.random(in: 0...4, using: &rng)) * 1800)
        return PushRequest(device: "d", app: "a", horizonStart: 1_704_402_000, slotSeconds: 1800, slotProbabilities: p,
                           utcOffsetSeconds: 0, tauSeconds: Double(Int.random(in: 1...3, using: &rng)) * 1800,
                           rules: rules, generatedAt: 1_704_402_000)
    }

    @Test func dynamicProgrammeEqualsBruteForceOnTinyCases() throws {
        var rng = SeededGenerator(seed: 40)
        for _ in 0..<150 {
            let r = Self.tiny(&rng)
            let plan = try PushPlanner.plan(r)
            let optimum = Self.bruteForce(r) { $0 < 6 ? 0 : 1 }
            #expect(try Self.schemaErrors(plan).isEmpty)
            #expect(abs(plan.expectedCovered - optimum) < 1e-6, "\(r.slotProbabilities) \(r.rules) tau \(r.tauSeconds)")
        }
    }

    @Test func plansNeverBreakSpacingOrTheDailyCap() throws {
        var rng = SeededGenerator(seed: 41)
        for _ in 0..<20 {
            let n = 288 * Int.random(in: 1...2, using: &rng)
            let p = (0..<n).map { _ in pow(Double.random(in: 0..<1, using: &rng), 6) * 0.3 }
            let rules = PushRules(maxPushesPerDay: Int.random(in: 1...6, using: &rng),
                                  minimumSpacingSeconds: Double(Int.random(in: 1...6, using: &rng)) * 3600)
            let r = PushRequest(device: "d", app: "a", horizonStart: 1_704_409_200, slotProbabilities: p,
                                utcOffsetSeconds: 3600, rules: rules, generatedAt: 1_704_409_200)
            let plan = try PushPlanner.plan(r)
            let times = plan.pushes.map(\.sendAtUnix)
            #expect(times == times.sorted())
            for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= rules.minimumSpacingSeconds) }
            let perDay = Dictionary(grouping: plan.pushes) { $0.sendAt.prefix(10) }
            #expect(perDay.values.allSatisfy { $0.count <= rules.maxPushesPerDay })
            #expect(plan.pushes.allSatisfy { $0.probability > 0 && $0.probability <= 1 && !$0.reason.isEmpty })
            #expect(try plan.jsonText() == PushPlanner.plan(r).jsonText())
            let errors = try Self.schemaErrors(plan)
            #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
        }
    }

    @Test func pushesLandJustBeforeTheUsualLaunches() throws {
        var p = [Double](repeating: 0, count: 288)
        for hour in [7, 12, 19] { p[hour * 12 + 6] = 0.8 }
        let r = PushRequest(device: "d", app: "news", horizonStart: 1_704_409_200, slotProbabilities: p,
                            utcOffsetSeconds: 3600, generatedAt: 1_704_409_200)
        let plan = try PushPlanner.plan(r)
        #expect(plan.pushes.count == 3)
        #expect(abs(plan.expectedCovered - 2.4) < 1e-9)
        #expect(plan.pushes.map { $0.sendAt.dropFirst(11).prefix(5) } == ["07:30", "12:30", "19:30"])
    }

    @Test func schemaRejectsAMissingFieldAWrongTypeAndABadRate() throws {
        var p = [Double](repeating: 0, count: 288)
        p[100] = 0.7
        let plan = try PushPlanner.plan(PushRequest(device: "d", app: "news", horizonStart: 1_704_409_200, slotProbabilities: p,
                                                    utcOffsetSeconds: 3600, generatedAt: 1_704_409_200))
        let schema = try #require(Self.schema), json = try plan.jsonText()
        #expect(try schema.errors(json: json).isEmpty)
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["rules"] = nil }) == ["$: missing rules"])
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["expectedCovered"] = "0.7" }) == ["$.expectedCovered: not number"])
        let tooLikely = try SchemaValidator.mutated(json) {
            $0["pushes"] = [["sendAt": "2024-01-05T09:20:00+01:00", "sendAtUnix": 1_704_442_800, "probability": 1.5, "reason": "r"]]
        }
        #expect(try schema.errors(json: tooLikely) == ["$.pushes[0].probability: 1.5 > maximum 1.0"])
    }

    @Test func invalidInputThrows() {
        let bad = PushRequest(device: "d", app: "a", horizonStart: 0, slotProbabilities: [1.5], utcOffsetSeconds: 0, generatedAt: 0)
        #expect(throws: PlanningError.self) { try PushPlanner.plan(bad) }
        let rules = PushRequest(device: "d", app: "a", horizonStart: 0, slotProbabilities: [0.5], utcOffsetSeconds: 0,
                                rules: PushRules(maxPushesPerDay: -1), generatedAt: 0)
        #expect(throws: PlanningError.self) { try PushPlanner.plan(rules) }
    }
}
