import LaunchHistory
import ReveilleCore
import Scheduling

/// One predictor's next-app accuracy (`reveille evaluate --task next-app`).
public struct NextAppResult: Sendable, Codable, Equatable {
    /// `reveille`, `mru`, `mfu` or `markov`.
    public var predictor: String
    /// Scored events (launches whose next launch was predicted).
    public var events: Int
    /// Hit rate at 1, 3 and 5 (the next app among the top k), pooled over events.
    public var hr1: Double, hr3: Double, hr5: Double
    /// Mean reciprocal rank, 0 beyond rank 5, pooled over events.
    public var mrr5: Double
    /// The same four, averaged over devices (each device's own rates).
    public var userHr1: Double, userHr3: Double, userHr5: Double, userMrr5: Double
}

/// The next-app report: one result per predictor.
public struct NextAppReport: Sendable, Codable, Equatable {
    /// `reveille-next-app`.
    public var task = "reveille-next-app"
    /// Devices with at least one scored event.
    public var devices: Int
    /// Results in predictor order.
    public var results: [NextAppResult]
}

/// Next-app prediction, scored as the literature does (HR@k, MRR@5; e.g. DiPECS' LSApp board):
/// after each launch `i` whose successor `i + 1` lies on a scored day (local days `first + W …
/// last − 1`, as in `reveille-v1`), every predictor ranks the apps and the successor's app is
/// looked up. Predictors see launches up to `i` only:
/// - `reveille`: ``NextAppRanker`` (a mixture of transition, second-order transition, recency
///   rank and time-of-day distributions, its weights learnt at each local day's start from the
///   launches whose successor came before it);
/// - `mru`: apps by their last launch, latest first, the current app left out;
/// - `mfu`: apps by their launches so far, most first (ties by name);
/// - `markov`: apps by how often they followed the current app so far, then `mfu`.
/// O(launches × apps log apps) plus a learn per local day.
public enum NextAppEvaluation {
    /// Predictor names, in report order.
    public static let predictors = ["reveille", "mru", "mfu", "markov"]

    /// Scores every device of `history`.
    public static func evaluate(_ history: LaunchHistory, warmupDays: Int = 7) -> NextAppReport {
        var pooled = Array(repeating: _NextAppTally(), count: predictors.count)
        var perUser = Array(repeating: _NextAppTally(), count: predictors.count)
        var users = 0
        for device in history.devices {
            let tallies = _device(Array(device.launches)[...], warmupDays: warmupDays)
            guard tallies[0].events > 0 else { continue }
            users += 1
            for k in predictors.indices {
                pooled[k].add(tallies[k])
                perUser[k].addRates(of: tallies[k])
            }
        }
        let results = predictors.indices.map { k in
            let p = pooled[k], u = perUser[k], n = Double(max(1, users)), e = Double(max(1, p.events))
            return NextAppResult(predictor: predictors[k], events: p.events, hr1: p.hits1 / e, hr3: p.hits3 / e,
                                 hr5: p.hits5 / e, mrr5: p.reciprocal / e, userHr1: u.hits1 / n, userHr3: u.hits3 / n,
                                 userHr5: u.hits5 / n, userMrr5: u.reciprocal / n)
        }
        return NextAppReport(devices: users, results: results)
    }

    private static func _device(_ launches: ArraySlice<LaunchEvent>, warmupDays: Int) -> [_NextAppTally] {
        var tallies = Array(repeating: _NextAppTally(), count: predictors.count)
        guard let first = launches.first?.localDay, let last = launches.last?.localDay else { return tallies }
        var lastUse: [String: Double] = [:]
        var uses: [String: Int] = [:]
        var follows: [String: [String: Int]] = [:]
        var ranker = NextAppRanker()
        var day: Int?
        let base = launches.startIndex
        for i in launches.indices {
            let launch = launches[i]
            if i > base {
                follows[launches[i - 1].app, default: [:]][launch.app, default: 0] += 1
            }
            lastUse[launch.app] = launch.instant
            uses[launch.app, default: 0] += 1
            ranker.observe(launch)
            if day != launch.localDay {
                ranker.learn(dayStart: LocalClock.startOfDay(launch.localDay, utcOffsetSeconds: launch.utcOffsetSeconds),
                             localDay: launch.localDay)
                day = launch.localDay
            }
            guard i + 1 < launches.endIndex else { break }
            let next = launches[i + 1]
            let scored = next.localDay >= first + warmupDays && next.localDay < last
            guard scored else { continue }
            let mfu = uses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
            let mru = lastUse.filter { $0.key != launch.app }
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
            let row = follows[launch.app] ?? [:]
            let markov = row.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
            let rankings = [_filled(ranker.ranking(limit: 5), mfu), mru, mfu, _filled(markov, mfu)]
            for k in rankings.indices { tallies[k].score(rankings[k], target: next.app) }
        }
        return tallies
    }

    /// `ranking` followed by the apps of `rest` it lacks, first five only.
    private static func _filled(_ ranking: [String], _ rest: [String]) -> [String] {
        var result = Array(ranking.prefix(5))
        for app in rest where result.count < 5 && !result.contains(app) { result.append(app) }
        return result
    }
}

private struct _NextAppTally {
    var events = 0
    var hits1 = 0.0, hits3 = 0.0, hits5 = 0.0, reciprocal = 0.0

    mutating func score(_ ranking: [String], target: String) {
        events += 1
        guard let rank = ranking.prefix(5).firstIndex(of: target) else { return }
        if rank < 1 { hits1 += 1 }
        if rank < 3 { hits3 += 1 }
        hits5 += 1
        reciprocal += 1 / Double(rank + 1)
    }

    mutating func add(_ other: _NextAppTally) {
        events += other.events
        hits1 += other.hits1; hits3 += other.hits3; hits5 += other.hits5; reciprocal += other.reciprocal
    }

    mutating func addRates(of other: _NextAppTally) {
        let n = Double(max(1, other.events))
        hits1 += other.hits1 / n; hits3 += other.hits3 / n; hits5 += other.hits5 / n; reciprocal += other.reciprocal / n
    }
}
