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
        #expect(throws: EvaluationOptionsError.invalidOptions("budgets (--budget) must be one or more integers in 0…96")) { try options.validate() }
        options.budgets = [96]
        #expect(throws: Never.self) { try options.validate() }
        options.warmupDays = 100_000
        #expect(throws: EvaluationOptionsError.invalidOptions("warm-up days (--warmup-days) must be in 0…365 and minimum scored days ≥ 1")) {
            try options.validate()
        }
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

/// Regression tests of issue 15: replay work follows the launches, not the span between them.
@Suite struct SilenceTests {
    @Test func daysDeepInASilenceAreNotScored() throws {
        // Launches on days 0–9 and 100–109: days 7…38 (through 9 + 28) and 100…108 are scored.
        let days = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109]
        let scored = try #require(_DeviceTimeline.scoredDays(localDays: days, warmupDays: 7, minimumScoredDays: 7))
        #expect(scored == Array(7...37) + Array(100...108))
        #expect(_DeviceTimeline.scoredDays(localDays: Array(0...20), warmupDays: 7, minimumScoredDays: 7) == Array(7...19))
        #expect(_DeviceTimeline.scoredDays(localDays: Array(0...10), warmupDays: 7, minimumScoredDays: 7) == nil)
    }

    @Test func aClockResetDoesNotMakeEveryEmptyDayAReplay() throws {
        // One launch in 1990, then 20 days in 2024: 12,400 empty days between them.
        var events = [LaunchEvent(device: "d1", app: "x", instant: 631_238_400, utcOffsetSeconds: 0)]
        for day in 0..<20 { events.append(Toy.launch("d1", "a", day, 9)) }
        let options = Toy.options(["interval", "histogram", "oracle"], budgets: [4])
        let timeline = _DeviceTimeline(history: LaunchHistory(events: events).devices[0], tauSeconds: 3600)
        let scored = try #require(timeline.scoredDays(warmupDays: options.warmupDays, minimumScoredDays: options.minimumScoredDays))
        // Warm-up 1: the 28 days after the 1990 launch, then toy days 0…18 (the last day is not scored).
        #expect(scored.count == 28 + 19)
        #expect(Array(scored.suffix(19)) == Array(Toy.day0...(Toy.day0 + 18)))
    }
}
