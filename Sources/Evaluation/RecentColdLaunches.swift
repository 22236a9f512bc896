import LaunchHistory
import ReveilleCore
import Scheduling

/// The protocol's last-28-days window as the baselines see it: Scheduling's
/// ``RecentColdLaunchWindow`` (the one the product forecaster reads), built from a policy context.
typealias _RecentColdLaunches = RecentColdLaunchWindow

extension RecentColdLaunchWindow {
    /// The window before `context`'s day.
    init(_ context: PolicyContext) {
        self.init(history: context.history, localDay: context.localDay, dayStart: context.dayStart,
                  firstLocalDay: context.firstLocalDay, tauSeconds: context.tauSeconds)
    }

    /// The window's first local day for `context`.
    static func firstWindowDay(_ context: PolicyContext) -> Int {
        firstDay(localDay: context.localDay, firstLocalDay: context.firstLocalDay)
    }

    /// The history tail that can matter to `context`'s window.
    static func tail(_ context: PolicyContext) -> ArraySlice<LaunchEvent> {
        tail(context.history, firstWindowDay: firstWindowDay(context), tauSeconds: context.tauSeconds)
    }
}

/// State of a baseline built on the last-28-days window: the device's cold launches indexed
/// once (``_ColdLaunchIndex``), the day's model made from the window once per day and shared
/// across budgets, and the current day plan.
struct _BaselineState<DayModel: Sendable>: Sendable {
    private var index = _ColdLaunchIndex()
    private var day: Int?
    private var model: DayModel?
    private var cache = _DayPlanCache()

    /// The window's slice of the day plan `dayPlan` makes from the context and the day's model
    /// (`makeModel` of the window, once per day).
    mutating func plan(_ context: PolicyContext, makeModel: (_BaselineWindow) -> DayModel,
                       dayPlan: (PolicyContext, DayModel) -> PolicyPlan) -> PolicyPlan {
        let current: DayModel
        if day == context.localDay, let model {
            current = model
        } else {
            index.update(context.history, tauSeconds: context.tauSeconds, facts: context.launchFacts)
            current = makeModel(index.window(context))
            day = context.localDay
            model = current
        }
        return cache.plan(context) { dayPlan($0, current) }
    }
}

/// Caches a policy's whole-day plans, one per budget, so that online mode's hourly calls
/// (each hour's budgets in turn) return their slice.
struct _DayPlanCache: Sendable {
    private var day: Int?
    /// The day's plans so far, by budget (a few budgets: a list searched in order).
    private var plans: [(budget: Int, plan: PolicyPlan)] = []

    /// The fetches of the day plan inside the context's window, computing the plan on a new
    /// (day, budget) with `make`. Probabilities are returned on the day's first call only.
    mutating func plan(_ context: PolicyContext, make: (PolicyContext) throws -> PolicyPlan) rethrows -> PolicyPlan {
        if day != context.localDay {
            day = nil
            plans = []
        }
        let plan: PolicyPlan
        if let known = plans.first(where: { $0.budget == context.budget }) {
            plan = known.plan
        } else {
            plan = try make(context)
            day = context.localDay
            plans.append((context.budget, plan))
        }
        let inWindow = plan.fetches.filter { $0.instant >= context.windowStart && $0.instant < context.windowEnd }
        return PolicyPlan(fetches: inWindow, hourlyProbabilities: context.isFirstCallOfDay ? plan.hourlyProbabilities : nil)
    }
}
