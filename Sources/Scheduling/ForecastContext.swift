import FetchPlanner
import LaunchHistory
import ReveilleCore

/// What a forecaster may know when it forecasts from some instant: the device's launches before
/// that instant and the local day being planned.
///
/// The day is protocol `reveille-v1`'s: `localDay` is `d`, `dayStart` is `start(d)` (local
/// midnight under the offset in effect), and `firstLocalDay` the local day of the device's first
/// launch. Launches in `[dayStart, start)` are "today so far" (online and event replays).
public struct ForecastContext: Sendable {
    /// Device identifier.
    public var device: String
    /// Every launch of the device before the forecast's start, in time order.
    public var history: ArraySlice<LaunchEvent>
    /// `start(d)`, Unix seconds.
    public var dayStart: Double
    /// `d`: days since 1970-01-01 local.
    public var localDay: Int
    /// Local day of the device's first launch.
    public var firstLocalDay: Int
    /// The UTC offset that turned local midnight into `dayStart`, seconds east.
    public var utcOffsetSeconds: Int
    /// The freshness window `tau`, seconds.
    public var tauSeconds: Double
    /// The replay's per-launch facts of the device's whole history, of which ``history`` is a
    /// slice: the daily fit and the 28-day window read its cold flags and app indices instead of
    /// computing them again (the same values). `nil` unless the evaluator set it.
    package var launchFacts: LaunchFacts?
    /// Changes of the device's UTC offset known in advance (its time zone's DST transitions, as
    /// `reveille plan --zone` and `predict --zone` read them), in time order: a forecast reading
    /// past one takes each slot's local time under the offset in effect at the slot's start.
    /// Empty (the default): ``utcOffsetSeconds`` throughout, as in replays, which know a
    /// device's offsets only from its launches.
    public var offsetChanges: [OffsetChange] = []

    /// The offset of the local clock at `instant`: the last of ``offsetChanges`` at or before
    /// it, else ``utcOffsetSeconds``.
    public func utcOffsetSeconds(at instant: Double) -> Int {
        offsetChanges.last { $0.at <= instant }?.utcOffsetSeconds ?? utcOffsetSeconds
    }

    /// Creates a context; see the properties.
    public init(device: String, history: ArraySlice<LaunchEvent>, dayStart: Double, localDay: Int,
                firstLocalDay: Int, utcOffsetSeconds: Int, tauSeconds: Double) {
        self.device = device
        self.history = history
        self.dayStart = dayStart
        self.localDay = localDay
        self.firstLocalDay = firstLocalDay
        self.utcOffsetSeconds = utcOffsetSeconds
        self.tauSeconds = tauSeconds
    }

    /// The context of a plan starting at `start` with the local clock at `utcOffsetSeconds`:
    /// `d` is the local day of `start`, `start(d)` its local midnight under that offset, and the
    /// first day that of `history`'s first launch (`d` when the history is empty). Launches at or
    /// after `start` are left out.
    public static func planning(device: String, history: ArraySlice<LaunchEvent>, start: Double,
                                utcOffsetSeconds: Int, tauSeconds: Double) -> ForecastContext {
        let day = LocalClock.day(localSeconds: LocalClock.localSeconds(instant: start, utcOffsetSeconds: utcOffsetSeconds))
        var end = history.endIndex
        var lo = history.startIndex
        while lo < end {
            let mid = lo + (end - lo) / 2
            if history[mid].instant < start { lo = mid + 1 } else { end = mid }
        }
        let before = history[history.startIndex..<lo]
        return ForecastContext(device: device, history: before, dayStart: LocalClock.startOfDay(day, utcOffsetSeconds: utcOffsetSeconds),
                               localDay: day, firstLocalDay: before.first?.localDay ?? day,
                               utcOffsetSeconds: utcOffsetSeconds, tauSeconds: tauSeconds)
    }

    /// The launches before `dayStart` (what a once-a-day fit learns from).
    public var historyBeforeDay: ArraySlice<LaunchEvent> { history[history.startIndex..<_todayStart] }

    /// The launches of the day so far (`dayStart ≤ instant`).
    public var launchesToday: ArraySlice<LaunchEvent> { history[_todayStart...] }

    /// Where the day's launches begin: found from the end, since ``history`` is in time order and
    /// a day holds few of its launches (a forecast asks for them at every re-plan; scanning from
    /// the start read the whole history each time). O(launches today).
    private var _todayStart: Int {
        var i = history.endIndex
        while i > history.startIndex, history[i - 1].instant >= dayStart { i -= 1 }
        return i
    }

    /// The protocol's last-28-days window before the day.
    public var recentColdLaunches: RecentColdLaunchWindow {
        RecentColdLaunchWindow(history: history, localDay: localDay, dayStart: dayStart,
                               firstLocalDay: firstLocalDay, tauSeconds: tauSeconds, facts: launchFacts)
    }
}

/// Produces slot forecasts: per app, P(at least one cold launch in each slot), knowing only the
/// context's launches. The product forecaster is ``UsageModelForecaster``; the evaluator's
/// `bayes` forecaster reads the simulator's truth.
public protocol Forecaster: Sendable {
    /// `slotCount` slots of `slotSeconds` from `start` (at or after every launch of `context`).
    /// A forecaster may cache what it fitted for `context.localDay`.
    mutating func forecast(_ context: ForecastContext, from start: Double, slotCount: Int, slotSeconds: Double) throws -> SlotForecast
    /// `sha256:` and the hex SHA-256 of the model that forecasts `context`'s day, or `nil` when
    /// the forecaster has no model to name (the default).
    mutating func modelDigest(_ context: ForecastContext) throws -> String?
    /// Whether a day's forecasts depend on its context alone, not on the days forecast before:
    /// copies of the forecaster may then forecast different days concurrently, with the results
    /// of one value forecasting them in order. `false` unless a forecaster says so.
    var forecastsEachDayAlone: Bool { get }
}

extension Forecaster {
    public mutating func modelDigest(_ context: ForecastContext) throws -> String? { nil }
    public var forecastsEachDayAlone: Bool { false }
}

extension ForecastContext {
    /// The offsets under which a planner sees every instant of `[dayStart, dayEnd)` on local day
    /// `localDay`, so that its daily budget (or push cap) is the day's. A replay day is longer
    /// than 24 hours when the device moved west during it (a flight from +04:00 to +02:00 makes a
    /// 26-hour day): at `dayStart`'s offset its last hours would fall on the next local day and
    /// get a second budget. The next day's offset (the one `dayEnd` is local midnight in) is
    /// therefore in effect from `dayEnd − 24 h` on; shorter days need no change. A day longer
    /// than 48 hours (west across the date line: +14:00 to −12:00 makes a 50-hour day) would
    /// still leave `[dayStart + 24 h, dayEnd − 24 h)` on the next local day, so those hours get
    /// the next day's offset plus 24 hours (the next day's clock, one date earlier) from
    /// `dayStart + 24 h` on.
    /// - Parameter start: the plan's first instant (changes at or before it become the initial offset).
    public func plannerOffsets(dayEnd: Double, from start: Double) -> (initial: Int, changes: [OffsetChange]) {
        guard dayEnd - dayStart > LocalClock.secondsPerDay else { return (utcOffsetSeconds, []) }
        let next = LocalClock.startOfDay(localDay + 1, utcOffsetSeconds: 0) - dayEnd
        guard next.isFinite, abs(next) <= Double(LocalClock.maximumOffsetSeconds), next == next.rounded() else {
            return (utcOffsetSeconds, [])
        }
        var changes = [OffsetChange(at: dayEnd - LocalClock.secondsPerDay, utcOffsetSeconds: Int(next))]
        let dateEarlier = Int(next) + Int(LocalClock.secondsPerDay), middle = dayStart + LocalClock.secondsPerDay
        if middle < changes[0].at, LocalClock.isValidOffset(dateEarlier) {
            changes.insert(OffsetChange(at: middle, utcOffsetSeconds: dateEarlier), at: 0)
        }
        let passed = changes.prefix { $0.at <= start }
        return (passed.last?.utcOffsetSeconds ?? utcOffsetSeconds, Array(changes.dropFirst(passed.count)))
    }

    /// ``plannerOffsets(dayEnd:from:)`` as a change list for a request whose initial offset is
    /// the context's: the offset in effect at `start`, when it is another, is given as a change
    /// at `start` itself, before the later changes.
    public func plannerOffsetChanges(dayEnd: Double, from start: Double) -> [OffsetChange] {
        let local = plannerOffsets(dayEnd: dayEnd, from: start)
        return local.initial == utcOffsetSeconds ? local.changes
            : [OffsetChange(at: start, utcOffsetSeconds: local.initial)] + local.changes
    }
}
