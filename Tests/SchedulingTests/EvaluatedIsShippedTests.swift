import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport
@testable import Evaluation

/// What `reveille evaluate` scores is what `reveille plan` ships: for every scored device-day, the
/// fetches the evaluator executes for `reveille` are exactly the windows the library's plan call
/// returns for that device and day, and (on sampled days) what the CLI's `plan` prints.
///
/// The default run covers every scored day of Android Wellbeing; `REVEILLE_FULL_REPLAY=1` adds
/// every scored day of StudentLife and of the bundled dataset (minutes in a debug build).
@Suite struct EvaluatedIsShippedTests {
    static var sets: [String] {
        var paths = [wellbeing]
        if ProcessInfo.processInfo.environment["REVEILLE_FULL_REPLAY"] == "1" {
            paths += [Fixtures.dataset("studentlife-small/launches.csv"),
                      Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path]
        }
        return paths
    }

    struct DayFetch: Hashable, Comparable {
        var instant: Double
        var app: String
        static func < (a: DayFetch, b: DayFetch) -> Bool { (a.instant, a.app) < (b.instant, b.app) }
    }

    static let wellbeing = Fixtures.dataset("android-wellbeing/launches.csv")

    /// Wellbeing's evaluated fetches at B = 8 (τ = 60), which three tests compare with: evaluated
    /// once per test run.
    static let wellbeingAt8 = Task { try await evaluated(try HistoryReader.read(path: wellbeing), budget: 8) }

    /// The evaluator's executed `reveille` fetches at `budget`, by device and local day.
    static func evaluated(_ history: LaunchHistory, budget: Int, tauMinutes: Double = 60) async throws -> [String: [Int: [DayFetch]]] {
        var options = EvaluationOptions()
        options.registry.registerReveille()
        options.policies = ["reveille"]
        options.budgets = [budget]
        options.tauMinutes = tauMinutes
        options.recordsFetches = true
        let report = try await Evaluator(options: options).evaluate(history).report
        var byDay: [String: [Int: [DayFetch]]] = [:]
        for f in report.executedFetches {
            byDay[f.device, default: [:]][f.localDay, default: []].append(DayFetch(instant: f.instant, app: f.app))
        }
        return byDay
    }

    /// The library's plan for day `d` of `device`, made as a user would: history before `start(d)`,
    /// horizon `[start(d), start(d+1))`.
    static func shipped(_ launches: ArraySlice<LaunchEvent>, device: String, start: Double, end: Double, offset: Int,
                        budget: Int, options: SchedulingOptions = SchedulingOptions()) throws -> [DayFetch] {
        var policy = try ReveillePolicy(options: options)
        let context = ForecastContext.planning(device: device, history: launches, start: start, utcOffsetSeconds: offset,
                                               tauSeconds: options.tauSeconds)
        // A day of another length than 24 h (travel) is still one local day: the library's rule
        // for the planner's clock on such a day.
        let plan = try policy.plan(ScheduleRequest(context: context, start: start, end: end,
                                                   offsetChanges: context.plannerOffsetChanges(dayEnd: end, from: start),
                                                   budgetPerDay: budget))
        return plan.windows.map { DayFetch(instant: $0.executeAt, app: $0.app) }.filter { $0.instant < end }.sorted()
    }

    @Test(arguments: sets)
    func everyScoredDayExecutesTheShippedPlan(_ path: String) async throws {
        let history = try HistoryReader.read(path: path)
        let evaluated = path == Self.wellbeing ? try await Self.wellbeingAt8.value : try await Self.evaluated(history, budget: 8)
        var days = 0
        for device in history.devices {
            let timeline = _DeviceTimeline(history: device, tauSeconds: 3600)
            guard let scored = timeline.scoredDays(warmupDays: 7, minimumScoredDays: 7) else { continue }
            let launches = Array(device.launches)[...]
            for day in scored {
                let (start, offset) = timeline.start(day)
                let shipped = try Self.shipped(launches, device: device.device, start: start, end: timeline.start(day + 1).instant,
                                               offset: offset, budget: 8)
                let executed = (evaluated[device.device]?[day] ?? []).sorted()
                #expect(executed == shipped, "\(device.device) day \(day)")
                days += 1
            }
        }
        #expect(days > 0)
    }

    /// `reveille plan --history <launches before start(d)> --from start(d) --hours 24 --budget 8`
    /// prints the windows the evaluator executes (sampled 24-hour days of Wellbeing).
    @Test func cliPlanPrintsTheEvaluatedFetches() async throws {
        let history = try HistoryReader.read(path: Self.wellbeing)
        let evaluated = try await Self.wellbeingAt8.value
        let device = try #require(history.devices.first)
        let timeline = _DeviceTimeline(history: device, tauSeconds: 3600)
        let scored = try #require(timeline.scoredDays(warmupDays: 7, minimumScoredDays: 7))
        let first = try #require(scored.first), last = try #require(scored.last)
        for day in [first, first + 9, last] {
            let (start, offset) = timeline.start(day)
            try #require(timeline.start(day + 1).instant - start == 86_400)
            let before = Array(device.launches).filter { $0.instant < start }
            let file = try Fixtures.temporaryFile(CanonicalCSVWriter.csv(before))
            let from = TimestampParser.formatISO(instant: start, utcOffsetSeconds: offset)
            let r = try CLIRunner.run(["plan", "--history", file, "--from", from, "--hours", "24", "--budget", "8", "-q"])
            #expect(r.status == 0, "\(r.stderr)")
            let printed = try Self.printedFetches(r.stdout, start: start)
            #expect(printed == (evaluated[device.device]?[day] ?? []).sorted(), "day \(day)")
            #expect(!printed.isEmpty)
        }
    }

    /// `evaluate --tau-minutes 30` fits, plans and scores with τ = 30: its executed fetches are
    /// the τ = 30 plans, not the default τ = 60 ones.
    @Test func tauReachesEveryStage() async throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        let evaluated = try await Self.evaluated(history, budget: 8, tauMinutes: 30)
        let device = try #require(history.devices.first)
        let timeline = _DeviceTimeline(history: device, tauSeconds: 1800)
        let scored = try #require(timeline.scoredDays(warmupDays: 7, minimumScoredDays: 7))
        var tau30 = SchedulingOptions()
        tau30.tauMinutes = 30
        var differsFromTau60 = false
        for day in scored.prefix(6) {
            let (start, offset) = timeline.start(day)
            let end = timeline.start(day + 1).instant
            let launches = Array(device.launches)[...]
            let shipped30 = try Self.shipped(launches, device: device.device, start: start, end: end, offset: offset, budget: 8, options: tau30)
            let shipped60 = try Self.shipped(launches, device: device.device, start: start, end: end, offset: offset, budget: 8)
            #expect((evaluated[device.device]?[day] ?? []).sorted() == shipped30, "day \(day)")
            if shipped30 != shipped60 { differsFromTau60 = true }
        }
        #expect(differsFromTau60)
    }

    /// `reveille train` on the launches before `start(d)`, then `reveille plan --model m --history h
    /// --from start(d)`, prints the windows the evaluator executes: the model file holds no
    /// recency state, and the history given at plan time gives it back exactly.
    @Test func cliPlanFromATrainedModelFilePrintsTheEvaluatedFetches() async throws {
        let history = try HistoryReader.read(path: Self.wellbeing)
        let evaluated = try await Self.wellbeingAt8.value
        let device = try #require(history.devices.first)
        let timeline = _DeviceTimeline(history: device, tauSeconds: 3600)
        let scored = try #require(timeline.scoredDays(warmupDays: 7, minimumScoredDays: 7))
        for day in [try #require(scored.first) + 4, try #require(scored.last)] {
            let (start, offset) = timeline.start(day)
            let before = Array(device.launches).filter { $0.instant < start }
            // The model is fitted for the day after the last launch: that must be day `d`.
            try #require(before.last.map { $0.localDay + 1 } == day)
            let file = try Fixtures.temporaryFile(CanonicalCSVWriter.csv(before))
            let model = try Fixtures.temporaryFile("", suffix: ".json")
            let trained = try CLIRunner.run(["train", file, "-o", model, "-q"])
            #expect(trained.status == 0, "\(trained.stderr)")
            let from = TimestampParser.formatISO(instant: start, utcOffsetSeconds: offset)
            let r = try CLIRunner.run(["plan", "--model", model, "--history", file, "--from", from, "--hours", "24", "--budget", "8", "-q"])
            #expect(r.status == 0, "\(r.stderr)")
            let printed = try Self.printedFetches(r.stdout, start: start)
            #expect(printed == (evaluated[device.device]?[day] ?? []).sorted(), "day \(day)")
            #expect(!printed.isEmpty)
            let text = try String(contentsOfFile: model, encoding: .utf8)
            #expect(!before.contains { text.contains(String(Int($0.instant))) })
        }
    }

    /// A printed schedule's windows as the evaluator's executed fetches (app and instant).
    static func printedFetches(_ stdout: String, start: Double) throws -> [DayFetch] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let windows = try #require(doc["windows"] as? [[String: Any]])
        return windows.compactMap { w -> DayFetch? in
            guard let at = w["atUnix"] as? Double, let app = w["app"] as? String else { return nil }
            return DayFetch(instant: at - 1 >= start ? at - 1 : at, app: app)
        }.sorted()
    }
}
