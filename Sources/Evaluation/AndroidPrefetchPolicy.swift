import LaunchHistory
import ReveilleCore

/// Baseline `android-prefetch`: Android's own answer to "when should an app prefetch?" —
/// JobScheduler's prefetch constraint driven by UsageStats' estimated next launch.
///
/// Sources, from memory of AOSP (Android 12–14; not re-read for this implementation):
/// - `frameworks/base/services/usage/java/com/android/server/usage/UsageStatsService.java`,
///   `calculateEstimatedPackageLaunchTime` / `calculateNextLaunchTime`: over the app's
///   `ACTIVITY_RESUMED` events of the past week (`now − ONE_WEEK … now`), the first event `t`
///   whose next launch lies after `now`, where the next launch is `t + ONE_WEEK` when the
///   earliest of those events is more than `ONE_DAY` old ("the user opens an app at consistent
///   times, like clockwork") and `t + ONE_DAY` otherwise (a just-installed app). No event in the
///   week: `now + UNKNOWN_LAUNCH_TIME_DELAY_MS` (365 days), i.e. never soon.
/// - `frameworks/base/apex/jobscheduler/service/java/com/android/server/job/controllers/PrefetchController.java`:
///   a job built with `JobInfo.Builder.setPrefetch(true)` has its prefetch constraint satisfied
///   while the estimated launch is at most `PcConstants.DEFAULT_LAUNCH_TIME_THRESHOLD_MS`
///   (7 hours) away. (Android 14 adds a 20-minute `LAUNCH_TIME_ALLOWANCE`, not modelled.)
///
/// Policy, per app and local day `d` (daily mode; the estimate during day `d` depends only on
/// launches before `start(d)`, see ``estimate(at:launches:)``):
/// - the estimated launch `e(now)` is piecewise constant; each distinct value `e` the day sees
///   gives one job run;
/// - ``Timing/whenReady`` (the policy `android-prefetch`): JobScheduler runs a ready job at once, so
///   the fetch is at the first instant of the day where the estimate is `e` and `now ≥ e − 7 h`;
/// - ``Timing/beforeLaunch`` (`android-prefetch-late`): one second before `e`, the best placement
///   the prefetch window allows — it isolates the estimate's quality from JobScheduler's timing;
/// - at most `B` fetches, the earliest first (ties: app name), as ready jobs run in order.
///
/// One deviation: the estimate is made from cold launches only (tau apart, protocol
/// `reveille-v1`), not from every foreground event, so that a warm return to the app does not
/// spend a run of the budget. O(launches of the past 8 days · log) per day.
public struct AndroidPrefetchPolicy: FetchPolicy {
    /// When in the prefetch window the job runs.
    public enum Timing: String, Sendable, CaseIterable {
        /// As soon as the constraint is satisfied (JobScheduler's behaviour on an idle device).
        case whenReady
        /// One second before the estimated launch.
        case beforeLaunch
    }

    public let name: String
    /// The timing modelled.
    public let timing: Timing
    private var cache = _DayPlanCache()

    /// `UsageStatsService`'s look-back and clockwork shift, seconds (`ONE_WEEK`).
    public static let weekSeconds = 7.0 * 86_400
    /// The shift for an app with less than a day of history, seconds (`ONE_DAY`).
    public static let daySeconds = 86_400.0
    /// `PrefetchController`'s `DEFAULT_LAUNCH_TIME_THRESHOLD_MS`, seconds (7 h).
    public static let launchTimeThresholdSeconds = 7.0 * 3600

    /// The policy with `timing` (named `android-prefetch` or `android-prefetch-late`).
    public init(timing: Timing = .whenReady) {
        self.timing = timing
        self.name = timing == .whenReady ? "android-prefetch" : "android-prefetch-late"
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let timing = self.timing
        return cache.plan(context) { Self.dayPlan($0, timing: timing) }
    }

    /// `UsageStatsService`'s estimated next launch at `now` from one app's launch instants
    /// (ascending): with `F` the first launch `> now − 7 d`, `F + 7 d` when `now − F > 1 d`,
    /// else the first launch `t ≥ F` with `t + 1 d > now`, plus one day. `nil` when the week
    /// holds no launch (the 365-day "unknown" estimate). O(log n).
    public static func estimate(at now: Double, launches: [Double]) -> Double? {
        var lo = 0, hi = launches.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if launches[mid] <= now - weekSeconds { lo = mid + 1 } else { hi = mid }
        }
        guard lo < launches.count, launches[lo] <= now else { return nil }
        if now - launches[lo] > daySeconds { return launches[lo] + weekSeconds }
        for t in launches[lo...] where t <= now && t + daySeconds > now { return t + daySeconds }
        return nil
    }

    /// The job runs of one app in `[dayStart, dayEnd)` given its launch instants before
    /// `dayStart` (ascending): one per distinct estimate, at the time `timing` says. The
    /// estimate changes only at `t + 7 d` and `t + 1 d` for launches `t`; between those breaks it
    /// is constant. O(n log n).
    public static func runs(launches: [Double], dayStart: Double, dayEnd: Double, timing: Timing) -> [Double] {
        var breaks = [dayStart]
        for t in launches {
            for b in [t + weekSeconds, t + daySeconds] where b > dayStart && b < dayEnd { breaks.append(b) }
        }
        breaks = Array(Set(breaks)).sorted()
        var out: [Double] = []
        var done = Set<Double>()
        for (i, b) in breaks.enumerated() {
            // The estimate is constant on (b, next break); probe half a second in.
            guard let e = estimate(at: b + 0.5, launches: launches), !done.contains(e) else { continue }
            let end = i + 1 < breaks.count ? breaks[i + 1] : dayEnd
            switch timing {
            case .whenReady:
                let ready = max(b, e - launchTimeThresholdSeconds)
                guard ready < end else { continue }
                out.append(ready)
            case .beforeLaunch:
                let at = e - 1
                guard at >= dayStart, at < dayEnd, at >= e - launchTimeThresholdSeconds else { continue }
                out.append(at)
            }
            done.insert(e)
        }
        return out
    }

    /// The day's plan: every app's runs, the earliest `B` (ties: app name).
    static func dayPlan(_ context: PolicyContext, timing: Timing) -> PolicyPlan {
        let since = context.dayStart - weekSeconds - daySeconds - context.tauSeconds
        var lo = context.history.startIndex, hi = context.history.endIndex
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if context.history[mid].instant < since { lo = mid + 1 } else { hi = mid }
        }
        let tail = context.history[lo...].prefix { $0.instant < context.dayStart }
        let cold = ColdLaunches.scan(tail, tauSeconds: context.tauSeconds).cold
        var byApp: [String: [Double]] = [:]
        for (launch, isCold) in zip(tail, cold) where isCold { byApp[launch.app, default: []].append(launch.instant) }
        var fetches: [Fetch] = []
        for (app, instants) in byApp {
            for at in runs(launches: instants, dayStart: context.dayStart, dayEnd: context.dayEnd, timing: timing) {
                fetches.append(Fetch(app: app, instant: at))
            }
        }
        fetches.sort { ($0.instant, $0.app) < ($1.instant, $1.app) }
        return PolicyPlan(fetches: Array(fetches.prefix(max(0, context.budget))))
    }
}

extension PolicyRegistry {
    /// Registers `android-prefetch` (``AndroidPrefetchPolicy/Timing/whenReady``) and
    /// `android-prefetch-late` (``AndroidPrefetchPolicy/Timing/beforeLaunch``), every mode.
    public mutating func registerAndroidPrefetch() {
        register("android-prefetch") { _ in AndroidPrefetchPolicy(timing: .whenReady) }
        register("android-prefetch-late") { _ in AndroidPrefetchPolicy(timing: .beforeLaunch) }
    }
}
