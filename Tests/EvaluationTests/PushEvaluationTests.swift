import FetchPlanner
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
@testable import Evaluation

@Suite struct PushEvaluationTests {
    static func options(pushes: Int = 4, spacingHours: Double = 3) -> PushEvaluationOptions {
        var options = PushEvaluationOptions()
        options.warmupDays = 1
        options.minimumScoredDays = 1
        options.rules = PushRules(maxPushesPerDay: pushes, minimumSpacingSeconds: spacingHours * 3600)
        return options
    }

    /// App `a` at 06:30 and 12:30 on toy days 0–4 (days 1–3 scored), app `b` at 09:00.
    static let toy = LaunchHistory(events: (0...4).flatMap { day in
        [Toy.launch("d1", "a", day, 6, 30), Toy.launch("d1", "b", day, 9), Toy.launch("d1", "a", day, 12, 30)]
    })

    @Test func every6hFollowsItsRule() throws {
        var options = Self.options()
        options.policies = ["every6h"]
        let full = try #require(try PushEvaluator.evaluate(Self.toy, app: "a", options: options).pooled.first)
        // Pushes at 0, 6, 12, 18 h: the 06:00 and 12:00 pushes hit both launches of each day.
        #expect(full == PushPolicyResult(policy: "every6h", days: 3, coldLaunches: 6, hits: 6, pushes: 12, usedPushes: 6))
        // Cap 2: 00:00 and 06:00 only.
        let capped = try #require(try PushEvaluator.evaluate(Self.toy, app: "a", options: {
            var o = Self.options(pushes: 2); o.policies = ["every6h"]; return o }()).pooled.first)
        #expect(capped.pushes == 6 && capped.hits == 3)
        // Spacing 8 h: 00:00 and 12:00 (06:00 and 18:00 too close); midnight is 12 h after 12:00.
        let spaced = try #require(try PushEvaluator.evaluate(Self.toy, app: "a", options: {
            var o = Self.options(spacingHours: 8); o.policies = ["every6h"]; return o }()).pooled.first)
        #expect(spaced.pushes == 6 && spaced.hits == 3 && spaced.usedPushes == 3)
        // Spacing 13 h, across midnight too: day 1 gets 00:00 and 18:00; day 2 only 12:00 (≥ 07:00);
        // day 3 only 06:00 (≥ 01:00, and 18:00 is 12 h after it): 4 pushes.
        let wide = try #require(try PushEvaluator.evaluate(Self.toy, app: "a", options: {
            var o = Self.options(spacingHours: 13); o.policies = ["every6h"]; return o }()).pooled.first)
        #expect(wide.pushes == 4)
    }

    @Test func oracleIsBestOnTheToyLog() throws {
        let report = try PushEvaluator.evaluate(Self.toy, app: "a", options: Self.options(pushes: 1))
        #expect(report.pooled.map { $0.policy } == ["model", "every6h", "oracle"])
        #expect(report.pooled[2].hits == 3 && report.pooled[2].pushes == 3)
        #expect(report.pooled.allSatisfy { $0.hits <= report.pooled[2].hits })
        let errors = try SchemaValidator(schema: "push-evaluation").errors(json: try report.json())
        #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
    }

    /// Regression: the horizon starts one second past the slot grid, and whole slots only left the
    /// day's last one unplanned, so a daily launch at 23:55 with tau = 15 min (a push due in
    /// [23:40, 23:55)) was never covered: the latest push executed at 23:30.
    @Test func modelPlansTheDaysLastSlot() throws {
        var options = Self.options(pushes: 1)
        options.tauMinutes = 15
        options.policies = ["model"]
        let late = LaunchHistory(events: (0...13).map { Toy.launch("d1", "a", $0, 23, 55) })
        let result = try #require(try PushEvaluator.evaluate(late, app: "a", options: options).pooled.first)
        #expect(result.days == 12 && result.coldLaunches == 12)
        // 10 of 12 (0 before): the first two scored days' models, fitted on one and two days,
        // spread the launch over the neighbouring slots.
        #expect(result.hits >= 10, "pushes: \(result.pushes), hits: \(result.hits)")
    }

    @Test func schemaRejectsAMissingFieldAWrongTypeAndAnUnknownPolicy() throws {
        let schema = try SchemaValidator(schema: "push-evaluation")
        let json = try PushEvaluator.evaluate(Self.toy, app: "a", options: Self.options()).json()
        #expect(try schema.errors(json: json).isEmpty)
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["pooled"] = nil }) == ["$: missing pooled"])
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["skippedDevices"] = "d2" }) == ["$.skippedDevices: not array"])
        let psychic: [String: Any] = ["policy": "psychic", "days": 3, "coldLaunches": 6, "hits": 6, "pushes": 3, "usedPushes": 3,
                                      "hitRate": 1, "precision": 1, "pushesPerDay": 1]
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["pooled"] = [psychic] }) == ["$.pooled[0].policy: not in enum"])
    }

    /// A random log: app `a` 2–8 times a day, `b` 1–3 times, over 12 days.
    static func randomHistory(seed: UInt64) -> DeviceHistory {
        var rng = SeededGenerator(seed: seed)
        var events: [LaunchEvent] = []
        for day in 0..<12 {
            for (app, count) in [("a", Int.random(in: 2...8, using: &rng)), ("b", Int.random(in: 1...3, using: &rng))] {
                for _ in 0..<count { events.append(Toy.launch("d1", app, day, Int.random(in: 5...23, using: &rng), Int.random(in: 0...59, using: &rng))) }
            }
        }
        return LaunchHistory(events: events).devices[0]
    }

    @Test(arguments: [(4, 3.0), (2, 8.0), (6, 0.5), (1, 0.0), (0, 3.0)])
    func noPolicyBreaksTheSpacingOrTheCap(pushes: Int, spacingHours: Double) throws {
        let options = Self.options(pushes: pushes, spacingHours: spacingHours)
        let device = Self.randomHistory(seed: UInt64(pushes * 10) + UInt64(spacingHours * 2))
        let timeline = _DeviceTimeline(history: device, tauSeconds: 3600)
        let days = try #require(timeline.scoredDays(warmupDays: 1, minimumScoredDays: 1))
        var replay = try _PushReplay(timeline: timeline, app: "a", options: options, days: days)
        for (p, policy) in options.policies.enumerated() {
            var last = -Double.infinity
            for day in days {
                let planned = try replay._dayPushes(p, day: day)
                #expect(planned.count <= pushes, "\(policy) day \(day)")
                for f in planned {
                    #expect(f - last >= spacingHours * 3600, "\(policy) day \(day): \(f - last) s")
                    #expect(f >= timeline.start(day).instant && f < timeline.start(day + 1).instant)
                    last = f
                }
            }
        }
        let result = try #require(try PushEvaluator.evaluateDevice(device, app: "a", options: options))
        #expect(result.results.allSatisfy { $0.hits <= $0.coldLaunches && $0.pushes <= pushes * $0.days })
    }

    @Test func mostLaunchedAppAndBadSelections() throws {
        #expect(PushEvaluator.mostLaunchedApp(Self.toy.devices[0]) == "a")
        #expect(throws: PushEvaluationInputError.unknownApp("zzz")) { try PushEvaluator.evaluate(Self.toy, app: "zzz") }
        #expect(throws: PushEvaluationInputError.unknownDevice("x")) { try PushEvaluator.evaluate(Self.toy, device: "x") }
        var bad = PushEvaluationOptions()
        bad.tauMinutes = 7
        #expect(throws: EvaluationOptionsError.self) { try PushEvaluator.evaluate(Self.toy, options: bad) }
        let skipped = try PushEvaluator.evaluate(Self.toy, app: "a")  // 5 days < 7 + 7
        #expect(skipped.devices.isEmpty && skipped.skippedDevices == ["d1"])
        #expect(try SchemaValidator(schema: "push-evaluation").errors(json: try skipped.json()).isEmpty)
    }
}
