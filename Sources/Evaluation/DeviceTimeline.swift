import LaunchHistory
import ReveilleCore

/// Everything the replay needs about one device, computed once: cold flags, day starts and the
/// cold launches of each day.
struct _DeviceTimeline: Sendable {
    let history: DeviceHistory
    /// The history's launches as events, built once.
    let events: [LaunchEvent]
    let tauSeconds: Double
    /// Sorted app names and each launch's index into them.
    let apps: [String]
    let appIndex: [String: Int]
    let appOfLaunch: [Int]
    let cold: [Bool]
    let previousInstant: [Double?]
    let localDay: [Int]
    let localHour: [Int]
    /// Local days of the first and last launch.
    let firstDay: Int
    let lastDay: Int
    /// Smallest local day of any launch (≤ firstDay when offsets jump).
    private let minDay: Int
    /// `start(d)` and its offset for `d` in `minDay ... maxDay + 1`.
    private let starts: [(instant: Double, offset: Int)]
    /// Cold launch indices per local day (offset by `minDay`).
    private let coldByDay: [[Int]]
    /// All cold-launch instants per app, sorted.
    let coldInstantsByApp: [[Double]]
    /// First launch instant per app.
    let firstInstantByApp: [Double]
    /// The app indices and cold flags above, handed to the policies with each day's history
    /// (a slice of ``events``) so that the usage model's daily fit does not recompute them.
    let facts: LaunchFacts

    /// Launches strictly before `instant`, as events (``DeviceHistory/launches(before:)`` finds
    /// how many).
    func launches(before instant: Double) -> ArraySlice<LaunchEvent> {
        events[0..<history.launches(before: instant).count]
    }

    init(history: DeviceHistory, tauSeconds: Double) {
        self.history = history
        self.tauSeconds = tauSeconds
        let launches = Array(history.launches)
        events = launches
        let names = history.apps
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        apps = names
        appIndex = index
        localDay = launches.map(\.localDay)
        localHour = launches.map(\.localHour)
        firstDay = localDay.first ?? 0
        lastDay = localDay.last ?? 0
        minDay = localDay.min() ?? 0
        let maxDay = localDay.max() ?? 0
        starts = Self._dayStarts(launches, localDay: localDay, minDay: minDay, maxDay: maxDay, firstDay: firstDay)
        var byDay = Array(repeating: [Int](), count: maxDay - minDay + 1)
        var coldByApp = Array(repeating: [Double](), count: names.count)
        var firstByApp = Array(repeating: Double.infinity, count: names.count)
        let appOf = launches.map { index[$0.app] ?? 0 }
        (cold, previousInstant) = ColdLaunches.scan(instants: launches.map(\.instant), apps: appOf, tauSeconds: tauSeconds)
        for i in launches.indices {
            let a = appOf[i]
            firstByApp[a] = min(firstByApp[a], launches[i].instant)
            guard cold[i] else { continue }
            byDay[localDay[i] - minDay].append(i)
            coldByApp[a].append(launches[i].instant)
        }
        appOfLaunch = appOf
        coldByDay = byDay
        coldInstantsByApp = coldByApp
        firstInstantByApp = firstByApp
        facts = LaunchFacts(launches: launches, apps: names, appOfLaunch: appOf, cold: cold, tauSeconds: tauSeconds)
    }

    /// `start(d)`: local midnight of `d` under the offset of the device's last launch on an
    /// earlier local day (for the first day, the offset of its first launch).
    private static func _dayStarts(_ launches: [LaunchEvent], localDay: [Int], minDay: Int, maxDay: Int,
                                   firstDay: Int) -> [(instant: Double, offset: Int)] {
        guard let first = launches.first else { return [] }
        var lastIndexOnDay = Array(repeating: -1, count: maxDay - minDay + 1)
        for i in launches.indices { lastIndexOnDay[localDay[i] - minDay] = i }
        var result: [(instant: Double, offset: Int)] = []
        var latestBefore = -1
        for d in minDay...(maxDay + 1) {
            let offset = (d == firstDay || latestBefore < 0) ? first.utcOffsetSeconds : launches[latestBefore].utcOffsetSeconds
            result.append((LocalClock.startOfDay(d, utcOffsetSeconds: offset), offset))
            if d <= maxDay { latestBefore = max(latestBefore, lastIndexOnDay[d - minDay]) }
        }
        return result
    }

    /// Scored days: `first + W ... last - 1` that are active, or `nil` when the device is skipped
    /// (`last - first < W + minimumScoredDays`, or no active day is left).
    func scoredDays(warmupDays: Int, minimumScoredDays: Int) -> [Int]? {
        guard !history.launches.isEmpty else { return nil }
        return Self.scoredDays(localDays: localDay, warmupDays: warmupDays, minimumScoredDays: minimumScoredDays)
    }

    /// How many local days of silence end a device's active stretch: a day is *active* when the
    /// device has a launch on it or on one of the ``inactiveGapDays`` days before it. Days deep
    /// inside a longer silence (a clock reset to 1990, a phone left in a drawer for months) are
    /// not scored, so replay work is proportional to the launches, never to the span between
    /// them; every day of the bundled and shared data sets is active (their longest gap is 4 days).
    static let inactiveGapDays = 28

    /// The scored days of launches on `localDays` (in launch order, so the first and last are the
    /// first and last launch's days): `first + W ... last − 1`, active days only, ascending;
    /// `nil` when the device is skipped. O(n log n) in the launches.
    static func scoredDays(localDays: [Int], warmupDays: Int, minimumScoredDays: Int) -> [Int]? {
        guard let first = localDays.first, let last = localDays.last,
              last - first >= warmupDays + minimumScoredDays else { return nil }
        let range = (first + warmupDays)...(last - 1)
        var days: [Int] = []
        var next = range.lowerBound
        for launchDay in Set(localDays).sorted() {
            let from = max(next, launchDay), through = min(range.upperBound, launchDay + inactiveGapDays)
            if from <= through { days += from...through }
            next = max(next, through + 1)
        }
        return days.isEmpty ? nil : days
    }

    /// `start(d)` and the offset used for it.
    func start(_ day: Int) -> (instant: Double, offset: Int) { starts[day - minDay] }

    /// Indices of day `d`'s cold launches, in time order.
    func coldLaunches(onDay day: Int) -> [Int] {
        let k = day - minDay
        return k >= 0 && k < coldByDay.count ? coldByDay[k] : []
    }
}
