import Testing
import LaunchHistory
@testable import Evaluation

/// Each executed fetch carries the decision point that scheduled it (`evaluate --fetches`'s
/// `reason` column), on the hand-made day of ``EventModeTests``.
@Suite struct FetchReasonTests {
    @Test func eachFetchKeepsTheReasonOfTheDecisionThatFirstReturnedIt() throws {
        var day = EventModeTests.day1(budget: 5)
        let probe = EventModeTests.Probe(answer: { c in
            switch c.trigger {
            case let .launch(event, _) where event.app == "b":
                return c.pending + [Fetch(app: "x", instant: c.instant + 1)]          // a launch trigger
            case .hourBoundary(hour: 12):
                return [Fetch(app: "y", instant: c.instant + 1800)] + c.pending       // a timer at 12:30
            default:
                return c.pending.reversed()                                           // re-ordering keeps reasons
            }
        })
        var policy: any EventDrivenPolicy = probe
        // Start-of-day plan: d at 09:30, c at 10:00 and e at 16:00.
        let start = [Fetch(app: "c", instant: Toy.at(1, 10)), Fetch(app: "d", instant: Toy.at(1, 9, 30)),
                     Fetch(app: "e", instant: Toy.at(1, 16))]
        let executed = try day.run(&policy, pending: start)
        #expect(executed.map(\.app) == ["d", "c", "x", "y", "e"])
        #expect(day.reasons == [.plan, .plan, .launch, .hour, .plan])
    }

    @Test func equalFetchesAreMatchedOneForOne() {
        let f = Fetch(app: "a", instant: 100), g = Fetch(app: "b", instant: 200)
        var origins = _FetchOrigins([f], reason: .plan)
        origins.replacePending(with: [f, f, g], newReason: .launch)   // one f was pending, the second is new
        #expect(origins.pending.map(\.reason) == [.plan, .launch, .launch])
        origins.execute(where: { $0.instant <= 100 })                // both f (same instant) ran
        #expect(origins.executed == [.plan, .launch])
        #expect(origins.pending.map(\.reason) == [.launch])
    }

    /// Due fetches need not be adjacent in the pending list: each executed entry takes its own
    /// reason along, in pending order, and the rest keep theirs.
    @Test func executingScatteredDueFetchesMovesTheirOwnReasons() {
        let a = Fetch(app: "a", instant: 100), b = Fetch(app: "b", instant: 300), c = Fetch(app: "c", instant: 200)
        var origins = _FetchOrigins([a], reason: .plan)
        origins.replacePending(with: [a, b], newReason: .launch)
        origins.replacePending(with: [a, b, c], newReason: .hour)
        origins.execute(where: { $0.instant < 250 })
        #expect(origins.executed == [.plan, .hour])
        #expect(origins.pending.map(\.fetch) == [b] && origins.pending.map(\.reason) == [.launch])
    }

    /// A decision that executes nothing, or returns the pending list unchanged, keeps every
    /// reason where it was (duplicates included): what matching fetch for fetch gives.
    @Test func unchangedPendingListKeepsItsReasons() {
        let f = Fetch(app: "a", instant: 100), g = Fetch(app: "b", instant: 200)
        var origins = _FetchOrigins([f], reason: .plan)
        origins.replacePending(with: [f, f, g], newReason: .launch)
        origins.replacePending(with: [f, f, g], newReason: .hour)     // unchanged: no reason moves
        #expect(origins.pending.map(\.reason) == [.plan, .launch, .launch])
        origins.execute(where: { $0.instant < 100 })                 // nothing ran
        #expect(origins.executed.isEmpty)
        #expect(origins.pending.map(\.fetch) == [f, f, g] && origins.pending.map(\.reason) == [.plan, .launch, .launch])
        origins.replacePending(with: [g, f, f], newReason: .hour)     // reordered: matched fetch for fetch
        #expect(origins.pending.map(\.reason) == [.launch, .plan, .launch])
    }

    @Test func dailyAndOnlineModesLabelPlansAndHourlyReplans() async throws {
        let launches = (0..<12).flatMap { day in [Toy.launch("d1", "a", day, 9), Toy.launch("d1", "b", day, 18)] }
        // Online: launches at 09:00 and 18:00 are planned by the re-plans at later hours.
        for (mode, expected) in [(EvaluationMode.daily, FetchReason.plan), (.online, .hour)] {
            var options = Toy.options(["histogram"], budgets: [4])
            options.mode = mode
            options.recordsFetches = true
            let report = try await Evaluator(options: options).evaluate(LaunchHistory(events: launches)).report
            #expect(!report.executedFetches.isEmpty)
            #expect(report.executedFetches.allSatisfy { $0.reason == expected }, "\(mode)")
        }
    }
}
