import LaunchHistory
import ReveilleCore
@testable import Evaluation

/// Helpers for hand-made logs: UTC offset 0, day 0 = 2024-01-01.
enum Toy {
    static let day0 = 19_723

    /// The instant of `hour:minute` on toy day `day`.
    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Double {
        Double((day0 + day) * 86_400 + hour * 3600 + minute * 60)
    }

    static func launch(_ device: String = "d1", _ app: String, _ day: Int, _ hour: Int, _ minute: Int = 0) -> LaunchEvent {
        LaunchEvent(device: device, app: app, instant: at(day, hour, minute), utcOffsetSeconds: 0)
    }

    /// A context for toy day `day` of a device whose first day is toy day 0.
    static func context(_ history: [LaunchEvent], day: Int, budget: Int) -> PolicyContext {
        let start = at(day, 0), end = at(day + 1, 0)
        return PolicyContext(device: "d1", history: ArraySlice(history.filter { $0.instant < start }),
                             dayStart: start, dayEnd: end, windowStart: start, windowEnd: end,
                             utcOffsetSeconds: 0, localDay: day0 + day, budget: budget, remainingBudget: budget,
                             fetchesToday: [], tauSeconds: 3600, firstLocalDay: day0)
    }

    /// Options for toy logs: one warm-up day, one scored day is enough.
    static func options(_ policies: [String], budgets: [Int], registry: PolicyRegistry = .builtIn) -> EvaluationOptions {
        var options = EvaluationOptions()
        options.warmupDays = 1
        options.minimumScoredDays = 1
        options.policies = policies
        options.budgets = budgets
        options.registry = registry
        return options
    }
}

/// A policy that replays a fixed script: fetches and probabilities per (device, toy day).
struct ScriptedPolicy: FetchPolicy {
    let name = "scripted"
    let device: String
    let fetches: [String: [Int: [Fetch]]]
    var probabilities: [String: [Int: [String: [Double]]]] = [:]

    mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        let day = context.localDay - Toy.day0
        let all = fetches[device]?[day] ?? []
        let inWindow = all.filter { $0.instant >= context.windowStart && $0.instant < context.windowEnd }
        return PolicyPlan(fetches: Array(inWindow.prefix(context.remainingBudget)),
                          hourlyProbabilities: probabilities[device]?[day])
    }
}
