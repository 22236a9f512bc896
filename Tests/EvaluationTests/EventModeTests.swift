import Testing
import LaunchHistory
@testable import Evaluation

/// The rules of mode `event`, on hand-made days with known answers.
@Suite struct EventModeTests {
    /// Plans `startPlan` at `start(d)`, records every decision and answers with `answer`.
    struct Probe: EventDrivenPolicy {
        let name = "probe"
        var startPlan: [Fetch] = []
        var answer: @Sendable (EventContext) -> [Fetch] = { $0.pending }
        var seen: [EventContext] = []

        mutating func plan(_ context: PolicyContext) throws -> PolicyPlan { PolicyPlan(fetches: startPlan) }

        mutating func decide(_ context: EventContext) throws -> [Fetch] {
            seen.append(context)
            return answer(context)
        }
    }

    /// Day 1 (scored): `a` and `b` both at 10:00 (on a boundary, `a` first in file order), `a` at
    /// 13:30. Days 0 and 2 hold one launch each.
    static let launches = [
        Toy.launch("d1", "z", 0, 12), Toy.launch("d1", "a", 1, 10), Toy.launch("d1", "b", 1, 10),
        Toy.launch("d1", "a", 1, 13, 30), Toy.launch("d1", "z", 2, 12),
    ]

    static func day1(budget: Int = 4) -> _EventDay {
        let timeline = _DeviceTimeline(history: DeviceHistory(device: "d1", launches: launches), tauSeconds: 3600)
        return _EventDay(timeline: timeline, day: Toy.day0 + 1, budget: budget)
    }

    static func label(_ trigger: EventTrigger) -> String {
        switch trigger {
        case let .hourBoundary(hour): return "h\(hour)"
        case let .launch(event, index): return "\(event.app)#\(index)"
        }
    }

    static func evaluate(_ probe: Probe, budget: Int, launches: [LaunchEvent] = launches) async throws -> EvaluationReport {
        var registry = PolicyRegistry.builtIn
        registry.register("probe") { _ in probe }
        var options = Toy.options(["probe"], budgets: [budget], registry: registry)
        options.mode = .event
        return try await Evaluator(options: options).evaluate(LaunchHistory(events: launches)).report
    }

    @Test func boundaryComesFirstAtEqualInstantsAndLaunchesKeepFileOrder() {
        let expected = (1...10).map { "h\($0)" } + ["a#1", "b#2", "h11", "h12", "h13", "a#3"] + (14...23).map { "h\($0)" }
        #expect(Self.day1().triggers().map(Self.label) == expected)
    }

    @Test func executionBeforeEachDecisionAndWhatEachDecisionSees() throws {
        var day = Self.day1()
        let probe = Probe(answer: { c in
            if case let .launch(event, _) = c.trigger, event.app == "b" { return [Fetch(app: "x", instant: c.instant + 1)] }
            return c.pending
        })
        var policy: any EventDrivenPolicy = probe
        let start = [Fetch(app: "c", instant: Toy.at(1, 10)), Fetch(app: "d", instant: Toy.at(1, 9, 30))]
        let executed = try day.run(&policy, pending: start)
        let seen = try #require(policy as? Probe).seen
        let byLabel = Dictionary(seen.map { (Self.label($0.trigger), $0) }, uniquingKeysWith: { first, _ in first })
        // Boundary 10:00 executes f < 10:00 only: d (09:30) ran, c (10:00) is still pending.
        let h10 = try #require(byLabel["h10"])
        #expect(h10.executed.map(\.app) == ["d"] && h10.pending.map(\.app) == ["c"])
        #expect(h10.history.count == 1 && h10.earliestFetch == Toy.at(1, 10))
        // The launch at 10:00 executes f ≤ 10:00 and sees itself but not b at the same instant.
        let a = try #require(byLabel["a#1"])
        #expect(a.executed.map(\.app) == ["d", "c"] && a.pending.isEmpty)
        #expect(a.history.map(\.app) == ["z", "a"] && a.earliestFetch == Toy.at(1, 10) + 1 && a.remainingBudget == 2)
        #expect(try #require(byLabel["b#2"]).history.map(\.app) == ["z", "a", "b"])
        // b's answer x (10:00:01) replaced the list and ran before the 11:00 boundary.
        #expect(try #require(byLabel["h11"]).executed.map(\.app) == ["d", "c", "x"])
        #expect(executed.map(\.app) == ["d", "c", "x"])
        #expect(seen.count == 26)
    }

    @Test func endOfDayExecutesWhatRemains() throws {
        var day = Self.day1()
        var policy: any EventDrivenPolicy = Probe()
        let late = Fetch(app: "c", instant: Toy.at(1, 23, 59))
        #expect(try day.run(&policy, pending: [late]) == [late])
    }

    @Test func launchDecisionFetchesStartOneSecondLater() async throws {
        let now = Probe(answer: { c in c.launch == nil ? c.pending : [Fetch(app: "x", instant: c.instant)] })
        let t = Toy.at(1, 10)
        await #expect(throws: EvaluationError.fetchOutsideWindow(policy: "probe", device: "d1", localDay: Toy.day0 + 1,
                                                                instant: t, windowStart: t + 1, windowEnd: Toy.at(2, 0))) {
            try await Self.evaluate(now, budget: 4)
        }
        // T + 1 s is accepted and scores nothing here (no later cold launch of x).
        let next = Probe(answer: { c in c.launch == nil ? c.pending : [Fetch(app: "x", instant: c.instant + 1)] })
        let report = try await Self.evaluate(next, budget: 4)
        // b's 10:00:01 replaced a's before it ran, so two fetches ran: 10:00:01 and 13:30:01.
        #expect(report.result(policy: "probe", budget: 4)?.fetches == 2)
    }

    @Test func executedPlusPendingOverBudgetIsAnError() async throws {
        // B = 1: the start plan's 01:30 fetch has run by the 10:00 launch, which asks for one more.
        let probe = Probe(startPlan: [Fetch(app: "c", instant: Toy.at(1, 1, 30))], answer: { c in
            c.launch == nil ? c.pending : [Fetch(app: "x", instant: c.instant + 1)]
        })
        await #expect(throws: EvaluationError.planOverBudget(policy: "probe", device: "d1", localDay: Toy.day0 + 1,
                                                             budget: 1, remaining: 0, planned: 1)) {
            try await Self.evaluate(probe, budget: 1)
        }
    }

    /// One fetch at every boundary `T` (allowed: `f ≥ T` at a boundary): a day lengthened by a
    /// one-hour offset change has 25 boundaries, a shortened one 23.
    @Test(arguments: [(3600, 0, 25), (0, 3600, 23), (0, 0, 24)])
    func everyHourBoundaryIsADecision(from: Int, to: Int, boundaries: Int) async throws {
        func at(_ day: Int, _ hour: Int, offset: Int) -> LaunchEvent {
            LaunchEvent(device: "d1", app: "a", instant: Toy.at(day, hour) - Double(offset), utcOffsetSeconds: offset)
        }
        let launches = [at(0, 10, offset: from), at(1, 9, offset: from), at(1, 20, offset: to), at(2, 12, offset: to)]
        let timeline = _DeviceTimeline(history: DeviceHistory(device: "d1", launches: launches), tauSeconds: 3600)
        let length = timeline.start(Toy.day0 + 2).instant - timeline.start(Toy.day0 + 1).instant
        #expect(length == Double(boundaries) * 3600)
        let probe = Probe(startPlan: [Fetch(app: "a", instant: timeline.start(Toy.day0 + 1).instant)], answer: { c in
            c.launch == nil ? c.pending + [Fetch(app: "a", instant: c.instant)] : c.pending
        })
        let report = try await Self.evaluate(probe, budget: 30, launches: launches)
        #expect(report.result(policy: "probe", budget: 30)?.fetches == boundaries)
    }

    @Test func nonReactingPoliciesScoreTheSameAsDaily() async throws {
        let history = LaunchHistory(events: PolicyContractTests.randomLog(seed: 3) + PolicyContractTests.randomLog(seed: 4))
        var options = Toy.options(["interval", "histogram", "oracle"], budgets: [2, 5])
        let daily = try await Evaluator(options: options).evaluate(history).report
        options.mode = .event
        let event = try await Evaluator(options: options).evaluate(history).report
        #expect(daily.results == event.results)
        #expect(event.mode == .event)
    }
}
