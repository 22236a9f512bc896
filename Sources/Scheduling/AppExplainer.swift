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
    /// whose midnights are instants under `utcOffsetSeconds`.
    /// - Throws: ``SchedulingError`` for options or a horizon out of range; the planner's and
    ///   the model's errors.
    public func explain(app: String, source: DevicePlanningSource, firstDay: Int, utcOffsetSeconds: Int,
                        days: Int) throws -> AppExplanation {
        let firstStart = LocalClock.startOfDay(firstDay, utcOffsetSeconds: utcOffsetSeconds)
        let past = source.launches.prefix { $0.instant < firstStart }
        let cut = DevicePlanningSource(device: source.device, model: source.model, launches: past)
        var policy = try cut.policy(options: options)
        var out: [AppExplanation.Day] = []
        var digest: String?
        for k in 0..<max(0, days) {
            let start = LocalClock.startOfDay(firstDay + k, utcOffsetSeconds: utcOffsetSeconds)
            let end = LocalClock.startOfDay(firstDay + k + 1, utcOffsetSeconds: utcOffsetSeconds)
            let context = cut.context(start: start, utcOffsetSeconds: utcOffsetSeconds, tauSeconds: policy.options.tauSeconds)
            let plan = try policy.plan(ScheduleRequest(context: context, start: start, end: end, budgetPerDay: budgetPerDay,
                                                       state: state, explains: true))
            if k == 0 { digest = plan.modelDigest }
            out.append(Self.day(app: app, plan: plan, start: start, localDay: firstDay + k, utcOffsetSeconds: utcOffsetSeconds,
                                bucket: StandbyBuckets.at(start, history: past)[app]))
        }
        let cold = ColdLaunches.scan(past, tauSeconds: policy.options.tauSeconds).cold
        let launches = zip(past, cold).filter { $0.0.app == app && $0.1 }.count
        let mean = out.isEmpty ? 0 : Double(out.reduce(0) { $0 + $1.wakes }) / Double(out.count)
        return AppExplanation(schemaVersion: 1, device: source.device, app: app,
                              utcOffset: TimestampParser.formatOffset(utcOffsetSeconds), utcOffsetSeconds: utcOffsetSeconds,
                              budgetPerDay: budgetPerDay, modelDigest: digest, launchesBefore: launches,
                              assumptions: assumptions(), days: out, meanWakesPerDay: (mean * 1e6).rounded() / 1e6)
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
