import ArgumentParser
import FetchPlanner
import LaunchHistory
import ReveilleCore
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
        guard pushSpacingHours.isFinite, pushSpacingHours >= 0 else { throw ValidationError("--push-spacing-hours must be ≥ 0") }
    }

    /// One plan per model (device order); a single plan is written bare, several as `{"plans": [...]}`.
    func plans(_ inputs: PlanInputs, _ h: PlanHorizon, common: CommonOptions) throws -> String {
        let app = self.app ?? ""
        var plans: [PushPlan] = []
        for m in inputs.models {
            if !m.apps.contains(app) { common.note("\(m.device): the model has never seen \(app); no pushes") }
            let p = m.slotProbabilities(from: h.start, utcOffsetSeconds: h.utcOffsetSeconds, slots: h.slotCount, slotSeconds: h.slotSeconds)
            let evidence = inputs.history?.device(m.device).flatMap {
                _ReasonEvidenceBuilder.evidence($0, before: h.start, utcOffsetSeconds: h.utcOffsetSeconds, tauSeconds: m.options.tauSeconds)[app]
            }
            let request = PushRequest(
                device: m.device, app: app, horizonStart: h.start, slotSeconds: h.slotSeconds,
                slotProbabilities: p[app] ?? [Double](repeating: 0, count: h.slotCount), utcOffsetSeconds: h.utcOffsetSeconds,
                tauSeconds: m.options.tauSeconds,
                rules: PushRules(maxPushesPerDay: pushesPerDay, minimumSpacingSeconds: pushSpacingHours * 3600),
                evidence: evidence, generatedAt: h.start)
            let plan = try PushPlanner.plan(request)
            common.note("\(m.device): \(plan.pushes.count) pushes for \(app), \(_fixed(plan.expectedCovered, 2)) expected launches served")
            plans.append(plan)
        }
        if plans.count == 1, let only = plans.first { return try only.jsonText() }
        return try DeterministicJSON.text(["plans": plans])
    }
}
