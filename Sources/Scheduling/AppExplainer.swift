import FetchPlanner
import LaunchHistory
import ReveilleCore

/// Builds an ``AppExplanation``: plans each coming local day of one device with
/// ``ReveillePolicy`` and reads one app's part of each plan.
///
/// The history is cut at the first day's start, and no launch is assumed after it: every day is
/// forecast from the same past (the model's recency features age), and the recent-use rule and
/// the standby bucket see the app as not opened again. Complexity: per day, one model fit and
/// one ``FetchPlanner/plan(_:method:)`` call.
public struct AppExplainer: Sendable {
    /// The pipeline's options. ``init(options:budgetPerDay:state:)`` keeps them as given; the
    /// CLI sets `rules.recentUseDays` to 7 so that `neverUsed` can bind.
    public var options: SchedulingOptions
    /// Energy units per local day (0…``PlanningBudget/maximumEnergyUnitsPerDay``).
    public var budgetPerDay: Int
    /// Device state and per-app settings (force-quit, refresh off, Low Power Mode…).
    public var state: DeviceState

    /// An explainer; see the properties.
    public init(options: SchedulingOptions = SchedulingOptions(), budgetPerDay: Int, state: DeviceState = DeviceState()) {
        self.options = options
        self.budgetPerDay = budgetPerDay
        self.state = state
    }

    /// What every explanation assumes, in words (also in the JSON).
    public func assumptions() -> [String] {
        let rules = options.rules
        var out = [
            "iOS's background-refresh policy is not public: this is Reveille's model of it (wake an app just before its forecast use, "
                + "one fetch serving the next \(Int(options.tauMinutes)) minutes), with the rules Apple documents, not Apple's scheduler.",
            "All apps of the device share \(budgetPerDay) fetches per local day; apps of higher expected value take the budget first"
                + (state.lowPowerMode ? "; Low Power Mode scales it to \(Int((Double(budgetPerDay) * 0.5 + 1e-9).rounded(.down)))." : "."),
            "Fetches of one app are at least \(Int(rules.minimumIntervalSeconds / 60)) minutes apart.",
            "The forecast is fitted on the history before the first day; no launch is assumed after it, so later days rest on older evidence.",
            "Standby buckets follow AOSP's elapsed-time thresholds since last use (12 h, 24 h, 48 h, 30 days); screen-on time is not in a launch history.",
        ]
        if let days = rules.recentUseDays {
            out.append("An app not opened in the \(days) days before a day is not woken that day (neverUsed).")
        }
        out.append(rules.standbyBucketQuota
                   ? "The standby bucket's JobScheduler quota caps the app's fetches per day (Android)."
                   : "The standby bucket is shown for Android, but its job quota is not applied (iOS has none).")
        return out
    }

    /// Explains `app` on `source`'s device for `days` local days from local day `firstDay`,
    /// whose midnights are instants under the one fixed `utcOffsetSeconds`: the same as
    /// ``explain(app:source:firstDay:clock:days:)`` on a clock without a zone.
    /// - Throws: ``SchedulingError`` for options or a horizon out of range; the planner's and
    ///   the model's errors.
    public func explain(app: String, source: DevicePlanningSource, firstDay: Int, utcOffsetSeconds: Int,
                        days: Int) throws -> AppExplanation {
        try explain(app: app, source: source, firstDay: firstDay,
                    clock: DeviceClock(zone: nil, fixedOffsetSeconds: utcOffsetSeconds), days: days)
    }

    /// Explains `app` on `source`'s device for `days` local days from local day `firstDay` on
    /// `clock` (a zone's DST changes, else one fixed offset).
    ///
    /// Each day `[start(d), start(d + 1))` runs from its own local midnight on the clock
    /// (``localMidnight(_:on:)``), so a day across a DST change is 23 or 25 hours long; it is
    /// planned, and each of its slots forecast, under the offset in effect at that instant
    /// (``ForecastContext/offsetChanges`` and ``ScheduleRequest/offsetChanges``, as
    /// `reveille plan --zone` does), and its start and windows are written with that offset.
    /// ``AppExplanation/utcOffset`` is the offset at the first day's start.
    /// - Throws: ``SchedulingError`` for options or a horizon out of range; the planner's and
    ///   the model's errors.
    public func explain(app: String, source: DevicePlanningSource, firstDay: Int, clock: DeviceClock,
                        days: Int) throws -> AppExplanation {
        let firstStart = Self.localMidnight(firstDay, on: clock)
        let past = source.launches.prefix { $0.instant < firstStart }
        let cut = DevicePlanningSource(device: source.device, model: source.model, launches: past)
        var policy = try cut.policy(options: options)
        var out: [AppExplanation.Day] = []
        var digest: String?
        var end = firstStart
        for k in 0..<max(0, days) {
            let start = end
            end = Self.localMidnight(firstDay + k + 1, on: clock)
            let offset = clock.offset(at: start), changes = clock.changes(from: start, to: end)
            var context = cut.context(start: start, utcOffsetSeconds: offset, tauSeconds: policy.options.tauSeconds)
            context.offsetChanges = changes
            let plan = try policy.plan(ScheduleRequest(context: context, start: start, end: end, offsetChanges: changes,
                                                       budgetPerDay: budgetPerDay, state: state, explains: true))
            if k == 0 { digest = plan.modelDigest }
            out.append(Self.day(app: app, plan: plan, start: start, localDay: firstDay + k, utcOffsetSeconds: offset,
                                bucket: StandbyBuckets.at(start, history: past)[app]))
        }
        let cold = ColdLaunches.scan(past, tauSeconds: policy.options.tauSeconds).cold
        let launches = zip(past, cold).filter { $0.0.app == app && $0.1 }.count
        let mean = out.isEmpty ? 0 : Double(out.reduce(0) { $0 + $1.wakes }) / Double(out.count)
        let offset = clock.offset(at: firstStart)
        return AppExplanation(schemaVersion: 1, device: source.device, app: app,
                              utcOffset: TimestampParser.formatOffset(offset), utcOffsetSeconds: offset,
                              budgetPerDay: budgetPerDay, modelDigest: digest, launchesBefore: launches,
                              assumptions: assumptions(), days: out, meanWakesPerDay: (mean * 1e6).rounded() / 1e6)
    }

    /// The first instant of local day `day` on `clock`: its local midnight
    /// (``DeviceClock/instant(localSeconds:)``). Where midnight itself is skipped (a zone that
    /// springs forward at 00:00), the day begins at that change, the first instant the clock
    /// shows the day. On a fixed offset: `day · 86400 − offset`.
    public static func localMidnight(_ day: Int, on clock: DeviceClock) -> Double {
        let t = clock.instant(localSeconds: LocalClock.startOfDay(day, utcOffsetSeconds: 0))
        guard LocalClock.day(localSeconds: LocalClock.localSeconds(instant: t, utcOffsetSeconds: clock.offset(at: t))) < day,
              let change = clock.changes(from: t, to: t + LocalClock.secondsPerDay).first else { return t }
        return change.at
    }

    /// One day's part of `plan` for `app`.
    static func day(app: String, plan: FetchPlan, start: Double, localDay: Int, utcOffsetSeconds: Int,
                    bucket: StandbyBucket?) -> AppExplanation.Day {
        let schedule = FetchSchedule(plan)
        let windows = schedule.windows.filter { $0.app == app }
        let served = plan.windows.filter { $0.app == app }.reduce(0.0) { $0 + $1.expectedHits }
        var whyNot: AppExplanation.WhyNot?
        if windows.isEmpty {
            if let left = schedule.leftOut.first(where: { $0.app == app }), let code = plan.leftOut.first(where: { $0.app == app })?.constraint {
                whyNot = .init(code: code, reason: left.detail)
            } else {
                whyNot = .init(code: .neverUsed, reason: "the app was never opened before this day; there is nothing to forecast from")
            }
        }
        return AppExplanation.Day(date: CSVText.date(day: localDay),
                                  start: TimestampParser.formatISO(instant: start, utcOffsetSeconds: utcOffsetSeconds),
                                  startUnix: start, standbyBucket: bucket?.rawValue, wakes: windows.count,
                                  expectedLaunchesServed: (served * 1e6).rounded() / 1e6, windows: windows, whyNot: whyNot)
    }
}
