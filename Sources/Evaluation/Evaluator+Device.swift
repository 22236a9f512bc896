import Foundation
import LaunchHistory
import ReveilleCore

/// One device's tallies, `nil` when skipped.
struct _DeviceOutcome: Sendable {
    let device: String
    let tallies: [[_Tally]]?
    let planningSeconds: Double
    let replaySeconds: Double
    var executed: [ExecutedFetch] = []
    var deviceDays: Int { tallies?.first?.first?.deviceDays ?? 0 }
}

extension Evaluator {
    /// Replays one device with fresh policies (one value per policy), counting each replayed day
    /// in `progress`.
    func evaluateDevice(_ device: DeviceHistory, progress: DeviceDayTally? = nil) throws -> _DeviceOutcome {
        let started = ContinuousClock.now
        let timeline = _DeviceTimeline(history: device, tauSeconds: options.tauSeconds)
        guard let days = timeline.scoredDays(warmupDays: options.warmupDays, minimumScoredDays: options.minimumScoredDays) else {
            return _DeviceOutcome(device: device.device, tallies: nil, planningSeconds: 0, replaySeconds: 0)
        }
        var policies: [any FetchPolicy] = []
        for name in options.policies {
            guard let policy = try options.registry.makePolicy(name: name, setup: PolicySetup(device: device, tauMinutes: options.tauMinutes, mode: options.mode)) else {
                throw EvaluationOptionsError.unknownPolicy(name: name, available: options.registry.names)
            }
            policies.append(policy)
        }
        var replay = _DeviceReplay(timeline: timeline, options: options, days: days)
        replay.progress = progress
        let tallies = try replay.run(policies: &policies)
        let total = _seconds(ContinuousClock.now - started)
        return _DeviceOutcome(device: device.device, tallies: tallies, planningSeconds: replay.planningSeconds,
                              replaySeconds: max(0, total - replay.planningSeconds), executed: replay.executed)
    }

    /// Pools device tallies into the report.
    func _pool(_ outcomes: [_DeviceOutcome], launches: Int) -> EvaluationReport {
        let budgets = options.sortedBudgets
        let scored = outcomes.compactMap { o in o.tallies.map { (o.device, $0) } }
        var results: [PolicyResult] = []
        for (p, name) in options.policies.enumerated() {
            for (b, budget) in budgets.enumerated() {
                var pooled = _Tally()
                var rates: [Double] = []
                for (_, tallies) in scored {
                    let t = tallies[p][b]
                    pooled.merge(t)
                    if t.coldLaunches > 0 { rates.append(Double(t.hits) / Double(t.coldLaunches)) }
                }
                let macro = rates.isEmpty ? 0 : rates.reduce(0, +) / Double(rates.count)
                results.append(pooled.result(policy: name, budget: budget, macroHitRate: macro))
            }
        }
        let perDevice: [DeviceResult]? = options.perDevice ? scored.map { device, tallies in
            let rows = options.policies.enumerated().flatMap { p, name in
                budgets.enumerated().map { b, budget in
                    let t = tallies[p][b]
                    return t.result(policy: name, budget: budget,
                                    macroHitRate: t.coldLaunches > 0 ? Double(t.hits) / Double(t.coldLaunches) : 0)
                }
            }
            let first = tallies.first?.first
            return DeviceResult(device: device, deviceDays: first?.deviceDays ?? 0, coldLaunches: first?.coldLaunches ?? 0, results: rows)
        } : nil
        let first = results.first
        var report = EvaluationReport(mode: options.mode, tauMinutes: options.tauMinutes, warmupDays: options.warmupDays,
                                      devices: scored.count, devicesTotal: outcomes.count, skippedDevices: outcomes.count - scored.count,
                                      deviceDays: first?.deviceDays ?? 0, coldLaunches: first?.coldLaunches ?? 0,
                                      launches: launches, results: results, perDevice: perDevice)
        report.executedFetches = outcomes.flatMap(\.executed)
        return report
    }
}

extension _Tally {
    /// Derived metrics; ratios with a zero denominator are 0.
    func result(policy: String, budget: Int, macroHitRate: Double) -> PolicyResult {
        func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
        return PolicyResult(
            policy: policy, budget: budget, deviceDays: deviceDays, coldLaunches: coldLaunches, hits: hits,
            hitRate: ratio(hits, coldLaunches), oracleHits: oracleHits, oracleRatio: ratio(hits, oracleHits),
            fetches: fetches, usedFetches: usedFetches, precision: ratio(usedFetches, fetches),
            precisionTimeline: ratio(usedFetchesTimeline, fetches), fetchesPerDay: ratio(fetches, deviceDays),
            meanStalenessMinutes: coldLaunches > 0 ? stalenessMinutesSum / Double(coldLaunches) : 0,
            macroHitRate: macroHitRate, logLoss: probabilities?.logLoss, brier: probabilities?.brier,
            rocAuc: probabilities?.rocAuc, probCells: probabilities?.count, probPositives: probabilities?.positives,
            floorShare: floorOwed > 0 ? ratio(floorServed, floorOwed) : nil)
    }
}
