import Foundation

/// Pools device results into an ``EvaluationReport``, one device at a time and in any order.
///
/// This is the single code path from device tallies to the report: ``Evaluator`` feeds it the
/// devices it replays, and ``EvaluationPartial/merge(_:)`` the devices read from partial results,
/// so a merge of partials is byte for byte the single run. Counts add; sums across devices are
/// exact (``_ExactSum``, rounded once), and ROC AUC comes from merged exact score counts, so the
/// order of the devices never changes a number. Memory does not grow with the devices (unless
/// per-device results are kept): the distinct probability scores are counted once per policy
/// when a device's budgets share them (they usually do: the probabilities are the day's
/// forecast, made before any fetch), and beyond a bound they go to a temporary file in sorted
/// runs (``_ScoreRuns``), merged for ROC AUC when the report is made.
public struct EvaluationPool: Sendable {
    /// The evaluation the devices come from.
    public let header: EvaluationPartial.Header
    private var pooled: [[_PooledTally]]
    /// Per policy, the score counts of devices whose budgets all had the same cells.
    private var shared: [_ScoreRuns]
    private var devicesTotal = 0
    private var devicesScored = 0
    private var launches = 0
    private var perDevice: [DeviceResult] = []
    private var executed: [ExecutedFetch] = []

    /// An empty pool for the evaluation `header` describes.
    public init(header: EvaluationPartial.Header) {
        self.init(header: header, scores: _ScoreRuns())
    }

    /// An empty pool whose score counts start as `scores` (tests set a small memory limit).
    init(header: EvaluationPartial.Header, scores: _ScoreRuns) {
        self.header = header
        var tally = _PooledTally()
        tally.scores = scores
        pooled = Array(repeating: Array(repeating: tally, count: header.budgets.count), count: header.policies.count)
        shared = Array(repeating: scores, count: header.policies.count)
    }

    /// Adds one device (scored or skipped). Throws ``EvaluationPartialError`` when its tallies do
    /// not fit the header's policies and budgets, ``EvaluationSpillError`` when the temporary file
    /// of score counts cannot be written.
    public mutating func add(_ device: EvaluationPartial.Device) throws {
        guard device.launches >= 0, launches <= Int.max - device.launches else { throw EvaluationPartialError.invalid("a non-negative launch count whose sum over the devices fits") }
        devicesTotal += 1
        launches += device.launches
        guard let tallies = device.tallies else { return }
        guard tallies.count == header.policies.count, tallies.allSatisfy({ $0.count == header.budgets.count }) else {
            throw EvaluationPartialError.invalid("device '\(device.device)': tallies for \(header.policies.count) policies × \(header.budgets.count) budgets")
        }
        devicesScored += 1
        for p in tallies.indices {
            let first = tallies[p].first?.probabilities
            let sameCells = first != nil && tallies[p].allSatisfy { $0.probabilities?.counts == first?.counts }
            for b in tallies[p].indices { try pooled[p][b].add(tallies[p][b], scoresShared: sameCells) }
            if sameCells, let first { try shared[p].add(first.counts) }
        }
        if header.perDevice {
            let rows = header.policies.enumerated().flatMap { p, name in
                header.budgets.enumerated().map { b, budget in
                    let t = tallies[p][b]
                    return _PooledTally(t).result(policy: name, budget: budget, macroHitRate: t.hitRate, probabilities: t.probabilities?.summary)
                }
            }
            let first = tallies.first?.first
            perDevice.append(DeviceResult(device: device.device, deviceDays: first?.deviceDays ?? 0,
                                          coldLaunches: first?.coldLaunches ?? 0, results: rows))
        }
    }

    /// Keeps executed fetches for ``EvaluationReport/executedFetches`` (in the order added).
    mutating func addExecuted(_ fetches: [ExecutedFetch]) {
        executed += fetches
    }

    /// The report of every device added so far (per-device results sorted by identifier).
    /// Throws ``EvaluationSpillError`` when the temporary file of score counts cannot be read.
    public var report: EvaluationReport {
        get throws {
            var results: [PolicyResult] = []
            for (p, name) in header.policies.enumerated() {
                var sharedAuc: Double??
                for (b, budget) in header.budgets.enumerated() {
                    let t = pooled[p][b]
                    var summary: _ProbabilitySummary?
                    if t.hasProbabilities {
                        let auc: Double?
                        if t.scores.isEmpty {
                            if sharedAuc == nil { sharedAuc = .some(try _ScoreRuns.rocAuc([shared[p]])) }
                            auc = sharedAuc ?? nil
                        } else {
                            auc = try _ScoreRuns.rocAuc([shared[p], t.scores])
                        }
                        summary = t.probabilitySummary(rocAuc: auc)
                    }
                    results.append(t.result(policy: name, budget: budget, macroHitRate: t.macroHitRate, probabilities: summary))
                }
            }
            return _report(results)
        }
    }

    private func _report(_ results: [PolicyResult]) -> EvaluationReport {
        let first = results.first
        var report = EvaluationReport(mode: header.mode, tauMinutes: header.tauMinutes, warmupDays: header.warmupDays,
                                      devices: devicesScored, devicesTotal: devicesTotal, skippedDevices: devicesTotal - devicesScored,
                                      deviceDays: first?.deviceDays ?? 0, coldLaunches: first?.coldLaunches ?? 0,
                                      launches: launches, results: results,
                                      perDevice: header.perDevice ? perDevice.sorted { $0.device < $1.device } : nil)
        report.executedFetches = executed
        return report
    }
}

/// One (policy, budget) pooled over devices: counts, exact sums, and the score counts not
/// pooled in the policy's shared counts.
struct _PooledTally: Sendable {
    var counts = _Tally()
    var staleness = _ExactSum()
    var logLoss = _ExactSum()
    var brier = _ExactSum()
    /// Per-device hit rates of devices with a scored cold launch.
    var macroSum = _ExactSum()
    var macroDevices = 0
    /// Whether any device had probability cells; how many, of which positives.
    var hasProbabilities = false
    var cellCount = 0
    var positives = 0
    /// Score counts of the devices whose budgets had different cells.
    var scores = _ScoreRuns()

    init() {}

    /// One device's tally as it is (its own sums, its own hit rate).
    init(_ tally: _Tally) {
        counts = tally
    }

    /// Adds a device's tally; its score counts only when they are not `scoresShared` (pooled
    /// once for all budgets by the caller).
    mutating func add(_ t: _Tally, scoresShared: Bool) throws {
        let parts = [t.deviceDays, t.coldLaunches, t.hits, t.oracleHits, t.fetches, t.usedFetches, t.usedFetchesTimeline, t.floorOwed, t.floorServed]
        guard parts.allSatisfy({ $0 >= 0 && $0 <= Int.max / 2 }), t.stalenessMinutesSum.isFinite, t.stalenessMinutesSum >= 0 else {
            throw EvaluationPartialError.invalid("counts must be non-negative and sums finite")
        }
        // What one device's replay can produce: a hit is a scored cold launch, a used fetch an
        // executed one, a served floor one owed.
        guard t.hits <= t.coldLaunches, t.oracleHits <= t.coldLaunches, t.usedFetches <= t.fetches,
              t.usedFetchesTimeline <= t.fetches, t.floorServed <= t.floorOwed else {
            throw EvaluationPartialError.invalid("hits and oracle hits at most the cold launches, used fetches at most the fetches, "
                                                 + "served floor days at most the owed")
        }
        var sums = counts
        for (sum, part) in [(\_Tally.deviceDays, t.deviceDays), (\.coldLaunches, t.coldLaunches), (\.hits, t.hits),
                            (\.oracleHits, t.oracleHits), (\.fetches, t.fetches), (\.usedFetches, t.usedFetches),
                            (\.usedFetchesTimeline, t.usedFetchesTimeline), (\.floorOwed, t.floorOwed),
                            (\.floorServed, t.floorServed)] {
            let (total, overflow) = sums[keyPath: sum].addingReportingOverflow(part)
            guard !overflow, total <= Int.max / 2 else {
                throw EvaluationPartialError.invalid("counts whose sums over the devices fit in 62 bits")
            }
            sums[keyPath: sum] = total
        }
        var pooledStaleness = staleness
        pooledStaleness.add(t.stalenessMinutesSum)
        guard pooledStaleness.value.isFinite else { throw EvaluationPartialError.invalid("staleness sums whose total is finite") }
        counts = sums
        staleness = pooledStaleness
        counts.stalenessMinutesSum = staleness.value
        if t.coldLaunches > 0 {
            macroSum.add(t.hitRate)
            macroDevices += 1
        }
        guard let cells = t.probabilities else { return }
        var pooledLogLoss = logLoss, pooledBrier = brier
        pooledLogLoss.add(cells.logLossSum)
        pooledBrier.add(cells.brierSum)
        guard cells.logLossSum.isFinite, cells.brierSum.isFinite, pooledLogLoss.value.isFinite, pooledBrier.value.isFinite,
              cells.count >= 0, cells.positives >= 0, cells.positives <= cells.count,
              cells.count <= Int.max / 2 - cellCount else { throw EvaluationPartialError.invalid("probability sums must be finite and counts bounded") }
        logLoss = pooledLogLoss
        brier = pooledBrier
        hasProbabilities = true
        cellCount += cells.count
        positives += cells.positives
        if !scoresShared { try scores.add(cells.counts) }
    }

    /// The pooled cells' metrics, with `rocAuc` from the merged score counts.
    func probabilitySummary(rocAuc: Double?) -> _ProbabilitySummary {
        let n = Double(cellCount)
        return _ProbabilitySummary(logLoss: cellCount > 0 ? logLoss.value / n : nil, brier: cellCount > 0 ? brier.value / n : nil,
                                   rocAuc: rocAuc, count: cellCount, positives: positives)
    }

    var macroHitRate: Double { macroDevices > 0 ? macroSum.value / Double(macroDevices) : 0 }

    /// Derived metrics; ratios with a zero denominator are 0.
    func result(policy: String, budget: Int, macroHitRate: Double, probabilities: _ProbabilitySummary?) -> PolicyResult {
        let t = counts
        func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
        return PolicyResult(
            policy: policy, budget: budget, deviceDays: t.deviceDays, coldLaunches: t.coldLaunches, hits: t.hits,
            hitRate: ratio(t.hits, t.coldLaunches), oracleHits: t.oracleHits, oracleRatio: ratio(t.hits, t.oracleHits),
            fetches: t.fetches, usedFetches: t.usedFetches, precision: ratio(t.usedFetches, t.fetches),
            precisionTimeline: ratio(t.usedFetchesTimeline, t.fetches), fetchesPerDay: ratio(t.fetches, t.deviceDays),
            meanStalenessMinutes: t.coldLaunches > 0 ? t.stalenessMinutesSum / Double(t.coldLaunches) : 0,
            macroHitRate: macroHitRate, logLoss: probabilities?.logLoss, brier: probabilities?.brier,
            rocAuc: probabilities?.rocAuc, probCells: probabilities?.count, probPositives: probabilities?.positives,
            floorShare: t.floorOwed > 0 ? ratio(t.floorServed, t.floorOwed) : nil)
    }
}

/// What a result reports of probability cells.
struct _ProbabilitySummary {
    var logLoss: Double?
    var brier: Double?
    var rocAuc: Double?
    var count: Int
    var positives: Int
}

extension _ProbabilityCells {
    /// This tally's own metrics (one device).
    var summary: _ProbabilitySummary {
        _ProbabilitySummary(logLoss: logLoss, brier: brier, rocAuc: rocAuc, count: count, positives: positives)
    }
}

extension _Tally {
    /// `hits / coldLaunches` (0 without cold launches).
    var hitRate: Double { coldLaunches > 0 ? Double(hits) / Double(coldLaunches) : 0 }
}
