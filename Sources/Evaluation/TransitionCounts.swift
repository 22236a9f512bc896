import LaunchHistory

/// App-to-app transition counts over the last 28 days before `start(d)`, as `markov` reads them.
///
/// The window holds the launches `j` of local days `max(first, d − 28) ..< d` whose cover window
/// `(t_j + 1 s, t_j + 1 s + τ]` ends before `start(d)`. `n[a]` counts the window's launches of
/// `a` (warm or cold); `k[a][b]` counts those with a cold launch of `b ≠ a` in their cover window
/// (once per launch, whatever that launch's local day). Apps are numbered in order of first
/// appearance in the scanned tail. O(window launches × launches per τ).
struct _TransitionCounts: Sendable {
    /// App names by id.
    let names: [String]
    /// Id of each app name.
    let ids: [String: Int]
    /// App id of each window launch, in launch order.
    let windowApps: [Int]
    /// Window launches per app.
    let n: [Int]
    /// Per app `a`: window launches of `a` followed by a cold launch of `b`, by `b`.
    let k: [[Int: Int]]
    /// Local days in the window, `min(28, d − first)`.
    let dayCount: Int

    init(_ context: PolicyContext) {
        dayCount = max(0, context.localDay - _RecentColdLaunches.firstWindowDay(context))
        let tail = _RecentColdLaunches.tail(context)
        var ids: [String: Int] = [:]
        var names: [String] = []
        let appOf = tail.map { launch -> Int in
            if let id = ids[launch.app] { return id }
            ids[launch.app] = names.count
            names.append(launch.app)
            return names.count - 1
        }
        self.ids = ids
        self.names = names
        let cold = ColdLaunches.scan(tail, tauSeconds: context.tauSeconds).cold
        let window = Self._windowLaunches(tail, context: context)
        windowApps = window.map { appOf[$0] }
        (n, k) = Self._count(tail.map(\.instant), window: window, appOf: appOf, cold: cold, appCount: names.count,
                             tauSeconds: context.tauSeconds)
    }

    /// Offsets into `tail` of the window's launches: local day in `max(first, d − 28) ..< d` and
    /// `t + 1 s + τ < start(d)`.
    private static func _windowLaunches(_ tail: ArraySlice<LaunchEvent>, context: PolicyContext) -> [Int] {
        let firstDay = _RecentColdLaunches.firstWindowDay(context)
        var result: [Int] = []
        for (offset, launch) in tail.enumerated() {
            let day = launch.localDay
            if day >= firstDay, day < context.localDay, launch.instant + 1 + context.tauSeconds < context.dayStart {
                result.append(offset)
            }
        }
        return result
    }

    /// `n` and `k` over the window launches (offsets into the tail, in order). Two pointers bound
    /// each cover window `(t + 1 s, t + 1 s + τ]`.
    private static func _count(_ instants: [Double], window: [Int], appOf: [Int], cold: [Bool], appCount: Int,
                               tauSeconds: Double) -> (n: [Int], k: [[Int: Int]]) {
        var n = Array(repeating: 0, count: appCount)
        var k = Array(repeating: [Int: Int](), count: appCount)
        var seenFor = Array(repeating: -1, count: appCount)
        var lo = 0, hi = 0
        for j in window {
            let a = appOf[j]
            let low = instants[j] + 1, high = low + tauSeconds
            n[a] += 1
            while lo < instants.count, instants[lo] <= low { lo += 1 }
            hi = max(hi, lo)
            while hi < instants.count, instants[hi] <= high { hi += 1 }
            for i in lo..<hi where cold[i] && appOf[i] != a && seenFor[appOf[i]] != j {
                seenFor[appOf[i]] = j
                k[a][appOf[i], default: 0] += 1
            }
        }
        return (n, k)
    }
}
