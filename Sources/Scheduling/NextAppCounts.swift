import LaunchHistory

/// What ``NextAppRanker`` counts from a device's launches so far: base rates, first- and
/// second-order successor counts, hourly counts and last uses. Apps are numbered in first-seen order.
struct _NextAppCounts: Sendable {
    var apps: [String] = []
    var index: [String: Int] = [:]
    var current: Int?
    var currentLocalDay = 0
    private var previous: Int?
    private var currentHour = 0
    private var uses: [Int] = []
    private var total = 0
    private var lastUse: [Double] = []
    private var hourly: [[Int]] = []
    private var hourTotals = Array(repeating: 0, count: 24)
    private var follows: [[Int: Int]] = []
    private var successors: [Int] = []
    private var pairFollows: [_AppPair: [Int: Int]] = [:]
    private var pairSuccessors: [_AppPair: Int] = [:]

    /// Counts `launch` as the successor of the current app and makes it current.
    mutating func record(_ launch: LaunchEvent) {
        let b = _number(launch.app)
        if let a = current {
            follows[a][b, default: 0] += 1
            successors[a] += 1
            if let before = previous {
                let pair = _AppPair(before: before, current: a)
                pairFollows[pair, default: [:]][b, default: 0] += 1
                pairSuccessors[pair, default: 0] += 1
            }
        }
        previous = current
        current = b
        currentLocalDay = launch.localDay
        let hour = min(23, max(0, launch.localHour))
        currentHour = hour
        uses[b] += 1
        total += 1
        lastUse[b] = launch.instant
        hourly[b][hour] += 1
        hourTotals[hour] += 1
    }

    /// The transition, second-order transition and time-of-day likelihoods of app `b` being next
    /// (``NextAppRanker``'s `P₁`, `P₂`, `P₄`); zeros before the first launch.
    func parts(of b: Int, prior: NextAppRanker.Options) -> (transition: Double, pair: Double, hour: Double) {
        guard let a = current, total > 0, apps.indices.contains(b) else { return (0, 0, 0) }
        let base = Double(uses[b]) / Double(total)
        let alpha = prior.transitionPrior
        let transition = _shrunk(count: follows[a][b] ?? 0, of: successors[a], toward: base, weight: alpha)
        var pair = transition
        if let before = previous {
            let key = _AppPair(before: before, current: a)
            pair = _shrunk(count: pairFollows[key]?[b] ?? 0, of: pairSuccessors[key] ?? 0, toward: transition,
                           weight: alpha)
        }
        let hour = _shrunk(count: hourly[b][currentHour], of: hourTotals[currentHour], toward: base,
                           weight: prior.hourPrior)
        return (transition, pair, hour)
    }

    /// Each app's most-recently-used rank: 0 for the current app, then 1, 2, … by last use,
    /// latest first (ties by name). O(apps log apps).
    func recencyRanks() -> [Int] {
        var ranks = Array(repeating: 0, count: apps.count)
        let others = apps.indices.filter { $0 != current }
            .sorted { lastUse[$0] != lastUse[$1] ? lastUse[$0] > lastUse[$1] : apps[$0] < apps[$1] }
        for (position, b) in others.enumerated() { ranks[b] = position + 1 }
        return ranks
    }

    /// `(count + weight × prior) / (of + weight)`, `prior` when both are 0.
    private func _shrunk(count: Int, of outOf: Int, toward prior: Double, weight: Double) -> Double {
        let denominator = Double(outOf) + weight
        return denominator > 0 ? (Double(count) + weight * prior) / denominator : prior
    }

    private mutating func _number(_ app: String) -> Int {
        if let b = index[app] { return b }
        let b = apps.count
        apps.append(app)
        index[app] = b
        uses.append(0)
        lastUse.append(0)
        hourly.append(Array(repeating: 0, count: 24))
        follows.append([:])
        successors.append(0)
        return b
    }
}

/// The app before the current one and the current one (second-order transition key).
struct _AppPair: Hashable, Sendable {
    var before: Int
    var current: Int
}
