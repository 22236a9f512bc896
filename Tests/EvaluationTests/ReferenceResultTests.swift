import Foundation
import Testing
import LaunchHistory
import ReveilleCore
import TestSupport
@testable import Evaluation

/// The independent reference implementation's output must be reproduced to the count.
@Suite struct ReferenceResultTests {
    struct Reference: Decodable {
        var coldLaunches: Int
        var deviceDays: Int
        var devices: Int
        var devicesTotal: Int
        var launches: Int
        var skippedDevices: Int
        var results: [Row]
    }

    struct Row: Decodable {
        var policy: String
        var budget: Int
        var hits, oracleHits, fetches, usedFetches, coldLaunches: Int
        var hitRate, oracleRatio, precision, precisionTimeline, fetchesPerDay, meanStalenessMinutes, macroHitRate: Double
        var logLoss, brier, rocAuc: Double?
        var probCells, probPositives: Int?
    }

    @Test(arguments: ["studentlife-small", "android-wellbeing"])
    func matchesReference(_ name: String) async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.referenceResult("\(name).json")))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        let history = try HistoryReader.read(path: Fixtures.dataset("\(name)/launches.csv"))
        let report = try await Evaluator().evaluate(history).report
        #expect(report.coldLaunches == reference.coldLaunches)
        #expect(report.deviceDays == reference.deviceDays)
        #expect(report.devices == reference.devices)
        #expect(report.devicesTotal == reference.devicesTotal)
        #expect(report.skippedDevices == reference.skippedDevices)
        #expect(report.launches == reference.launches)
        #expect(report.results.count == reference.results.count)
        for row in reference.results {
            let mine = try #require(report.result(policy: row.policy, budget: row.budget))
            let label = "\(name) \(row.policy) B=\(row.budget)"
            #expect(mine.hits == row.hits, "\(label) hits")
            #expect(mine.oracleHits == row.oracleHits, "\(label) oracleHits")
            #expect(mine.fetches == row.fetches, "\(label) fetches")
            #expect(mine.usedFetches == row.usedFetches, "\(label) usedFetches")
            #expect(mine.coldLaunches == row.coldLaunches, "\(label) coldLaunches")
            #expect(mine.probCells == row.probCells, "\(label) probCells")
            #expect(mine.probPositives == row.probPositives, "\(label) probPositives")
            let pairs: [(String, Double?, Double?)] = [
                ("hitRate", mine.hitRate, row.hitRate), ("oracleRatio", mine.oracleRatio, row.oracleRatio),
                ("precision", mine.precision, row.precision), ("precisionTimeline", mine.precisionTimeline, row.precisionTimeline),
                ("fetchesPerDay", mine.fetchesPerDay, row.fetchesPerDay),
                ("meanStalenessMinutes", mine.meanStalenessMinutes, row.meanStalenessMinutes),
                ("macroHitRate", mine.macroHitRate, row.macroHitRate), ("logLoss", mine.logLoss, row.logLoss),
                ("brier", mine.brier, row.brier), ("rocAuc", mine.rocAuc, row.rocAuc),
            ]
            for (field, a, b) in pairs {
                #expect((a == nil) == (b == nil), "\(label) \(field) presence")
                if let a, let b { #expect(abs(a - b) <= 1e-9, "\(label) \(field): \(a) vs \(b)") }
            }
        }
    }
}
