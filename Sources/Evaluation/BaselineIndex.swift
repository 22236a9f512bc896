import LaunchHistory
import ReveilleCore

/// A device's cold launches as the `interval` and `histogram` baselines read them, indexed once
/// with integer app ids: each launch is hashed and its coldness decided when it first enters
/// the history, never again. The replay hands a policy longer and longer prefixes of one
/// history, so a day costs only its new launches plus a scan of integers over the last 28 days
/// (``window(_:)``). A history that does not extend the one indexed rebuilds the index.
struct _ColdLaunchIndex: Sendable {
    /// App names by id (ids in order of first launch).
    private(set) var names: [String] = []
    private var ids: [String: Int] = [:]
    /// App ids in name order.
    private(set) var idsByName: [Int] = []
    private var coldness = ColdLaunches.Tracker()
    /// Launches indexed so far (cold or not) and the last of them.
    private var indexed = 0
    private var lastIndexed: LaunchEvent?
    /// The cold launches, in history order.
    private var instants: [Double] = []
    private var apps: [Int] = []
    private var days: [Int] = []
    private var hours: [Int] = []

    /// Per app of the replay's ``LaunchFacts`` (its sorted names), the id here (`-1`: none yet).
    private var idOfFactsApp: [Int] = []

    /// Indexes the launches of `history` not yet seen (all of them when it does not extend the
    /// history indexed so far). Coldness as ``ColdLaunches/Tracker`` decides it; when `facts`
    /// describe `history` (the replay's, computed once per device with the same tau), their app
    /// indices and cold flags are read instead: no String is hashed and the same launches are cold.
    mutating func update(_ history: ArraySlice<LaunchEvent>, tauSeconds: Double, facts: LaunchFacts? = nil) {
        if history.count < indexed || (indexed > 0 && history[history.startIndex + indexed - 1] != lastIndexed) {
            self = _ColdLaunchIndex()
        }
        let known = names.count
        let described = facts.map { $0.describe(history, tauSeconds: tauSeconds) && history.startIndex == 0 } ?? false
        if let facts, described {
            if idOfFactsApp.count != facts.apps.count { idOfFactsApp = Array(repeating: -1, count: facts.apps.count) }
            for j in history.indices.dropFirst(indexed) {
                let f = facts.appOfLaunch[j]
                if idOfFactsApp[f] < 0 { idOfFactsApp[f] = _id(of: history[j].app) }
                let launch = history[j]
                _ = coldness.record(app: idOfFactsApp[f], instant: launch.instant)
                if facts.cold[j] { _append(launch, app: idOfFactsApp[f]) }
            }
        } else {
            for launch in history.dropFirst(indexed) {
                let a = _id(of: launch.app)
                let before = coldness.record(app: a, instant: launch.instant)
                if ColdLaunches.isCold(instant: launch.instant, previous: before, tauSeconds: tauSeconds) { _append(launch, app: a) }
            }
        }
        if names.count != known { idsByName = names.indices.sorted { names[$0] < names[$1] } }
        indexed = history.count
        lastIndexed = history.last
    }

    /// `app`'s id, a new one (the next) for an app not seen before.
    private mutating func _id(of app: String) -> Int {
        if let id = ids[app] { return id }
        let a = names.count
        ids[app] = a
        names.append(app)
        return a
    }

    private mutating func _append(_ launch: LaunchEvent, app a: Int) {
        instants.append(launch.instant)
        apps.append(a)
        days.append(launch.localDay)
        hours.append(launch.localHour)
    }

    /// The protocol's last-28-days window before `context`'s day (as ``RecentColdLaunchWindow``
    /// holds it), as counts per app id. Call ``update(_:tauSeconds:)`` with the context's history
    /// first. O(cold launches in the window + log cold launches).
    func window(_ context: PolicyContext) -> _BaselineWindow {
        let firstDay = _RecentColdLaunches.firstWindowDay(context)
        var window = _BaselineWindow(names: names, idsByName: idsByName, dayCount: max(0, context.localDay - firstDay))
        // A launch of a local day at or after `firstDay` is at or after this instant.
        let lowest = LocalClock.startOfDay(firstDay, utcOffsetSeconds: LocalClock.maximumOffsetSeconds)
        var lo = 0, hi = instants.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if instants[mid] < lowest { lo = mid + 1 } else { hi = mid }
        }
        var k = lo
        while k < instants.count, instants[k] < context.dayStart {
            let day = days[k]
            if day >= firstDay, day < context.localDay {
                window.byApp[apps[k]] += 1
                window.byHour[apps[k] * 24 + hours[k]] += 1
            }
            k += 1
        }
        return window
    }
}

/// The last-28-days window's cold-launch counts per app id (``_ColdLaunchIndex``).
struct _BaselineWindow: Sendable {
    /// App names by id.
    let names: [String]
    /// App ids in name order.
    let idsByName: [Int]
    /// Local days in the window: `min(28, d − first)`, at least 0.
    let dayCount: Int
    /// Cold launches per app id.
    var byApp: [Int]
    /// Cold launches per app id and local hour, at `app × 24 + hour`.
    var byHour: [Int]

    init(names: [String], idsByName: [Int], dayCount: Int) {
        self.names = names
        self.idsByName = idsByName
        self.dayCount = dayCount
        byApp = Array(repeating: 0, count: names.count)
        byHour = Array(repeating: 0, count: names.count * 24)
    }
}
