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
    /// Cells per exact score (`positives` labelled 1, `negatives` labelled 0), as appended: a
    /// score can appear more than once (each day's runs of equal cells), its counts summed when
    /// ranked (``_ScoreCount/ranked(_:)``). Appending, not hashing, every cell's score; two
    /// values are `==` when they appended the same entries in the same order (a device's budgets
    /// given the same days' cells), which is what pooling asks.
    var counts: [_ScoreCount] = []
    var logLossSum = 0.0
    var brierSum = 0.0
    private(set) var count = 0
    private(set) var positives = 0

    /// Log loss clips `p` to `[1e-6, 1 − 1e-6]`.
    static let clip = 1e-6

    mutating func append(probability p: Double, label: Bool) {
        var one = _LabelCounts()
        one.add(label: label)
        counts.append(_ScoreCount(score: p, counts: one))
        count += 1
        if label { positives += 1 }
        logLossSum -= _DayCells.logLossTerm(p, label: label)
        brierSum += _DayCells.brierTerm(p, label: label)
    }

    /// Appends one day's cells: the same sums, added in the same order, as appending each cell.
    mutating func append(_ day: _DayCells) {
        for term in day.logLossTerms { logLossSum -= term }
        for term in day.brierTerms { brierSum += term }
        counts.append(contentsOf: day.counts)
        count += day.logLossTerms.count
        positives += day.positives
    }

    /// Adds `other`'s score counts (the sums are pooled by ``_ExactSum`` instead).
    mutating func mergeCounts(_ other: _ProbabilityCells) {
        counts.append(contentsOf: other.counts)
        count += other.count
        positives += other.positives
    }

    var logLoss: Double? { count > 0 ? logLossSum / Double(count) : nil }
    var brier: Double? { count > 0 ? brierSum / Double(count) : nil }
    var rocAuc: Double? {
        ProbabilityMetrics.rocAuc(scoreCounts: _ScoreCount.ranked(counts).map { ($0.score, $0.counts.positives, $0.counts.negatives) })
    }
}

/// One device-day's probability cells, made once and appended to the tally of every budget
/// that gave the same probabilities: each cell's log-loss and Brier terms in cell order (so the
/// sums are added exactly as cell by cell) and the cells per exact score.
struct _DayCells: Sendable {
    private(set) var logLossTerms: [Double] = []
    private(set) var brierTerms: [Double] = []
    private(set) var positives = 0
    /// Cells per score, one entry per run of equal scores (most cells repeat the cell before:
    /// an app's hours without launches), but for the current run.
    private var counted: [_ScoreCount] = []
    private var run: _ScoreCount?

    /// Cells per score, one entry per run of equal cells (a score can repeat).
    var counts: [_ScoreCount] {
        guard let run else { return counted }
        return counted + [run]
    }

    mutating func append(probability p: Double, label: Bool) {
        if run?.score == p {
            run?.counts.add(label: label)
        } else {
            if let run { counted.append(run) }
            var first = _LabelCounts()
            first.add(label: label)
            run = _ScoreCount(score: p, counts: first)
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

/// How many cells had one exact score, by label.
struct _ScoreCount: Sendable, Equatable {
    var score: Double
    var counts: _LabelCounts

    /// `entries` in ascending score order, each score once with its counts summed: what ROC AUC
    /// ranks and what a partial file writes.
    static func ranked(_ entries: [_ScoreCount]) -> [_ScoreCount] {
        var merged: [_ScoreCount] = []
        merged.reserveCapacity(entries.count)
        for entry in entries.sorted(by: { $0.score < $1.score }) {
            if let last = merged.last, last.score == entry.score {
                merged[merged.count - 1].counts.add(entry.counts)
            } else {
                merged.append(entry)
            }
        }
        return merged
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
        for entry in _ScoreCount.ranked(counts) {
            var row = rows.nestedUnkeyedContainer()
            try row.encode(entry.score)
            try row.encode(entry.counts.positives)
            try row.encode(entry.counts.negatives)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        logLossSum = try c.decode(Double.self, forKey: .logLossSum)
        brierSum = try c.decode(Double.self, forKey: .brierSum)
        var rows = try c.nestedUnkeyedContainer(forKey: .scores)
        var seen = Set<Double>()
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            let score = try row.decode(Double.self)
            let n = _LabelCounts(positives: try row.decode(Int.self), negatives: try row.decode(Int.self))
            guard score >= 0, score <= 1, n.positives >= 0, n.negatives >= 0,
                  seen.insert(score).inserted, count <= Int.max - n.positives - n.negatives else {
                throw DecodingError.dataCorruptedError(in: row, debugDescription: "expected a score in 0…1, once, with non-negative counts")
            }
            counts.append(_ScoreCount(score: score, counts: n))
            count += n.positives + n.negatives
            positives += n.positives
        }
    }
}
