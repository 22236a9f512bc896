import Foundation
import Testing
import LaunchHistory
import TestSupport
@testable import Evaluation

/// An output file of the independent reference implementation (`../shared/reference-results`)
/// and the comparison every reference test makes: counts exact, rates within 1e-9.
struct ReferenceResult: Decodable {
    var mode: String
    var coldLaunches: Int
    var deviceDays: Int
    var devices: Int
    var devicesTotal: Int
    var launches: Int
    var skippedDevices: Int
    var results: [Row]

    struct Row: Decodable {
        var policy: String
        var budget: Int
        var hits, oracleHits, fetches, usedFetches, coldLaunches: Int
        var hitRate, oracleRatio, precision, precisionTimeline, fetchesPerDay, meanStalenessMinutes, macroHitRate: Double
        var logLoss, brier, rocAuc: Double?
        var probCells, probPositives: Int?
    }

    /// Loads `reference-results/<name>.json`.
    static func load(_ name: String) throws -> ReferenceResult {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.referenceResult("\(name).json")))
        return try JSONDecoder().decode(ReferenceResult.self, from: data)
    }

    /// The policies of the file, in its order.
    var policies: [String] {
        results.map(\.policy).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }

    /// Expects `report` to agree with this file on every header count and every row.
    func expectMatches(_ report: EvaluationReport, label name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(report.mode.rawValue == mode, sourceLocation: sourceLocation)
        #expect(report.coldLaunches == coldLaunches, sourceLocation: sourceLocation)
        #expect(report.deviceDays == deviceDays, sourceLocation: sourceLocation)
        #expect(report.devices == devices, sourceLocation: sourceLocation)
        #expect(report.devicesTotal == devicesTotal, sourceLocation: sourceLocation)
        #expect(report.skippedDevices == skippedDevices, sourceLocation: sourceLocation)
        #expect(report.launches == launches, sourceLocation: sourceLocation)
        #expect(report.results.count == results.count, sourceLocation: sourceLocation)
        for row in results {
            let mine = try #require(report.result(policy: row.policy, budget: row.budget), sourceLocation: sourceLocation)
            Self._expect(mine, equals: row, label: "\(name) \(row.policy) B=\(row.budget)", sourceLocation: sourceLocation)
        }
    }

    private static func _expect(_ mine: PolicyResult, equals row: Row, label: String, sourceLocation: SourceLocation) {
        let counts: [(String, Int?, Int?)] = [
            ("hits", mine.hits, row.hits), ("oracleHits", mine.oracleHits, row.oracleHits),
            ("fetches", mine.fetches, row.fetches), ("usedFetches", mine.usedFetches, row.usedFetches),
            ("coldLaunches", mine.coldLaunches, row.coldLaunches), ("probCells", mine.probCells, row.probCells),
            ("probPositives", mine.probPositives, row.probPositives),
        ]
        for (field, a, b) in counts { #expect(a == b, "\(label) \(field)", sourceLocation: sourceLocation) }
        let rates: [(String, Double?, Double?)] = [
            ("hitRate", mine.hitRate, row.hitRate), ("oracleRatio", mine.oracleRatio, row.oracleRatio),
            ("precision", mine.precision, row.precision), ("precisionTimeline", mine.precisionTimeline, row.precisionTimeline),
            ("fetchesPerDay", mine.fetchesPerDay, row.fetchesPerDay),
            ("meanStalenessMinutes", mine.meanStalenessMinutes, row.meanStalenessMinutes),
            ("macroHitRate", mine.macroHitRate, row.macroHitRate), ("logLoss", mine.logLoss, row.logLoss),
            ("brier", mine.brier, row.brier), ("rocAuc", mine.rocAuc, row.rocAuc),
        ]
        for (field, a, b) in rates {
            #expect((a == nil) == (b == nil), "\(label) \(field) presence", sourceLocation: sourceLocation)
            if let a, let b { #expect(abs(a - b) <= 1e-9, "\(label) \(field): \(a) vs \(b)", sourceLocation: sourceLocation) }
        }
    }
}
