import LaunchHistory
import ReveilleCore
import UsageModel

/// The scorer's training rows: one per window launch and candidate app other than the launched,
/// for the most recent window launches whose rows number at most
/// ``ReactiveStatistics/maximumTrainingRows``.
struct _Rows {
    var features: [Double] = []
    var labels: [Double] = []

    init(scorer: _ReactiveScorer, tail: ArraySlice<LaunchEvent>, appOf: [Int], inWindow: [Bool],
         followers: [[Int]]) {
        let statistics = scorer.statistics
        var recency = _ReactiveRecency(appCount: statistics.apps.count)
        // One row per window launch and candidate other than the launched app: sized up front
        // and written in place, from the last window launch back while they fit.
        let candidates = scorer.candidates.count
        let rows = appOf.indices.map { j in
            inWindow[j] ? candidates - (scorer.candidate.indices.contains(appOf[j]) && scorer.candidate[appOf[j]] ? 1 : 0) : 0
        }
        let (firstTrained, rowCount) = Self.trained(rows: rows, limit: ReactiveStatistics.maximumTrainingRows)
        let width = ReactiveStatistics.featureCount
        features = Array(repeating: 0, count: rowCount * width)
        labels.reserveCapacity(rowCount)
        for (j, launch) in tail.enumerated() {
            recency.record(app: appOf[j], at: launch.instant)
            guard inWindow[j], j >= firstTrained else { continue }
            let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
                instant: launch.instant + 1, utcOffsetSeconds: launch.utcOffsetSeconds))
            let shared = scorer.launch(after: appOf[j], instant: launch.instant, localSeconds: local, recency: recency)
            for b in scorer.candidates where b != appOf[j] {
                scorer.features(b: b, launch: shared, recency: recency, into: &features, at: labels.count * width)
                labels.append(followers[j].contains(b) ? 1 : 0)
            }
        }
    }

    /// The first launch trained on and the rows trained on, given each launch's rows (0 for one
    /// outside the window): the launches from the last back while their rows sum to at most
    /// `limit`.
    static func trained(rows: [Int], limit: Int) -> (first: Int, rows: Int) {
        var total = 0, first = rows.count
        for j in rows.indices.reversed() {
            guard rows[j] <= limit - total else { break }
            total += rows[j]
            first = j
        }
        return (first, total)
    }
}

/// A day's trigger scorer as the next day may take it (``ReactiveStatistics/scorerReuseShare``):
/// its coefficients and the size of the window they were fitted on.
struct _ScorerFit: Sendable, Equatable {
    /// The stored coefficients (empty: there was nothing to fit).
    var coefficients: [Double]
    /// The launches (``ReactiveStatistics/launchTotal``) of the window the coefficients were
    /// fitted on: the day's own when it was fitted, the fit's when it reused one.
    var windowLaunches: Double

    /// A fit with every field given.
    init(coefficients: [Double], windowLaunches: Double) {
        self.coefficients = coefficients
        self.windowLaunches = windowLaunches
    }

    /// Whether a day whose window holds `dayLaunches` launches uses these coefficients as they
    /// are: one per feature, fitted on a window that held at least
    /// ``ReactiveStatistics/scorerReuseShare`` of the day's.
    func reusable(byWindowLaunches dayLaunches: Double) -> Bool {
        coefficients.count == ReactiveStatistics.featureCount
            && windowLaunches >= ReactiveStatistics.scorerReuseShare * dayLaunches
    }
}
