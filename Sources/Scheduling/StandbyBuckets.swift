import LaunchHistory
import ReveilleCore

/// Android's App Standby bucket of an app, as `AppStandbyController` assigns it from the time
/// elapsed since the app's last use.
///
/// Source (from memory of AOSP, Android 12–13; not re-read for this implementation):
/// `frameworks/base/apex/jobscheduler/service/java/com/android/server/usage/AppStandbyController.java`
/// (`services/usage/java/com/android/server/usage/AppStandbyController.java` before Android 11),
/// `DEFAULT_ELAPSED_TIME_THRESHOLDS = {0, 12 h, 24 h, 48 h, 30 days}` paired with
/// `THRESHOLD_BUCKETS = {ACTIVE, WORKING_SET, FREQUENT, RARE, RESTRICTED}`: the bucket is the last
/// one whose threshold the elapsed time reaches. Android 11 used 4 days for RESTRICTED (with a
/// TODO to raise it); Android 12 raised it to 30 days.
///
/// What is left out, honestly: AOSP also requires the screen-on time since last use to reach
/// `DEFAULT_SCREEN_TIME_THRESHOLDS = {0, 0, 1 h, 2 h, 4 h}` (a launch history has no screen
/// time, so only the elapsed-time condition is applied, which can only demote earlier than a real
/// device), keeps an app ACTIVE for timeouts after notifications and sync adapters, lets OEMs and
/// the predictor (`AppStandbyInternal.setAppStandbyBucket` with `REASON_MAIN_PREDICTED`) override
/// the bucket, and exempts system and allow-listed apps.
public enum StandbyBucket: String, Sendable, Codable, CaseIterable, Comparable {
    case active
    case workingSet = "working_set"
    case frequent
    case rare
    case restricted

    /// Lower bounds of the elapsed time since last use, in seconds, in bucket order:
    /// 0, 12 h, 24 h, 48 h, 30 days (`AppStandbyController.DEFAULT_ELAPSED_TIME_THRESHOLDS`).
    public static let elapsedThresholdSeconds: [Double] = [0, 12 * 3600, 24 * 3600, 48 * 3600, 30 * 86_400]

    /// The bucket for `elapsedSeconds` since the app's last use: the last bucket whose threshold
    /// it reaches. A negative or non-finite elapsed time (a use in the future, bad data) is
    /// `active` for negatives and `restricted` for `+∞`; NaN is `restricted`. O(1).
    public static func forElapsed(_ elapsedSeconds: Double) -> StandbyBucket {
        guard !elapsedSeconds.isNaN else { return .restricted }
        var bucket = StandbyBucket.active
        for (b, threshold) in zip(allCases, elapsedThresholdSeconds) where elapsedSeconds >= threshold { bucket = b }
        return bucket
    }

    /// Most JobScheduler sessions the bucket allows per day, or `nil` when the quota does not bind
    /// at Reveille's budgets (`active`).
    ///
    /// From `QuotaController.QcConstants` (Android 12–13, from memory): at most
    /// `MAX_SESSION_COUNT_*` sessions per rolling `WINDOW_SIZE_*_MS`: working set 10 per 2 h,
    /// frequent 8 per 8 h, rare 3 per 24 h, restricted 1 per 24 h (active: 75 per 10 min). A
    /// fetch is one job and, run alone, one session; the per-day figure is `sessions × 24 h /
    /// window` — 120, 24, 3, 1 — a per-day reading of a rolling window (the window's spread
    /// within the day is not enforced).
    public var dailyJobQuota: Int? {
        switch self {
        case .active: return nil
        case .workingSet: return 120
        case .frequent: return 24
        case .rare: return 3
        case .restricted: return 1
        }
    }

    /// A plain sentence for `explain` and `inspect`.
    public var sentence: String {
        switch self {
        case .active: return "used in the last 12 hours"
        case .workingSet: return "last used 12–24 hours before"
        case .frequent: return "last used 24–48 hours before"
        case .rare: return "last used 2–30 days before"
        case .restricted: return "not used for 30 days or more"
        }
    }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (l: StandbyBucket, r: StandbyBucket) -> Bool { l.rank < r.rank }
}

/// Standby buckets computed from a launch history.
public enum StandbyBuckets {
    /// Each app's bucket at `instant` from its last launch strictly before it; apps with no
    /// launch before `instant` are absent (Android would place a newly installed app in
    /// `working_set`; a history cannot tell an install). O(launches before `instant`).
    public static func at(_ instant: Double, history: ArraySlice<LaunchEvent>) -> [String: StandbyBucket] {
        var last: [String: Double] = [:]
        for launch in history where launch.instant < instant {
            last[launch.app] = max(last[launch.app] ?? -Double.infinity, launch.instant)
        }
        return last.mapValues { StandbyBucket.forElapsed(instant - $0) }
    }

    /// Per app, its bucket at the start of each local day from the first day with a launch to
    /// `lastDay` (inclusive): the rows `inspect` prints. The day's start is local midnight under
    /// the offset of the last launch before it (the first launch's offset for the first day), as
    /// protocol `reveille-v1` turns days into instants. Empty for an empty history.
    /// O(days × apps + launches).
    public static func daily(_ launches: ArraySlice<LaunchEvent>, through lastDay: Int? = nil) -> [(day: Int, buckets: [String: StandbyBucket])] {
        guard let first = launches.first else { return [] }
        let end = lastDay ?? launches.reduce(first.localDay) { max($0, $1.localDay) }
        guard end >= first.localDay, end - first.localDay <= 366 * 50 else { return [] }
        var out: [(day: Int, buckets: [String: StandbyBucket])] = []
        var last: [String: Double] = [:]
        var i = launches.startIndex
        var offset = first.utcOffsetSeconds
        for day in first.localDay...end {
            let start = LocalClock.startOfDay(day, utcOffsetSeconds: offset)
            while i < launches.endIndex, launches[i].instant < start {
                last[launches[i].app] = launches[i].instant
                offset = launches[i].utcOffsetSeconds
                i += 1
            }
            let dayStart = LocalClock.startOfDay(day, utcOffsetSeconds: offset)
            out.append((day, last.mapValues { StandbyBucket.forElapsed(dayStart - $0) }))
        }
        return out
    }

    /// Per app, a daily fetch cap from its bucket's job quota (``StandbyBucket/dailyJobQuota``),
    /// for apps whose bucket has one: what ``PlatformRules/standbyBucketQuota`` applies.
    public static func dailyCaps(_ buckets: [String: StandbyBucket]) -> [String: Int] {
        buckets.compactMapValues(\.dailyJobQuota)
    }
}
