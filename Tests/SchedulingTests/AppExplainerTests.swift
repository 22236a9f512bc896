import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport

/// `explain` on a toy device (UTC): mail at 08:00 and news at 12:00 on each of days 0–13, old
/// once on day 0, weekly at 06, 10, 14, 18 and 22 h on days 9–11 only (so rare on day 14: last
/// used 50 h before). Day 14 is explained; each constraint code is made to bind.
@Suite struct AppExplainerTests {
    static let day0 = 19_723
    static let source: DevicePlanningSource = {
        var launches: [LaunchEvent] = [LaunchEvent(device: "d", app: "old", instant: Double(day0) * 86_400 + 7 * 3600, utcOffsetSeconds: 0)]
        for d in 0..<14 {
            for (app, hour) in [("mail", 8), ("news", 12)] {
                launches.append(LaunchEvent(device: "d", app: app, instant: Double(day0 + d) * 86_400 + Double(hour) * 3600, utcOffsetSeconds: 0))
            }
        }
        for d in 9...11 {
            for hour in [6, 10, 14, 18, 22] {
                launches.append(LaunchEvent(device: "d", app: "weekly", instant: Double(day0 + d) * 86_400 + Double(hour) * 3600, utcOffsetSeconds: 0))
            }
        }
        return DevicePlanningSource(device: "d", model: nil, launches: launches.sorted { $0.instant < $1.instant }[...])
    }()

    static func explain(_ app: String, budget: Int = 12, state: DeviceState = DeviceState(), quota: Bool = false,
                        days: Int = 1) throws -> AppExplanation {
        var options = SchedulingOptions()
        options.rules.recentUseDays = 7
        options.rules.standbyBucketQuota = quota
        return try AppExplainer(options: options, budgetPerDay: budget, state: state)
            .explain(app: app, source: source, firstDay: day0 + 14, utcOffsetSeconds: 0, days: days)
    }

    @Test func wakesJustBeforeTheHabitWithItsBucket() throws {
        let e = try Self.explain("mail", days: 2)
        let day = try #require(e.days.first)
        #expect(day.date == "2024-01-15" && day.standbyBucket == "working_set" && e.days[1].standbyBucket == "frequent")
        #expect(day.wakes >= 1 && day.whyNot == nil)
        let first = try #require(day.windows.first)
        #expect(first.atUnix <= Double(Self.day0 + 14) * 86_400 + 8 * 3600)
        // The window serving 08:00 names it as the next expected use, and says why.
        let eight = Double(Self.day0 + 14) * 86_400 + 8 * 3600
        let serving = try #require(day.windows.first { $0.nextExpectedUseUnix == eight })
        #expect(serving.reason == "opened on 10 of the last 10 weekdays at 08:00" && serving.reasonCode == "forecast")
        #expect(e.launchesBefore == 14 && e.modelDigest?.hasPrefix("sha256:") == true)
        #expect(try SchemaValidator(schema: "explain").errors(json: try e.jsonText()).isEmpty)
        #expect(e.text.contains("2024-01-15  working_set"))
    }

    @Test func neverUsedForAnAppIdleForAWeekOrUnknown() throws {
        let old = try Self.explain("old").days[0]
        #expect(old.whyNot?.code == .neverUsed && old.standbyBucket == "rare" && old.wakes == 0)
        let ghost = try Self.explain("ghost").days[0]
        #expect(ghost.whyNot?.code == .neverUsed && ghost.standbyBucket == nil)
    }

    @Test func settingsAndRulesAreNamed() throws {
        func code(_ settings: AppSettings, lowPower: Bool = false, budget: Int = 12) throws -> FetchSchedule.Constraint? {
            try Self.explain("mail", budget: budget, state: DeviceState(lowPowerMode: lowPower, apps: [settings])).days[0].whyNot?.code
        }
        #expect(try code(AppSettings(app: "mail", forceQuit: true)) == .forceQuit)
        #expect(try code(AppSettings(app: "mail", backgroundRefresh: false)) == .backgroundRefreshOff)
        #expect(try code(AppSettings(app: "mail", maxFetchesPerDay: 0)) == .dailyCap)
        #expect(try code(AppSettings(app: "mail", earliestBegin: Double(Self.day0 + 20) * 86_400)) == .notYetAllowed)
        #expect(try code(AppSettings(app: "mail"), budget: 0) == .budget)
        // Budget 1 in Low Power Mode is 0: the more valuable of mail and news lacks the unit Low
        // Power Mode took; the other lacks budget either way.
        let state = DeviceState(lowPowerMode: true)
        let codes = try ["mail", "news"].map { try Self.explain($0, budget: 1, state: state).days[0].whyNot?.code }
        #expect(Set(codes.compactMap { $0 }) == [.lowPower, .budget])
    }

    /// Weekly's bucket is rare on day 14 (3 jobs a day): with a roomy budget it gets more wakes
    /// than that without the quota, exactly 3 with it.
    @Test func standbyQuotaCapsWakes() throws {
        let free = try Self.explain("weekly", budget: 40).days[0]
        let capped = try Self.explain("weekly", budget: 40, quota: true).days[0]
        #expect(free.standbyBucket == "rare" && free.wakes > 3)
        #expect(capped.wakes == 3 && capped.whyNot == nil)
    }
}
