import Foundation
import LaunchHistory
import UsageModel

/// Scores trigger candidates: the chance that app `b` has a cold launch in `(T + 1 s, T + 1 s +
/// tau]` just after a launch of `a` at `T`, by a logistic combiner of nine features (in this
/// order): the transition `log v_ab` with `v_ab = (k_ab + α r_b) / (n_a + α)` (α = 10; `r_b`, the
/// share of launches followed by a cold `b`), `log(h_b + 0.01)` with `h_b` b's cold launches per
/// day in the local hour of `T + 1 s` (linearly blended with the next hour), whether `b` was
/// launched less than tau, tau–3 h or 3–24 h ago, `log(1 + b's launches in the last 24 h)`,
/// `log(1 + launches of the last 30 min)`, `log(r_b + 10⁻⁴)` and a constant.
/// Candidates are the apps with a cold launch in the counted days, other than `a` — at most
/// ``ReactiveStatistics/maximumCandidates`` of them, those with the most cold launches (ties by
/// app order), so that a history of thousands of apps costs linear work and memory, not
/// quadratic. O(candidates) per launch; the transition table holds one column per candidate.
struct _ReactiveScorer: Sendable {
    static let shrinkage = 10.0
    private(set) var statistics: ReactiveStatistics
    let tauSeconds: Double
    let index: [String: Int]
    /// `r_b`.
    let baseRate: [Double]
    /// Whether each app is a candidate (a cold launch in the counted days, and among the
    /// ``ReactiveStatistics/maximumCandidates`` apps with the most).
    let candidate: [Bool]
    /// `log v_ab` for every candidate `b` (column `candidateColumn[b]`), one row per launched
    /// app: row 0 is an unknown `a` (and every `a` with no launch and no transition, whose `k`
    /// and `n` are 0), row `transitionRow[a]` the others. The features read it instead of a
    /// dictionary and a `log` per candidate: each value is computed as the formula would
    /// compute it, once. O(apps × candidates) memory.
    private let logTransition: [Double]
    private let transitionRow: [Int]
    /// Each candidate's column of ``logTransition`` (`-1`: not a candidate).
    private let candidateColumn: [Int]
    /// Columns of ``logTransition`` (the candidates).
    private let columnCount: Int
    /// `k_ab` by `b`, per app `a`, and `n_a`: what a feature of an app that is not a candidate
    /// (never scored, but defined) is computed from on the spot.
    private let transitionCounts: [[Int: Double]]
    /// `log(r_b + 10⁻⁴)`.
    private let logBaseRate: [Double]
    /// The candidates, ascending (the apps ``candidate`` marks).
    let candidates: [Int]
    /// ``ReactiveStatistics/hourlyColdLaunches`` flattened, app `b`'s hour `h` at `24 b + h` (one
    /// array: no inner array to retain at every read).
    private let hourlyCounts: [Int]
    /// ``ReactiveStatistics/days`` as a double, at least 1 (feature 1's divisor).
    private let countedDays: Double
    /// `log(0 + 0.01)`: feature 1 of a candidate with no cold launch in either blended hour.
    private static let logNoHourlyRate = log(0.01)

    init(_ statistics: ReactiveStatistics, tauSeconds: Double) {
        self.statistics = statistics
        self.tauSeconds = tauSeconds
        var index: [String: Int] = [:]
        for (i, app) in statistics.apps.enumerated() { index[app] = i }
        self.index = index
        let n = statistics.apps.count
        // Counts are summed as doubles: exact below 2⁵³, and no sum of a file's counts can
        // overflow (each is a whole number, so these are the integer sums in every real case).
        var rows = Array(repeating: [Int: Double](), count: n)
        var followed = Array(repeating: 0.0, count: n)
        for t in statistics.transitions where t.from < n && t.to < n && t.from >= 0 && t.to >= 0 {
            rows[t.from][t.to, default: 0] += Double(t.count)
            followed[t.to] += Double(t.count)
        }
        let total = max(1, statistics.launchTotal)
        let baseRate = followed.map { $0 / total }
        self.baseRate = baseRate
        let candidates = Self._candidates(statistics.hourlyColdLaunches)
        var candidate = Array(repeating: false, count: n), candidateColumn = Array(repeating: -1, count: n)
        for (column, b) in candidates.enumerated() where b < n {
            candidate[b] = true
            candidateColumn[b] = column
        }
        self.candidate = candidate
        self.candidateColumn = candidateColumn
        self.candidates = candidates.filter { $0 < n }
        hourlyCounts = statistics.hourlyColdLaunches.flatMap { counts in (0..<24).map { $0 < counts.count ? counts[$0] : 0 } }
        countedDays = Double(max(1, statistics.days))
        columnCount = candidates.count
        logBaseRate = baseRate.map { log($0 + 1e-4) }
        // Row 0 (k = n = 0), then one row per app with a launch or a transition.
        var transitionRow = Array(repeating: 0, count: n)
        var logTransition = Self._logTransitionRow(k: [:], n: 0, baseRate: baseRate, columns: candidates)
        for a in 0..<n {
            let launches = a < statistics.launches.count ? statistics.launches[a] : 0
            guard launches != 0 || !rows[a].isEmpty else { continue }
            transitionRow[a] = logTransition.count / max(1, candidates.count)
            logTransition += Self._logTransitionRow(k: rows[a], n: Double(launches), baseRate: baseRate, columns: candidates)
        }
        self.transitionRow = transitionRow
        self.logTransition = logTransition
        transitionCounts = rows
    }

    /// The candidate apps, ascending: those with a cold launch in `hourly`, at most
    /// ``ReactiveStatistics/maximumCandidates`` — the ones with the most cold launches, ties to
    /// the earlier app. O(apps · log apps).
    static func _candidates(_ hourly: [[Int]]) -> [Int] {
        // As doubles: a file's counts cannot overflow the sum.
        let totals = hourly.map { $0.reduce(0.0) { $0 + Double(max(0, $1)) } }
        let launched = totals.indices.filter { totals[$0] > 0 }
        guard launched.count > ReactiveStatistics.maximumCandidates else { return launched }
        let most = launched.sorted { totals[$0] != totals[$1] ? totals[$0] > totals[$1] : $0 < $1 }
        return most.prefix(ReactiveStatistics.maximumCandidates).sorted()
    }

    /// Replaces the statistics with `learnt`, the same statistics with their coefficients,
    /// trigger scores or validation set (the tables read none of them, so they stay valid).
    mutating func setStatistics(_ learnt: ReactiveStatistics) {
        statistics = learnt
    }

    /// `log v_ab` for every `b` of `columns`.
    private static func _logTransitionRow(k: [Int: Double], n: Double, baseRate: [Double], columns: [Int]) -> [Double] {
        columns.map { b in _logTransition(k: k[b] ?? 0, n: n, baseRate: baseRate[b]) }
    }

    /// `log v_ab`, `v_ab = min(1, max(10⁻⁴, (k_ab + α r_b) / (n_a + α)))`.
    private static func _logTransition(k: Double, n: Double, baseRate: Double) -> Double {
        log(min(1, max(1e-4, (k + shrinkage * baseRate) / (n + shrinkage))))
    }

    /// What the features of every candidate after one launch share.
    struct Launch {
        /// The launched app's index (`-1`: unknown).
        let app: Int
        /// `T`.
        let instant: Double
        /// The local hour of `T + 1 s` and the fraction of it gone (the blend's weights).
        let hour: Int
        let phi: Double
        /// `log(1 + launches of the last 30 min)`.
        let logBurst: Double
        /// Where the launched app's `log v_a·` row starts in the transition table.
        let row: Int
    }

    /// The shared part of the features after a launch of app index `a` (`-1`: unknown) at
    /// `instant`, whose `T + 1 s` falls at `localSeconds` (seconds into the local day).
    func launch(after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency) -> Launch {
        let hours = localSeconds / 3600
        let h0 = min(23, max(0, Int(hours.rounded(.down))))
        let row = a >= 0 && a < transitionRow.count ? transitionRow[a] : 0
        return Launch(app: a, instant: instant, hour: h0, phi: hours - Double(h0),
                      logBurst: Self._log1p(recency.burst), row: row * columnCount)
    }

    /// The features of candidate `b` after `launch`, written to `x[offset ..< offset + 9]`.
    func features(b: Int, launch: Launch, recency: _ReactiveRecency, into x: inout [Double], at offset: Int = 0) {
        let since = launch.instant - recency.lastLaunch[b]
        x[offset] = _transitionFeature(b: b, launch: launch)
        x[offset + 1] = _hourlyFeature(b: b, launch: launch)
        x[offset + 2] = since < tauSeconds ? 1 : 0
        x[offset + 3] = since >= tauSeconds && since < 10_800 ? 1 : 0
        x[offset + 4] = since >= 10_800 && since < 86_400 ? 1 : 0
        x[offset + 5] = Self._log1p(recency.dayCount[b])
        x[offset + 6] = launch.logBurst
        x[offset + 7] = logBaseRate[b]
        x[offset + 8] = 1
    }

    /// `η = Σ_j β_j x_j` of candidate `b` after `launch`, summed in feature order from 0, each
    /// `x_j` as ``features(b:launch:recency:into:at:)`` writes it: the same operations in the
    /// same order, so the same bits as the dot product of the written features, without writing
    /// them (what ``best(after:instant:localSeconds:recency:)`` computes for every candidate).
    @inline(__always)
    private func _eta(b: Int, launch: Launch, recency: _ReactiveRecency, beta: [Double]) -> Double {
        let since = launch.instant - recency.lastLaunch[b]
        var eta = 0.0
        eta += beta[0] * _transitionFeature(b: b, launch: launch)
        eta += beta[1] * _hourlyFeature(b: b, launch: launch)
        eta += beta[2] * (since < tauSeconds ? 1 : 0)
        eta += beta[3] * (since >= tauSeconds && since < 10_800 ? 1 : 0)
        eta += beta[4] * (since >= 10_800 && since < 86_400 ? 1 : 0)
        eta += beta[5] * Self._log1p(recency.dayCount[b])
        eta += beta[6] * launch.logBurst
        eta += beta[7] * logBaseRate[b]
        eta += beta[8] * 1
        return eta
    }

    /// Feature 0, `log v_ab`: from the table for a candidate, computed on the spot for another
    /// app (only candidates are scored).
    @inline(__always)
    private func _transitionFeature(b: Int, launch: Launch) -> Double {
        if candidateColumn[b] >= 0 { return logTransition[launch.row + candidateColumn[b]] }
        let a = launch.app, known = a >= 0 && a < transitionCounts.count
        return Self._logTransition(k: known ? transitionCounts[a][b] ?? 0 : 0,
                                   n: known && a < statistics.launches.count ? Double(statistics.launches[a]) : 0,
                                   baseRate: baseRate[b])
    }

    /// Feature 1, `log(h_b + 0.01)`: b's cold launches per day in the launch's local hour,
    /// blended linearly with the next hour's (``hourlyCounts``).
    @inline(__always)
    private func _hourlyFeature(b: Int, launch: Launch) -> Double {
        let c0 = hourlyCounts[b &* 24 &+ launch.hour], c1 = hourlyCounts[b &* 24 &+ (launch.hour &+ 1) % 24]
        if c0 == 0 && c1 == 0 { return Self.logNoHourlyRate }
        let h = ((1 - launch.phi) * Double(c0) + launch.phi * Double(c1)) / countedDays
        return log(h + 0.01)
    }

    /// `log(1 + count)`, from a table for small counts.
    private static func _log1p(_ count: Int) -> Double {
        count >= 0 && count < _log1pTable.count ? _log1pTable[count] : log1p(Double(count))
    }
    private static let _log1pTable: [Double] = (0..<1_024).map { log1p(Double($0)) }

    /// The best candidate after a launch of `a` at `instant` (largest score, ties by app name),
    /// or `nil` without coefficients or candidates.
    ///
    /// The score `σ(η)` is computed only for a candidate whose `η` exceeds the best one's so
    /// far: `σ` never decreases, so no other candidate can score strictly higher, and the first
    /// of equal scores (two `η` that `σ` rounds to one value included) stays the best, as when
    /// every score was computed (a test compares the two). One `exp` per new maximum, not per
    /// candidate.
    func best(after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency) -> (app: Int, score: Double)? {
        let beta = statistics.coefficients
        guard beta.count == ReactiveStatistics.featureCount else { return nil }
        let shared = launch(after: a, instant: instant, localSeconds: localSeconds, recency: recency)
        var best: (app: Int, score: Double)?
        var bestEta = -Double.infinity
        for b in candidates where b != a {
            let eta = _eta(b: b, launch: shared, recency: recency, beta: beta)
            guard best == nil || eta > bestEta else { continue }
            let p = LogisticRegression.sigmoid(eta)
            if best.map({ p > $0.score }) ?? true {
                best = (b, p)
                bestEta = eta
            }
        }
        return best
    }

    /// Every candidate's score after a launch of `a`, in app order (the reference
    /// ``best(after:instant:localSeconds:recency:)`` is tested against).
    func scores(after a: Int, instant: Double, localSeconds: Double, recency: _ReactiveRecency) -> [(app: Int, score: Double)] {
        let beta = statistics.coefficients
        guard beta.count == ReactiveStatistics.featureCount else { return [] }
        let shared = launch(after: a, instant: instant, localSeconds: localSeconds, recency: recency)
        var x = Array(repeating: 0.0, count: ReactiveStatistics.featureCount)
        var all: [(app: Int, score: Double)] = []
        for b in candidate.indices where candidate[b] && b != a {
            features(b: b, launch: shared, recency: recency, into: &x)
            var eta = 0.0
            for j in x.indices { eta += beta[j] * x[j] }
            all.append((b, LogisticRegression.sigmoid(eta)))
        }
        return all
    }
}
