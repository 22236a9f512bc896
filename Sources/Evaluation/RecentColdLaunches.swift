import LaunchHistory
import ReveilleCore

/// The cold launches of "the last 28 days" before day `d` (protocol `reveille-v1`): local days
/// `d-28 ... d-1` on or after the device's first day, holding only launches with instant
/// `< start(d)`. Shared by the `interval` and `histogram` baselines.
struct _RecentColdLaunches: Sendable {
    /// `(app, local hour)` of each cold launch in the window, in time order.
    let launches: [(app: String, hour: Int)]
    /// Number of local days in the window: `min(28, d - first)`.
    let dayCount: Int

    /// Window length in days.
    static let windowDays = 28

    /// Scans only the tail of `context.history` that can matter: launches whose local day can be
    /// in the window lie at or after `(d-28) × 86400 − 18 h`, and their coldness depends on at
    /// most tau more. O(launches in the window).
    init(_ context: PolicyContext) {
        let firstWindowDay = Self.firstWindowDay(context)
        dayCount = max(0, context.localDay - firstWindowDay)
        let tail = Self.tail(context)
        let cold = ColdLaunches.scan(tail, tauSeconds: context.tauSeconds).cold
        var result: [(app: String, hour: Int)] = []
        for (k, launch) in tail.enumerated() where cold[k] {
            let day = launch.localDay
            guard day >= firstWindowDay, day < context.localDay, launch.instant < context.dayStart else { continue }
            result.append((launch.app, launch.localHour))
        }
        launches = result
    }

    /// The window's first local day: `max(first, d − 28)`.
    static func firstWindowDay(_ context: PolicyContext) -> Int {
        max(context.firstLocalDay, context.localDay - windowDays)
    }

    /// The tail of `context.history` from `startOfDay(firstWindowDay, +18 h) − tau` on: every
    /// launch whose local day can be in the window, and the launches that decide whether those are
    /// cold. O(log n).
    static func tail(_ context: PolicyContext) -> ArraySlice<LaunchEvent> {
        let lowest = LocalClock.startOfDay(firstWindowDay(context), utcOffsetSeconds: LocalClock.maximumOffsetSeconds)
            - context.tauSeconds
        let history = context.history
        var lo = history.startIndex, hi = history.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if history[mid].instant < lowest { lo = mid + 1 } else { hi = mid }
        }
        return history[lo...]
    }

    /// Cold launches per app in the window.
    var countsByApp: [String: Int] {
        var counts: [String: Int] = [:]
        for launch in launches { counts[launch.app, default: 0] += 1 }
        return counts
    }
}

/// State of a baseline built on the last-28-days window: the window, scanned once per day and
/// shared across budgets, and the current day plan.
struct _BaselineState: Sendable {
    private var day: Int?
    private var window: _RecentColdLaunches?
    private var cache = _DayPlanCache()

    /// The window's slice of the day plan `dayPlan` makes from the context and the window.
    mutating func plan(_ context: PolicyContext,
                       dayPlan: (PolicyContext, _RecentColdLaunches) -> PolicyPlan) -> PolicyPlan {
        let recent: _RecentColdLaunches
        if day == context.localDay, let window {
            recent = window
        } else {
            recent = _RecentColdLaunches(context)
            day = context.localDay
            window = recent
        }
        return cache.plan(context) { dayPlan($0, recent) }
    }
}

/// Caches a policy's whole-day plan so that online mode's hourly calls return its slice.
struct _DayPlanCache: Sendable {
    private var key: (day: Int, budget: Int)?
    private var plan = PolicyPlan(fetches: [])

    /// The fetches of the day plan inside the context's window, computing the plan on a new
    /// (day, budget) with `make`. Probabilities are returned on the day's first call only.
    mutating func plan(_ context: PolicyContext, make: (PolicyContext) throws -> PolicyPlan) rethrows -> PolicyPlan {
        if key?.day != context.localDay || key?.budget != context.budget {
            plan = try make(context)
            key = (context.localDay, context.budget)
        }
        let inWindow = plan.fetches.filter { $0.instant >= context.windowStart && $0.instant < context.windowEnd }
        return PolicyPlan(fetches: inWindow, hourlyProbabilities: context.isFirstCallOfDay ? plan.hourlyProbabilities : nil)
    }
}
