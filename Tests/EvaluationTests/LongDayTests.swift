import ReveilleCore
import FetchPlanner
import Foundation
import LaunchHistory
import Scheduling
import Testing
import TestSupport
@testable import Evaluation

/// Regression tests of issue 15: a local day longer than 24 hours (a flight west) keeps the push
/// cap, and the evaluation options have documented bounds.
@Suite struct LongDayTests {
    /// App `a` every 30 minutes, 06:00–23:30 local, at +04:00 on days 0–9 and at +02:00 after: the
    /// replay day 9 runs from midnight +04:00 to midnight +02:00, 26 hours.
    static let flight: LaunchHistory = {
        var events: [LaunchEvent] = []
        for day in 0..<14 {
            let offset = day < 10 ? 4 * 3600 : 2 * 3600
            for half in 12..<48 {
                let local = Double((Toy.day0 + day) * 86_400 + half * 1800)
                events.append(LaunchEvent(device: "d1", app: "a", instant: local - Double(offset), utcOffsetSeconds: offset))
            }
        }
        return LaunchHistory(events: events)
    }()

    @Test func theModelKeepsThePushCapOnA26HourDay() throws {
        var options = PushEvaluationTests.options(pushes: 4, spacingHours: 1)
        options.policies = ["model"]
        let report = try PushEvaluator.evaluate(Self.flight, app: "a", options: options)
        let model = try #require(report.pooled.first)
        #expect(model.days == 12)
        #expect(model.pushes <= 4 * model.days)
    }

    @Test func plannerOffsetsPutALongDayOnOneLocalDay() {
        let day = Toy.day0 + 9
        let dayStart = LocalClock.startOfDay(day, utcOffsetSeconds: 4 * 3600)
        let dayEnd = LocalClock.startOfDay(day + 1, utcOffsetSeconds: 2 * 3600)
        #expect(dayEnd - dayStart == 26 * 3600)
        let context = ForecastContext(device: "d", history: [], dayStart: dayStart, localDay: day, firstLocalDay: day,
                                      utcOffsetSeconds: 4 * 3600, tauSeconds: 3600)
        let long = context.plannerOffsets(dayEnd: dayEnd, from: dayStart + 1)
        #expect(long.initial == 4 * 3600)
        #expect(long.changes == [OffsetChange(at: dayStart + 2 * 3600, utcOffsetSeconds: 2 * 3600)])
        let late = context.plannerOffsets(dayEnd: dayEnd, from: dayStart + 5 * 3600)
        #expect(late.initial == 2 * 3600 && late.changes.isEmpty)
        let normal = context.plannerOffsets(dayEnd: dayStart + 86_400, from: dayStart + 1)
        #expect(normal.initial == 4 * 3600 && normal.changes.isEmpty)
    }

    @Test func budgetsAndPushCapsHaveUpperBounds() {
        var options = EvaluationOptions()
        options.budgets = [4, 97]
        #expect(throws: EvaluationOptionsError.invalidOptions("budgets must be one or more integers in 0…96")) { try options.validate() }
        options.budgets = [96]
        #expect(throws: Never.self) { try options.validate() }
        var push = PushEvaluationOptions()
        push.rules.maxPushesPerDay = 289
        #expect(throws: EvaluationOptionsError.self) { try push.validate() }
    }

    @Test func aDeferredPolicyAloneIsEnough() throws {
        var options = EvaluationOptions()
        options.policies = ["bayes"]
        #expect(throws: Never.self) { try options.validate(deferring: ["bayes"]) }
        #expect(throws: EvaluationOptionsError.self) { try options.validate() }
    }
}
