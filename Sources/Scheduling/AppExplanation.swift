import FetchPlanner
import ReveilleCore

/// One app's answer to "when will the OS wake my app, and why not?" over the coming days:
/// what `reveille explain` prints, as JSON (`schemas/explain.schema.json`) or text.
///
/// Each day is planned by ``ReveillePolicy`` exactly as `reveille plan` plans it (one
/// ``ScheduleRequest`` per local day, the whole device's apps competing for the budget); the
/// app's windows are taken from that plan, and on a day without one the plan's binding
/// constraint is reported as a code and in words. ``AppExplainer/assumptions`` states what the
/// model assumes — iOS's real policy is not public.
public struct AppExplanation: Sendable, Codable, Equatable {
    /// Version of this JSON layout (1).
    public var schemaVersion: Int
    /// The device and app explained.
    public var device: String
    public var app: String
    /// The device's UTC offset at the first day's start, `±HH:MM`, and in seconds.
    public var utcOffset: String
    public var utcOffsetSeconds: Int
    /// Energy units per local day for the whole device (one fetch costs 1).
    public var budgetPerDay: Int
    /// `sha256:…` of the usage model that forecast the first day (see ``FetchSchedule/modelDigest``);
    /// absent when the history before the first day is empty.
    public var modelDigest: String?
    /// The app's cold launches in the history before the first day.
    public var launchesBefore: Int
    /// Plain sentences stating what the answer assumes.
    public var assumptions: [String]
    /// One entry per coming local day, in order.
    public var days: [Day]
    /// Mean of ``Day/wakes`` over the days.
    public var meanWakesPerDay: Double

    /// One local day.
    public struct Day: Sendable, Codable, Equatable {
        /// The local date, `YYYY-MM-DD`, and its start (local midnight) as ISO-8601 and Unix seconds.
        public var date: String
        public var start: String
        public var startUnix: Double
        /// The app's Android App Standby bucket at the day's start if it is not opened again
        /// before then (``StandbyBucket``); absent when it was never opened.
        public var standbyBucket: String?
        /// How many times the scheduler would wake the app that day.
        public var wakes: Int
        /// Expected launches those wakes serve (the sum of their windows' `expectedHits`).
        public var expectedLaunchesServed: Double
        /// The windows, as in the schedule document (``FetchSchedule/Window``).
        public var windows: [FetchSchedule.Window]
        /// When ``wakes`` is 0: the binding constraint.
        public var whyNot: WhyNot?
    }

    /// Why the app gets no wake on a day: a code from ``FetchSchedule/Constraint``'s closed set
    /// (`neverUsed`, `forceQuit`, `backgroundRefreshOff`, `lowPower`, `budget`,
    /// `minimumInterval`, `dailyCap`, `standbyBucket`, `notYetAllowed`, `rateLimit`,
    /// `dataBudget`, `lowValue`) and a sentence.
    public struct WhyNot: Sendable, Codable, Equatable {
        public var code: FetchSchedule.Constraint
        public var reason: String
    }

    /// The JSON text: sorted keys, pretty-printed, final newline.
    public func jsonText() throws -> String { try DeterministicJSON.text(self) }
}
