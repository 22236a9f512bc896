import ArgumentParser
import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// `reveille plan --channel processing` options and output: windows where the device is likely
/// charging and idle.
struct ProcessingPlanOptions: ParsableArguments {
    @Option(help: "Plugged-in intervals CSV `device,start,end` (ISO 8601), e.g. from `reveille import knowledgec-plugged` (--channel processing).")
    var charging: String?

    @Option(help: "Least P(charging) × P(idle) for a slot to belong to a processing window (--channel processing).")
    var minProbability: Double = 0.5

    @Option(help: "Shortest processing window in minutes (--channel processing).")
    var minWindowMinutes: Double = 30

    func validate(channel: PlanChannel) throws {
        guard channel == .processing else { return }
        guard charging != nil else { throw ValidationError("--channel processing needs --charging plugged.csv") }
        guard minProbability > 0, minProbability <= 1 else { throw ValidationError("--min-probability must be in (0, 1]") }
        guard (0...527_040).contains(minWindowMinutes) else {
            throw ValidationError("--min-window-minutes must be a number of minutes in 0…527040 (a leap year)")
        }
    }

    /// One plan per model (device order); a single plan is written bare, several as `{"plans": [...]}`.
    func plans(_ inputs: PlanInputs, _ h: PlanHorizon, common: CommonOptions) throws -> String {
        let path = charging ?? "-"
        let intervals = try ChargingInterval.readCSV(path: path)
        var plans: [ProcessingPlan] = []
        for source in inputs.sources {
            let mine = intervals[source.device] ?? []
            var (policy, request) = try inputs.request(source, h, budget: 0)
            let forecast = try policy.forecast(request)
            let processingRequest = ProcessingRequest(
                device: source.device, horizonStart: forecast.horizonStart, slotSeconds: forecast.slotSeconds,
                slotCount: forecast.slotCount, utcOffsetSeconds: request.context.utcOffsetSeconds, appSlotProbabilities: forecast.probabilities,
                charging: try ChargingProfile.estimate(mine, slotSeconds: forecast.slotSeconds), minimumProbability: minProbability,
                minimumWindowSeconds: minWindowMinutes * 60, generatedAt: request.start)
            let plan = try ProcessingPlanner.plan(processingRequest)
            common.note("\(source.device): \(plan.windows.count) processing windows from \(mine.count) plugged-in intervals")
            plans.append(plan)
        }
        if plans.count == 1, let only = plans.first { return try only.jsonText() }
        return try DeterministicJSON.text(["plans": plans])
    }
}
