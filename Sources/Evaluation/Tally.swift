/// Raw counts of one (device or pool, policy, budget); metrics are derived from these.
struct _Tally: Sendable {
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

    mutating func merge(_ other: _Tally) {
        deviceDays += other.deviceDays
        coldLaunches += other.coldLaunches
        hits += other.hits
        oracleHits += other.oracleHits
        fetches += other.fetches
        usedFetches += other.usedFetches
        usedFetchesTimeline += other.usedFetchesTimeline
        stalenessMinutesSum += other.stalenessMinutesSum
        floorOwed += other.floorOwed
        floorServed += other.floorServed
        if let cells = other.probabilities {
            if probabilities == nil { probabilities = _ProbabilityCells() }
            probabilities?.merge(cells)
        }
    }
}

/// Probability cells (device, scored day, app, local hour): forecast and label.
struct _ProbabilityCells: Sendable {
    var scores: [Double] = []
    var labels: [Bool] = []
    var logLossSum = 0.0
    var brierSum = 0.0

    /// Log loss clips `p` to `[1e-6, 1 − 1e-6]`.
    static let clip = 1e-6

    mutating func append(probability p: Double, label: Bool) {
        scores.append(p)
        labels.append(label)
        let q = min(max(p, Self.clip), 1 - Self.clip)
        logLossSum -= label ? _log(q) : _log(1 - q)
        let y = label ? 1.0 : 0.0
        brierSum += (p - y) * (p - y)
    }

    mutating func merge(_ other: _ProbabilityCells) {
        scores += other.scores
        labels += other.labels
        logLossSum += other.logLossSum
        brierSum += other.brierSum
    }

    var count: Int { scores.count }
    var positives: Int { labels.reduce(0) { $0 + ($1 ? 1 : 0) } }
    var logLoss: Double? { count > 0 ? logLossSum / Double(count) : nil }
    var brier: Double? { count > 0 ? brierSum / Double(count) : nil }
    var rocAuc: Double? { ProbabilityMetrics.rocAuc(scores: scores, labels: labels) }
}
