import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
@testable import Evaluation

/// A traveller across the date line is valid data and scores normally. Protocol `reveille-v1`'s
/// `start(d)` takes the offset of the last launch on an earlier day, so an eastward jump of 24
/// hours or more leaves a day with `start(d+1) ≤ start(d)` (no plan can hold a fetch: every
/// policy gets an empty plan for it), and a westward jump of more than 24 hours makes a day
/// longer than 48 hours (one budget, one push cap).
@Suite struct DatelineTests {
    /// Four cold launches of each of three apps a day at fixed local times, `days` (local day
    /// indices from ``Toy/day0``) at `offset`, in time order.
    static func launches(days: ClosedRange<Int>, offset: Int) -> [LaunchEvent] {
        let times: [(app: String, hour: Int, minute: Int)] = [
            ("mail", 7, 40), ("news", 8, 10), ("chat", 9, 5), ("mail", 11, 50), ("news", 12, 20), ("chat", 13, 35),
            ("mail", 16, 0), ("news", 17, 30), ("chat", 18, 15), ("mail", 20, 10), ("news", 21, 25), ("chat", 22, 40),
        ]
        return days.flatMap { day in
            times.map { LaunchEvent(device: "d1", app: $0.app, instant: Toy.at(day, $0.hour, $0.minute) - Double(offset),
                                    utcOffsetSeconds: offset) }
        }
    }

    /// Local days 0–9 at `from`, then days `10 + skipped` … 20 at `to`: eastward the calendar
    /// skips day 10 (−12:00 → +14:00; Samoa's −10:00 → +14:00 of 30 December 2011).
    static func eastward(from: Int, to: Int) -> LaunchHistory {
        LaunchHistory(events: launches(days: 0...9, offset: from) + launches(days: 11...20, offset: to))
    }

    /// Local days 0–9 at +14:00, then days 9 … 20 at −12:00: westward day 9 comes twice, and its
    /// replay day runs 50 hours.
    static let westward = LaunchHistory(events: launches(days: 0...9, offset: 14 * 3600)
        + launches(days: 9...20, offset: -12 * 3600))

    static func options(_ mode: EvaluationMode) -> EvaluationOptions {
        var options = EvaluationOptions()
        options.registry.registerReveille()
        options.mode = mode
        options.policies = ["reveille", "interval", "histogram", "oracle"] + (mode == .event ? ["markov"] : [])
        options.budgets = [4, 8]
        options.recordsFetches = true
        return options
    }

    /// Day 11's `start(d+1)` is at or before its `start(d)`: 2 hours before it for −12:00 → +14:00,
    /// at it for −10:00 → +14:00. Every policy scores every day, day 11 with no fetch.
    @Test(arguments: [(-12 * 3600, 14 * 3600, -2.0), (-10 * 3600, 14 * 3600, 0.0)], [EvaluationMode.daily, .online, .event])
    func anEastwardCrossingScoresEveryPolicy(offsets: (from: Int, to: Int, hours: Double), mode: EvaluationMode) async throws {
        let history = Self.eastward(from: offsets.from, to: offsets.to)
        let timeline = _DeviceTimeline(history: history.devices[0], tauSeconds: 3600)
        let emptied = Toy.day0 + 11
        #expect(timeline.start(emptied + 1).instant - timeline.start(emptied).instant == offsets.hours * 3600)
        let options = Self.options(mode)
        let (report, _) = try await Evaluator(options: options).evaluate(history)
        #expect(report.skippedDevices == 0 && report.deviceDays == 13)
        for policy in options.policies {
            for budget in options.budgets {
                let result = try #require(report.result(policy: policy, budget: budget), "\(policy) B=\(budget)")
                #expect(result.fetches > 0)
            }
        }
        #expect(!report.executedFetches.isEmpty && !report.executedFetches.contains { $0.localDay == emptied })
    }

    /// The push cap holds over the 50-hour replay day of a westward crossing (its planner saw
    /// three local days in it: 4 + 1 + 4 pushes), for every push policy.
    @Test func aWestwardCrossingKeepsThePushCapOverItsLongDay() throws {
        let device = Self.westward.devices[0]
        let timeline = _DeviceTimeline(history: device, tauSeconds: 3600)
        let long = Toy.day0 + 9
        #expect(timeline.start(long + 1).instant - timeline.start(long).instant == 50 * 3600)
        let options = PushEvaluationOptions()
        let days = try #require(timeline.scoredDays(warmupDays: options.warmupDays, minimumScoredDays: options.minimumScoredDays))
        #expect(days.contains(long))
        var replay = try _PushReplay(timeline: timeline, app: "chat", options: options, days: days)
        for (p, policy) in options.policies.enumerated() {
            for day in days {
                let pushes = try replay._dayPushes(p, day: day)
                #expect(pushes.count <= options.rules.maxPushesPerDay, "\(policy), day \(day - Toy.day0)")
            }
        }
        let report = try PushEvaluator.evaluate(Self.westward, app: "chat", options: options)
        #expect(report.pooled.map(\.policy) == options.policies && report.pooled.allSatisfy { $0.days == days.count })
    }

    /// The planner's offsets put every instant of a 50-hour day on its local day (the fetch
    /// planner's budget and the push planner's cap are counted per local day), from any start.
    @Test func plannerOffsetsPutA50HourDayOnOneLocalDay() {
        let day = Toy.day0 + 9
        let dayStart = LocalClock.startOfDay(day, utcOffsetSeconds: 14 * 3600)
        let dayEnd = LocalClock.startOfDay(day + 1, utcOffsetSeconds: -12 * 3600)
        let context = ForecastContext(device: "d1", history: [], dayStart: dayStart, localDay: day, firstLocalDay: day,
                                      utcOffsetSeconds: 14 * 3600, tauSeconds: 3600)
        var misplaced: [(from: Double, at: Double)] = []
        for from in stride(from: dayStart, to: dayEnd, by: 3 * 3600) {
            let local = context.plannerOffsets(dayEnd: dayEnd, from: from)
            let changes = context.plannerOffsetChanges(dayEnd: dayEnd, from: from)
            for t in stride(from: from, to: dayEnd, by: 900) {
                let offset = local.changes.last { $0.at <= t }?.utcOffsetSeconds ?? local.initial
                let requested = changes.last { $0.at <= t }?.utcOffsetSeconds ?? context.utcOffsetSeconds
                let onDay = LocalClock.day(localSeconds: LocalClock.localSeconds(instant: t, utcOffsetSeconds: offset)) == day
                if offset != requested || !onDay { misplaced.append(((from - dayStart) / 3600, (t - dayStart) / 3600)) }
            }
        }
        #expect(misplaced.isEmpty, "\(misplaced.count) instants off the day, first (from h, at h): \(misplaced.prefix(3))")
        let long = context.plannerOffsets(dayEnd: dayEnd, from: dayStart + 1)
        #expect(long.initial == 14 * 3600)
        #expect(long.changes == [OffsetChange(at: dayStart + 24 * 3600, utcOffsetSeconds: 12 * 3600),
                                 OffsetChange(at: dayStart + 26 * 3600, utcOffsetSeconds: -12 * 3600)])
    }
}
