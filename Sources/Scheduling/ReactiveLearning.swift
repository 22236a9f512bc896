import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import UsageModel

extension ReactiveStatistics {
    /// Days of trigger scores kept for the budget threshold.
    public static let scoreWindowDays = 14

    /// Days `k` between the trigger scorer's cold fits (10; a constant of its own, independent
    /// of ``SchedulingOptions/scorerRefitDays``, which governs the usage model's scorer). On an
    /// anchor day `d − (d mod k)` (days since 1970) the scorer is fitted from the base rate (``_baseRateStart(_:)``); every other
    /// day takes the scorer of the day before: its coefficients as they are while the window
    /// they were fitted on held at least ``scorerReuseShare`` of the day's window launches, and
    /// otherwise a fit of the day's own rows, Newton's method starting from them (the same
    /// optimum in fewer steps). A day's scorer so depends on the days from its anchor on, all
    /// learnt from the day's own history: `train` and `evaluate` take the same path and agree.
    public static let scorerRefitDays = 10

    /// The anchor day of `localDay`'s scorer (``scorerRefitDays``).
    public static func scorerAnchor(of localDay: Int) -> Int {
        _anchorDay(of: localDay, every: scorerRefitDays)
    }

    /// The least share of a day's window launches (`Σ n_a`) the window of the scorer it takes
    /// from the day before must have held for the day to use that scorer without a fit of its
    /// own (0.9): a window that grew by more than a ninth since its scorer's fit (a young
    /// device's) is fitted again. The scorer is nine coefficients over a 28-day window that
    /// moves a day at a time: refitting it every day was about half of `evaluate --mode event`'s
    /// CPU on the bundled set (a profile: the fit 42%, its rows 6%).
    ///
    /// Measured (`evaluate --mode event`, reveille hits at B = 4/8/16/32). Reusing the anchor
    /// day's scorer instead of the day before's (session 19), against a fit every day: Wellbeing
    /// 23/36/45/65 (unchanged), StudentLife 279/483/790/1258 → 278/485/789/1252, bundled
    /// 1013/1919/3516/6615 → 1009/1913/3519/6605, simulated 20 devices × 45 days, seeds 11/29/3:
    /// 1381/2626/4863/9007 → 1383/2628/4841/9001, 1370/2624/4932/9195 → 1365/2645/4943/9187,
    /// 1328/2522/4744/8883 → 1332/2533/4752/8883 (69,517 → 69,512 hits in all); CPU 0.90× on the
    /// bundled set. A share of 0.8 lost 81 hits, reusing the anchor's scorer whatever the growth
    /// 168: the loss was on days whose window had grown since the fit (young devices). Taking
    /// the day before's scorer (a chain from the anchor), against the anchor's: Wellbeing
    /// 23/36/45/65 → 21/36/45/65, StudentLife → 279/484/789/1253, bundled →
    /// 1007/1922/3520/6592, the three simulated sets → 1385/2645/4832/9009,
    /// 1369/2644/4959/9221, 1330/2526/4727/8887 (69,512 → 69,547 hits in all); simulated 10
    /// devices × 90 days (seed 5) 1597/3105/5813/10759 → 1590/3093/5798/10762. A young device's
    /// growing window now refits about every other day instead of every day (the bundled set
    /// had 548 fits; the 90-day set keeps 230, 170 of them in its devices' first 28 days).
    public static let scorerReuseShare = 0.9

    /// The trigger scorer's fit stops at a full Newton step that moves no coefficient by more
    /// than this (10⁻⁴; `LogisticRegression`'s default is 10⁻⁷), and takes that step. Newton's
    /// method converges quadratically near the optimum, so the step taken leaves an error of the
    /// order of its square, below the six significant decimals the coefficients are stored with
    /// (``ReactiveStatistics/stored(_:)``): the steps a 10⁻⁷ tolerance adds change nothing that is
    /// kept. Measured against 10⁻⁷: `reveille train` writes the same model files on Wellbeing,
    /// StudentLife, the bundled set and three simulated sets (20 devices × 45 days, seeds 3 and
    /// 11; 10 × 90 days); `evaluate --mode event --per-device` at B = 1, 2, 4, 8, 12, 16, 24, 32
    /// writes the same JSON on Wellbeing, StudentLife, the bundled set and four simulated sets
    /// (seeds 3, 11, 29; 10 × 90 days); `evaluate --mode event` on the bundled set takes 0.94× the
    /// CPU. At 10⁻³ (0.91×) a few coefficients of a model file differed in their sixth decimal.
    public static let scorerTolerance = 1e-4

    /// A cold fit (an anchor day's, from the base rate) of at least ``scorerStageRows`` rows takes
    /// its first Newton steps on every 16th row
    /// (``LogisticRegression/fitStaged(x:y:l2:start:tolerance:stride:minimumRows:stageTolerance:)``),
    /// then finishes on all of them (to ``scorerStageTolerance``): the same optimum in 3–5 full
    /// steps instead of 6–9. The anchor days' fits were three quarters of the trigger scorer's
    /// fitting work on a mature device (simulated 10 devices × 90 days: 100 cold fits, 53 M
    /// row-steps, against 16 M for the 130 warm ones); staged, they take 31 M full and about 3 M
    /// sampled row-steps (strides 8 and 32: the same total within 1%). A warm fit (from the day
    /// before's coefficients) starts near the optimum and is not staged. `evaluate --mode event`
    /// CPU 0.93× there, 0.95× on the bundled set; its outputs are the plain fit's (see
    /// ``scorerStageTolerance``).
    public static let scorerStageStride = 16

    /// The fewest training rows for which a cold fit is staged (``scorerStageStride``): the
    /// sample then holds at least 125 rows.
    public static let scorerStageRows = 2_000

    /// The tolerance a staged fit (``scorerStageStride``) finishes to (10⁻⁵, a tenth of
    /// ``scorerTolerance``): its start, a sample's optimum, lies farther from the full optimum
    /// than the day before's coefficients, so its last step is not always as small. At 10⁻⁴ one
    /// stored coefficient of the bundled set's model file (device sim-001) came out 0.0535261
    /// where the plain fit, and a fit to 10⁻¹², give 0.053526. At 10⁻⁵, checked against the plain
    /// fit: `evaluate --mode event --per-device --fetches` (reveille, histogram, markov at B = 1,
    /// 2, 4, 8, 12, 16, 24, 32) writes the same JSON and fetches on Wellbeing, StudentLife, the
    /// bundled set and four simulated sets (20 devices × 45 days, seeds 3, 11, 29; 10 × 90
    /// days), and at tau 5, 30, 120 and 1440 minutes on Wellbeing and seed 3; `train` writes the
    /// same model files on all seven.
    public static let scorerStageTolerance = 1e-5

    /// Learns the statistics for day `localDay` from the launches before `dayStart` (protocol
    /// `reveille-v1`'s last-28-days window; `history` in launch order).
    ///
    /// Hourly counts are the window's cold launches (what `histogram` counts). The transitions
    /// count, over the window's launches whose cover window `(t + 1 s, t + 1 s + tau]` ends
    /// before `dayStart`, `n_a` and `k_ab` as `markov` does. The scorer is fitted on one row per
    /// such launch and candidate app (at most ``maximumCandidates`` apps, and the most recent
    /// launches whose rows fit in ``maximumTrainingRows``), labelled by whether the candidate had
    /// a cold launch in the cover window (an L2-penalised logistic regression, λ = 1, by IRLS to
    /// ``scorerTolerance``, its steps starting from the day before's coefficients:
    /// ``scorerRefitDays``; or from the base rate, staged: ``scorerStageStride``) — unless the
    /// day before's scorer is reused as it is (``scorerReuseShare``); the scores of the last 14
    /// days' launches give the trigger thresholds. O(window launches × candidates × 9²) per day
    /// from the day's anchor on (up to ``scorerRefitDays`` days are learnt; a
    /// ``ReactiveValidator`` keeps them, so a walk-forward replay learns each day once).
    /// - Throws: `LinearAlgebraError` only if the fit's shapes disagree (a bug).
    public static func learn(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int,
                             tauSeconds: Double) throws -> ReactiveStatistics {
        // The days from the anchor on, learnt once each (the memo is how every caller learns).
        var days = _ReactiveStatisticsMemo()
        return try days.learn(history: history, localDay: localDay, dayStart: dayStart, firstLocalDay: firstLocalDay,
                              tauSeconds: tauSeconds)
    }

    /// ``learn(history:localDay:dayStart:firstLocalDay:tauSeconds:)`` with the day before's
    /// scorer fit given (`nil`, or without coefficients: a fit from the base rate), for a caller that
    /// keeps learnt days and so does not learn it again; also returns the day's own scorer fit and
    /// its scorer (on the statistics returned: what a scheduler or a replay of the day builds).
    ///
    /// `facts`, when they describe `history`'s array (``LaunchFacts/describe(_:tauSeconds:)``),
    /// give the window's apps, each launch's app index and its coldness without a set, a sort,
    /// name hashing or a scan: the same statistics (each launch whose coldness is read has the
    /// tau before it in the tail, so the whole history's flag is the tail's).
    static func learn(history: ArraySlice<LaunchEvent>, localDay: Int, dayStart: Double, firstLocalDay: Int,
                      tauSeconds: Double, previous: _ScorerFit?, facts: LaunchFacts? = nil) throws -> _LearntDay {
        let firstDay = RecentColdLaunchWindow.firstDay(localDay: localDay, firstLocalDay: firstLocalDay)
        let tail = _tail(history, before: dayStart, firstWindowDay: firstDay, tauSeconds: tauSeconds)
        let instants = tail.map(\.instant)
        let apps: [String], appOf: [Int], cold: [Bool]
        if let facts, facts.describe(tail, tauSeconds: tauSeconds) {
            (apps, appOf, cold) = facts.part(tail.indices)
        } else {
            apps = Set(tail.lazy.map(\.app)).sorted()
            var index: [String: Int] = [:]
            for (i, app) in apps.enumerated() { index[app] = i }
            appOf = tail.map { index[$0.app] ?? 0 }
            // Every launch of the tail has its app's index: the scan on indices needs no String hashing.
            cold = ColdLaunches.scan(instants: instants, apps: appOf, tauSeconds: tauSeconds).cold
        }
        // The window's cold launches by local hour (what `RecentColdLaunchWindow` counts): the tail
        // holds the tau before every window launch, so each one's coldness is the scan's.
        var hourly = Array(repeating: Array(repeating: 0, count: 24), count: apps.count)
        for (j, launch) in tail.enumerated() where cold[j] && launch.localDay >= firstDay && launch.localDay < localDay {
            hourly[appOf[j]][launch.localHour] += 1
        }
        let inWindow = tail.map { launch in
            launch.localDay >= firstDay && launch.localDay < localDay && launch.instant + 1 + tauSeconds < dayStart
        }
        let followers = _followers(instants: instants, appOf: appOf, cold: cold, inWindow: inWindow, tauSeconds: tauSeconds)
        var launches = Array(repeating: 0, count: apps.count)
        var counts: [[Int: Int]] = Array(repeating: [:], count: apps.count)
        for j in tail.indices.map({ $0 - tail.startIndex }) where inWindow[j] {
            launches[appOf[j]] += 1
            for b in followers[j] { counts[appOf[j]][b, default: 0] += 1 }
        }
        var transitions: [Transition] = []
        for a in counts.indices {
            for (b, k) in counts[a].sorted(by: { $0.key < $1.key }) { transitions.append(Transition(from: a, to: b, count: k)) }
        }
        var statistics = ReactiveStatistics(
            apps: apps, days: max(0, localDay - firstDay),
            hourlyColdLaunches: hourly,
            launches: launches, transitions: transitions, coefficients: [], triggerScores: [], scoreDays: 0)
        var scorer = _ReactiveScorer(statistics, tauSeconds: tauSeconds)
        let windowLaunches = statistics.launchTotal
        var fit = _ScorerFit(coefficients: [], windowLaunches: windowLaunches)
        if let previous, previous.reusable(byWindowLaunches: windowLaunches) {
            statistics.coefficients = previous.coefficients
            fit = previous
        } else {
            let rows = _Rows(scorer: scorer, tail: tail, appOf: appOf, inWindow: inWindow, followers: followers)
            guard rows.labels.contains(1), rows.labels.contains(0) else {
                return _LearntDay(scorer: scorer, fit: fit)
            }
            let x = try Matrix(rows: rows.labels.count, columns: featureCount, storage: rows.features)
            // From the day before's coefficients, or (an anchor day, or none before) from the base
            // rate: every feature weight 0 and the constant at the labels' log-odds (the usual
            // IRLS start; the same optimum as from zero, in two or three fewer steps).
            // A cold fit takes its first steps on a sample (``scorerStageStride``).
            let warm = previous.map(\.coefficients).flatMap { $0.count == featureCount ? $0 : nil }
            let fitted = if let warm {
                try LogisticRegression.fit(x: x, y: rows.labels, l2: 1, start: warm, tolerance: scorerTolerance)
            } else {
                try LogisticRegression.fitStaged(x: x, y: rows.labels, l2: 1, start: Self._baseRateStart(rows.labels),
                                                 tolerance: scorerStageTolerance, stride: scorerStageStride,
                                                 minimumRows: scorerStageRows)
            }
            statistics.coefficients = fitted.coefficients.map(ReactiveStatistics.stored)
            fit.coefficients = statistics.coefficients
        }
        // The tables do not depend on the coefficients: the fitted scorer is the same one.
        scorer.setStatistics(statistics)
        var recency = _ReactiveRecency(appCount: apps.count)
        var scores: [Double] = []
        var scoreDays = Set<Int>()
        for (j, launch) in tail.enumerated() {
            recency.record(app: appOf[j], at: launch.instant)
            guard inWindow[j], launch.localDay >= localDay - scoreWindowDays else { continue }
            scoreDays.insert(launch.localDay)
            let local = LocalClock.secondOfDay(localSeconds: LocalClock.localSeconds(
                instant: launch.instant + 1, utcOffsetSeconds: launch.utcOffsetSeconds))
            let best = scorer.best(after: appOf[j], instant: launch.instant, localSeconds: local, recency: recency)
            // Four decimals: a budget's threshold moves by < 1e-4, and the model file keeps the
            // scores in a third of the bytes (what `evaluate` learns is what a file holds).
            scores.append(((best?.score ?? 0) * 10_000).rounded() / 10_000)
        }
        statistics.setTriggerScores(scores.sorted(by: >), scoreDays: scoreDays.count)
        scorer.setStatistics(statistics)
        return _LearntDay(scorer: scorer, fit: fit)
    }

    /// The scorer's cold start: zero weights and the constant (the last feature) at the log-odds
    /// of `labels`' mean (which holds both classes, so it is finite).
    static func _baseRateStart(_ labels: [Double]) -> [Double] {
        let positives = labels.reduce(0, +), count = Double(labels.count)
        var start = Array(repeating: 0.0, count: featureCount)
        if positives > 0, positives < count { start[featureCount - 1] = log(positives / (count - positives)) }
        return start
    }

    /// The launches before `dayStart` from a day before the window on (24 h of recency for the
    /// window's first launches and the launches that decide coldness), and a tau earlier still
    /// when tau is longer than a day (every window launch's coldness is then the tail's scan).
    private static func _tail(_ history: ArraySlice<LaunchEvent>, before dayStart: Double, firstWindowDay: Int,
                              tauSeconds: Double) -> ArraySlice<LaunchEvent> {
        let from = RecentColdLaunchWindow.tail(history, firstWindowDay: firstWindowDay - 1,
                                               tauSeconds: max(0, tauSeconds - LocalClock.secondsPerDay))
        var end = from.endIndex
        while end > from.startIndex, from[end - 1].instant >= dayStart { end -= 1 }
        return from[from.startIndex..<end]
    }

    /// Per launch in the window (offset into the tail), the apps `b ≠ a` with a cold launch in
    /// `(t + 1 s, t + 1 s + tau]`, each once, in order of first appearance — at most
    /// ``maximumCandidates`` of them (more apps cold-launched within one tau of a launch is no
    /// real history; the cap keeps the work linear in the launches). Scans the cold launches
    /// only: an app has at most one in a window of length tau.
    private static func _followers(instants: [Double], appOf: [Int], cold: [Bool], inWindow: [Bool],
                                   tauSeconds: Double) -> [[Int]] {
        var result = Array(repeating: [Int](), count: instants.count)
        let colds = instants.indices.filter { cold[$0] }
        var lo = 0, hi = 0
        for j in instants.indices where inWindow[j] {
            let low = instants[j] + 1, high = low + tauSeconds
            while lo < colds.count, instants[colds[lo]] <= low { lo += 1 }
            hi = max(hi, lo)
            while hi < colds.count, instants[colds[hi]] <= high { hi += 1 }
            for i in colds[lo..<hi] where appOf[i] != appOf[j] && !result[j].contains(appOf[i]) {
                result[j].append(appOf[i])
                if result[j].count == maximumCandidates { break }
            }
        }
        return result
    }
}
