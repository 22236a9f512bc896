import ArgumentParser
import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

/// `reveille plan --channel push` options and output: per device, when to send silent pushes.
struct PushPlanOptions: ParsableArguments {
    @Option(help: "App whose server sends silent pushes (required with --channel push).")
    var app: String?

    @Option(help: "Push budget: at most this many pushes per local day (--channel push).")
    var pushesPerDay = 4

    @Option(help: "Push budget: at least this many hours between pushes (--channel push).")
    var pushSpacingHours: Double = 3

    func validate(channel: PlanChannel) throws {
        guard channel == .push else { return }
        guard app != nil else { throw ValidationError("--channel push needs --app ID") }
        guard (0...288).contains(pushesPerDay) else { throw ValidationError("--pushes-per-day must be in 0…288") }
        guard (0...8_784).contains(pushSpacingHours) else {
            throw ValidationError("--push-spacing-hours must be a number of hours in 0…8784 (a leap year)")
        }
    }

    /// One plan per model (device order); a single plan is written bare, several as `{"plans": [...]}`.
    func plans(_ inputs: PlanInputs, _ h: PlanHorizon, common: CommonOptions) throws -> String {
        let app = self.app ?? ""
        var plans: [PushPlan] = []
        for source in inputs.sources {
            var (policy, request) = try inputs.request(source, h, budget: 0)
            let forecast = try policy.forecast(request)
            if forecast.probabilities(of: app) == nil { common.note("\(source.device): the forecast has never seen \(app); no pushes") }
            let pushRequest = PushRequest(
                device: source.device, app: app, horizonStart: forecast.horizonStart, slotSeconds: forecast.slotSeconds,
                slotProbabilities: forecast.probabilities(of: app) ?? [Double](repeating: 0, count: forecast.slotCount),
                utcOffsetSeconds: request.context.utcOffsetSeconds, tauSeconds: policy.options.tauSeconds,
                rules: PushRules(maxPushesPerDay: pushesPerDay, minimumSpacingSeconds: pushSpacingHours * 3600),
                evidence: ReasonEvidenceBuilder.evidence(request.context, tauSeconds: policy.options.tauSeconds)[app],
                generatedAt: request.start)
            let plan = try PushPlanner.plan(pushRequest)
            common.note("\(source.device): \(plan.pushes.count) pushes for \(app), \(_fixed(plan.expectedCovered, 2)) expected launches served")
            plans.append(plan)
        }
        if plans.count == 1, let only = plans.first { return try only.jsonText() }
        return try DeterministicJSON.text(["plans": plans])
    }
}
