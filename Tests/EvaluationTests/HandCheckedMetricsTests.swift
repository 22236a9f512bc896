import Foundation
import Testing
import LaunchHistory
import ReveilleCore
import TestSupport
@testable import Evaluation

/// Every metric of a two-day toy log, worked out by hand (see the comments for each number).
@Suite struct HandCheckedMetricsTests {
    /// d1: day 0 warm-up, days 1–2 scored, day 3 ends the log. d2: one scored cold launch.
    static let launches: [LaunchEvent] = [
        Toy.launch("d1", "A", 0, 8), Toy.launch("d1", "B", 0, 12),
        Toy.launch("d1", "A", 1, 9),            // cold (25 h since A)
        Toy.launch("d1", "A", 1, 9, 30),        // warm (30 min after A)
        Toy.launch("d1", "A", 1, 10, 30),       // cold: the launch exactly tau earlier does not warm it
        Toy.launch("d1", "B", 1, 20),           // cold
        Toy.launch("d1", "B", 2, 7),            // cold
        Toy.launch("d1", "A", 2, 23, 50),       // cold
        Toy.launch("d1", "B", 3, 0, 30),        // cold, unscored day
        Toy.launch("d2", "A", 0, 8), Toy.launch("d2", "A", 1, 9), Toy.launch("d2", "A", 3, 12),
    ]

    static let script: [String: [Int: [Fetch]]] = [
        "d1": [
            1: [Fetch(app: "A", instant: Toy.at(1, 8, 30)),    // hits A 09:00, used
                Fetch(app: "A", instant: Toy.at(1, 10)),       // hits A 10:30, used
                Fetch(app: "B", instant: Toy.at(1, 12))],      // unused
            2: [Fetch(app: "B", instant: Toy.at(2, 5)),        // 2 h before B 07:00: miss, unused
                Fetch(app: "B", instant: Toy.at(2, 23, 55))],  // used only by day 3's B 00:30 (timeline)
        ],
        "d2": [1: [Fetch(app: "A", instant: Toy.at(1, 8, 30))]], // hits d2's A 09:00
    ]

    /// App A: 0.8 at 09 h, 0.5 at 23 h, 0.1 elsewhere; app B missing (probability 0).
    static let forecast: [String: [Double]] = ["A": (0..<24).map { $0 == 9 ? 0.8 : $0 == 23 ? 0.5 : 0.1 }]

    func report() async throws -> EvaluationReport {
        var registry = PolicyRegistry.builtIn
        registry.register("scripted") { setup in
            ScriptedPolicy(device: setup.device.device, fetches: Self.script,
                           probabilities: ["d1": [1: Self.forecast, 2: Self.forecast]])
        }
        var options = Toy.options(["scripted"], budgets: [3], registry: registry)
        options.perDevice = true
        return try await Evaluator(options: options).evaluate(LaunchHistory(events: Self.launches)).report
    }

    @Test func countsAndRates() async throws {
        let report = try await report()
        let r = try #require(report.result(policy: "scripted", budget: 3))
        #expect(report.devices == 2 && report.skippedDevices == 0 && report.launches == 12)
        #expect(r.deviceDays == 4)
        #expect(r.coldLaunches == 6)            // d1: 3 + 2, d2: 1
        #expect(r.hits == 3)                    // d1: A 09:00, A 10:30; d2: A 09:00
        #expect(r.hitRate == 0.5)
        #expect(r.fetches == 6)
        #expect(r.usedFetches == 3)
        #expect(r.precision == 0.5)
        #expect(abs(r.precisionTimeline - 4.0 / 6) < 1e-12)
        #expect(r.fetchesPerDay == 1.5)
        #expect(r.oracleHits == 6)              // every cold launch is coverable with B = 3
        #expect(r.oracleRatio == 0.5)
        #expect(abs(r.macroHitRate - (0.4 + 1.0) / 2) < 1e-12)
    }

    /// d1: 30 (A 09:00, fetch 08:30) + 30 (A 10:30, fetch 10:00) + 480 (B 20:00, fetch 12:00)
    /// + 120 (B 07:00, fetch 05:00) + 1440 (A 23:50, capped); d2: 30.
    @Test func staleness() async throws {
        let report = try await report()
        let r = try #require(report.result(policy: "scripted", budget: 3))
        #expect(abs(r.meanStalenessMinutes - (30 + 30 + 480 + 120 + 1440 + 30) / 6.0) < 1e-9)
    }

    /// 96 cells from d1 (2 apps × 24 h × 2 days); positives A 9 h, A 10 h, B 20 h, B 7 h, A 23 h.
    @Test func probabilityScores() async throws {
        let report = try await report()
        let r = try #require(report.result(policy: "scripted", budget: 3))
        #expect(r.probCells == 96)
        #expect(r.probPositives == 5)
        // Brier: day 1 A 0.04 + 0.81 + 0.25 + 21 × 0.01, B 1; day 2 A 0.25 + 0.64 + 22 × 0.01, B 1.
        #expect(abs(try #require(r.brier) - 4.42 / 96) < 1e-12)
        let clip = 1e-6
        let day1A = -log(0.8) - log(0.1) - log(0.5) - 21 * log(0.9)
        let day2A = -log(0.5) - log(0.2) - 22 * log(0.9)
        let dayB = -log(clip) - 23 * log(1 - clip)
        #expect(abs(try #require(r.logLoss) - (day1A + day2A + 2 * dayB) / 96) < 1e-12)
        // Mann–Whitney: positives .8, .1, 0, .5, 0 against negatives 46 × 0, 43 × .1, .5, .8.
        #expect(abs(try #require(r.rocAuc) - 293.5 / 455) < 1e-12)
    }

    @Test func perDeviceRows() async throws {
        let report = try await report()
        let devices = try #require(report.perDevice)
        #expect(devices.map(\.device) == ["d1", "d2"])
        #expect(devices[0].results[0].hits == 2 && devices[0].coldLaunches == 5 && devices[0].deviceDays == 2)
        #expect(devices[1].results[0].hitRate == 1 && devices[1].results[0].rocAuc == nil)
    }

    @Test func jsonIsDeterministicWithNulls() async throws {
        let first = try await report().json()
        let second = try await report().json()
        #expect(first == second)
        #expect(first.contains("\"protocol\" : \"reveille-v1\""))
        let d2 = try #require(first.range(of: "\"device\" : \"d2\""))
        #expect(first[d2.upperBound...].contains("\"rocAuc\" : null"))
        let errors = try SchemaValidator(schema: "evaluation").errors(json: first)
        #expect(errors.isEmpty, "schema: \(errors.prefix(3))")
    }

    @Test func schemaRejectsAMissingFieldAndWrongTypes() async throws {
        let schema = try SchemaValidator(schema: "evaluation"), json = try await report().json()
        #expect(try schema.errors(json: json).isEmpty)
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["deviceDays"] = nil }) == ["$: missing deviceDays"])
        #expect(try schema.errors(json: SchemaValidator.mutated(json) { $0["mode"] = "weekly" }) == ["$.mode: not in enum"])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])["results"] as? [[String: Any]]
        let first = try #require(results?.first)
        func withResult(_ edit: (inout [String: Any]) -> Void) throws -> String {
            var result = first
            edit(&result)
            return try SchemaValidator.mutated(json) { $0["results"] = [result] }
        }
        // `rocAuc` is `["number", "null"]`: a number or null passes, a string does not.
        #expect(try schema.errors(json: withResult { $0["rocAuc"] = NSNull() }).isEmpty)
        #expect(try schema.errors(json: withResult { $0["rocAuc"] = "n/a" }) == ["$.results[0].rocAuc: not number or null"])
        #expect(try schema.errors(json: withResult { $0["hitRate"] = nil }) == ["$.results[0]: missing hitRate"])
        #expect(try schema.errors(json: withResult { $0["hits"] = 2.5 }) == ["$.results[0].hits: not integer"])
        #expect(try schema.errors(json: withResult { $0["precision"] = 1.25 }) == ["$.results[0].precision: 1.25 > maximum 1.0"])
    }
}
