/// Raw counts of one (device or pool, policy, budget); metrics are derived from these.
///
/// A device's tally is what a partial result (``EvaluationPartial``) carries: counts, sums in
/// the device's own day order, and the exact score counts of its probability cells.
struct _Tally: Sendable, Equatable, Codable {
    var deviceDays = 0
    var coldLaunches = 0
    var hits = 0
    var oracleHits = 0
    var fetches = 0
    var usedFetches = 0
    /// Fetches followed by a cold launch of the app in `(f, f + tau]` on any day.
    var usedFetchesTimeline = 0
    var stalenessMinutesSum = 0.0
    var probabilities: _ProbabilityCells?
    /// Daily-floor apps owed a fetch, summed over days, and those that got one.
    var floorOwed = 0
    var floorServed = 0
}

/// Probability cells (device, scored day, app, local hour): log loss and Brier as sums, and how
/// many cells of each label had each exact score (enough for the exact Mann–Whitney ROC AUC, and
/// mergeable by adding counts).
struct _ProbabilityCells: Sendable, Equatable {
    /// Cells per exact score: `positives` labelled 1, `negatives` labelled 0.
    var counts: [Double: _LabelCounts] = [:]
    var logLossSum = 0.0
    var brierSum = 0.0
    private(set) var count = 0
    private(set) var positives = 0

    /// Log loss clips `p` to `[1e-6, 1 − 1e-6]`.
    static let clip = 1e-6

    mutating func append(probability p: Double, label: Bool) {
        counts[p, default: _LabelCounts()].add(label: label)
        count += 1
        if label { positives += 1 }
        logLossSum -= _DayCells.logLossTerm(p, label: label)
        brierSum += _DayCells.brierTerm(p, label: label)
    }

    /// Appends one day's cells: the same sums, added in the same order, as appending each cell.
    mutating func append(_ day: _DayCells) {
        for term in day.logLossTerms { logLossSum -= term }
        for term in day.brierTerms { brierSum += term }
        for (score, c) in day.counts { counts[score, default: _LabelCounts()].add(c) }
        count += day.logLossTerms.count
        positives += day.positives
    }

    /// Adds `other`'s score counts (the sums are pooled by ``_ExactSum`` instead).
    mutating func mergeCounts(_ other: _ProbabilityCells) {
        for (score, c) in other.counts { counts[score, default: _LabelCounts()].add(c) }
        count += other.count
        positives += other.positives
    }

    var logLoss: Double? { count > 0 ? logLossSum / Double(count) : nil }
    var brier: Double? { count > 0 ? brierSum / Double(count) : nil }
    var rocAuc: Double? { ProbabilityMetrics.rocAuc(scoreCounts: counts.map { ($0.key, $0.value.positives, $0.value.negatives) }) }
}

/// One device-day's probability cells, made once and appended to the tally of every budget
/// that gave the same probabilities: each cell's log-loss and Brier terms in cell order (so the
/// sums are added exactly as cell by cell) and the cells per exact score.
struct _DayCells: Sendable {
    private(set) var logLossTerms: [Double] = []
    private(set) var brierTerms: [Double] = []
    private(set) var positives = 0
    /// Cells per exact score, but for the current run of equal scores (most cells repeat the
    /// cell before: an app's hours without launches).
    private var counted: [Double: _LabelCounts] = [:]
    private var run: (score: Double, counts: _LabelCounts)?

    /// Cells per exact score.
    var counts: [Double: _LabelCounts] {
        guard let run else { return counted }
        var all = counted
        all[run.score, default: _LabelCounts()].add(run.counts)
        return all
    }

    mutating func append(probability p: Double, label: Bool) {
        if run?.score == p {
            run?.counts.add(label: label)
        } else {
            if let run { counted[run.score, default: _LabelCounts()].add(run.counts) }
            var first = _LabelCounts()
            first.add(label: label)
            run = (p, first)
        }
        if label { positives += 1 }
        logLossTerms.append(Self.logLossTerm(p, label: label))
        brierTerms.append(Self.brierTerm(p, label: label))
    }

    /// A cell's log loss, `p` clipped to `[1e-6, 1 − 1e-6]`.
    static func logLossTerm(_ p: Double, label: Bool) -> Double {
        let q = min(max(p, _ProbabilityCells.clip), 1 - _ProbabilityCells.clip)
        return label ? _log(q) : _log(1 - q)
    }

    /// A cell's squared error.
    static func brierTerm(_ p: Double, label: Bool) -> Double {
        let y = label ? 1.0 : 0.0
        return (p - y) * (p - y)
    }
}

/// Cells of one score by label.
struct _LabelCounts: Sendable, Equatable {
    var positives = 0
    var negatives = 0

    mutating func add(label: Bool) {
        if label { positives += 1 } else { negatives += 1 }
    }

    mutating func add(_ other: _LabelCounts) {
        positives += other.positives
        negatives += other.negatives
    }
}

extension _ProbabilityCells: Codable {
    private enum CodingKeys: String, CodingKey { case logLossSum, brierSum, scores }

    /// `scores` is `[[score, positives, negatives], …]` sorted by score, so equal cells give equal bytes.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(logLossSum, forKey: .logLossSum)
        try c.encode(brierSum, forKey: .brierSum)
        var rows = c.nestedUnkeyedContainer(forKey: .scores)
        for score in counts.keys.sorted() {
            guard let n = counts[score] else { continue }
            var row = rows.nestedUnkeyedContainer()
            try row.encode(score)
            try row.encode(n.positives)
            try row.encode(n.negatives)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        logLossSum = try c.decode(Double.self, forKey: .logLossSum)
        brierSum = try c.decode(Double.self, forKey: .brierSum)
        var rows = try c.nestedUnkeyedContainer(forKey: .scores)
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            let score = try row.decode(Double.self)
            let n = _LabelCounts(positives: try row.decode(Int.self), negatives: try row.decode(Int.self))
            guard score >= 0, score <= 1, n.positives >= 0, n.negatives >= 0,
                  counts[score] == nil, count <= Int.max - n.positives - n.negatives else {
                throw DecodingError.dataCorruptedError(in: row, debugDescription: "expected a score in 0…1, once, with non-negative counts")
            }
            counts[score] = n
            count += n.positives + n.negatives
            positives += n.positives
        }
    }
}
