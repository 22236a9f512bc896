import LaunchHistory

/// The recent launches a trigger score reads, updated in O(1) amortised per launch: each app's
/// last launch, its launches in the last 24 hours and the launches of the last 30 minutes.
struct _ReactiveRecency: Sendable {
    /// Last launch instant per app index (`-infinity`: none seen).
    private(set) var lastLaunch: [Double]
    /// Launches per app index in `(now − 24 h, now]`.
    private(set) var dayCount: [Int]
    /// Launches of any app in `(now − 30 min, now]`.
    private(set) var burst = 0
    private var recent: [(instant: Double, app: Int)] = []
    private var dayHead = 0
    private var burstHead = 0

    init(appCount: Int) {
        lastLaunch = Array(repeating: -.infinity, count: appCount)
        dayCount = Array(repeating: 0, count: appCount)
    }

    /// Records a launch of app index `app` (`-1`: an app the statistics do not know).
    mutating func record(app: Int, at instant: Double) {
        if app >= 0 {
            lastLaunch[app] = max(lastLaunch[app], instant)
            dayCount[app] += 1
        }
        recent.append((instant, app))
        burst += 1
        while dayHead < recent.count, recent[dayHead].instant <= instant - 86_400 {
            let old = recent[dayHead].app
            if old >= 0 { dayCount[old] -= 1 }
            dayHead += 1
        }
        while burstHead < recent.count, recent[burstHead].instant <= instant - 1_800 {
            burst -= 1
            burstHead += 1
        }
        if dayHead > 4_096, dayHead * 2 > recent.count {
            recent.removeFirst(dayHead)
            burstHead -= dayHead
            dayHead = 0
        }
    }
}
