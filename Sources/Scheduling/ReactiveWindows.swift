import FetchPlanner
import LaunchHistory
import UsageModel

extension SchedulingPolicy {
    /// The day's time-of-day plan as the reactive scheduler's windows: this pipeline's
    /// ``plan(_:)`` of `[context.dayStart, end)` at `budget` (the plan `reveille plan` and mode
    /// `daily` use), each window a fetch at its ``FetchPlan/Window/executeAt``, valued at its
    /// ``FetchPlan/Window/probability``. What ``ReactiveScheduler/beginDay(start:end:windows:)``
    /// takes where validation chose the model's windows (``ReactiveValidation/modelWindows``).
    /// A day without a whole slot (``holdsWholeSlot(from:to:)``) has no windows.
    public mutating func reactiveWindows(_ context: ForecastContext, end: Double, budget: Int) throws -> [FetchDecision] {
        guard holdsWholeSlot(from: context.dayStart, to: end) else { return [] }
        let request = ScheduleRequest(
            context: context, start: context.dayStart, end: end,
            offsetChanges: context.plannerOffsetChanges(dayEnd: end, from: context.dayStart), budgetPerDay: budget)
        return try plan(request).windows.filter { $0.executeAt < end }.map {
            FetchDecision(action: .fetch, app: $0.app, at: $0.executeAt, reason: .window, probability: $0.probability)
        }
    }
}
