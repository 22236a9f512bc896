import ArgumentParser
import FetchPlanner
import Foundation
import LaunchHistory
import UsageModel

/// What `reveille plan` plans.
enum PlanChannel: String, ExpressibleByArgument, CaseIterable {
    /// Background-fetch windows for every app under the daily energy budget.
    case fetch
    /// Silent-push send times for one app (`--app`) under the push budget.
    case push
    /// Processing windows where the device is likely charging and idle (`--charging`).
    case processing
}

/// `reveille plan`: a schedule from a trained model file.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan background fetches (or silent pushes, or processing windows) from a model file.",
        discussion: """
            --channel fetch (default): per device, background-fetch windows just before expected use \
            under --budget energy units per local day, as schedule JSON (schemas/schedule.schema.json). \
            With several devices in the model and no --device, writes {"schedules": [...]} sorted by device. \
            The daily floor (on unless --no-daily-floor) gives every app launched in the 7 days before \
            --from at least one fetch per local day, inside the budget.
            --channel push --app ID: per device, when to send content-available pushes for one app \
            (schemas/push-plan.schema.json).
            --channel processing --charging plugged.csv: windows where the device is likely plugged in and idle \
            (schemas/processing-plan.schema.json).
            With several devices, push and processing plans are written as {"plans": [...]} sorted by device.
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(help: "Model file written by `reveille train`.")
    var model: String

    @Option(help: "Horizon start, ISO 8601 with offset, e.g. 2013-05-01T00:00:00-04:00 (its offset is the local clock).")
    var from: String

    @Option(help: "Hours to plan (1…168).")
    var hours = 24

    @Option(help: "Energy units per local day (one fetch costs 1).")
    var budget = 12

    @Option(help: "Device in the model file (default: every device).")
    var device: String?

    @Option(help: "Device-state JSON (low power mode, per-app settings, fetch results).")
    var state: String?

    @Option(help: "Launch history (canonical CSV/JSONL) for the reasons (\"opened on 18 of the last 20 weekdays…\") and the floor's recent apps.")
    var history: String?

    @Option(help: "Planning method.")
    var method: PlanningMethod = .best

    @Option(help: "Minutes an OS may begin a fetch before its instant.")
    var leadMinutes: Double = 10

    @Flag(inversion: .prefixedNo, help: "Guarantee every app launched in the last 7 days one fetch per local day.")
    var dailyFloor = true

    @Option(help: "Plan for: fetch, push or processing.")
    var channel: PlanChannel = .fetch

    @OptionGroup var push: PushPlanOptions

    @OptionGroup var processing: ProcessingPlanOptions

    @Option(name: .shortAndLong, help: "Output file (- for standard output).")
    var output: String = "-"

    func validate() throws {
        guard TimestampParser.parseValidISO(from) != nil else {
            throw ValidationError("--from must be an ISO 8601 time with an offset in the years 1990–2100, e.g. 2013-05-01T00:00:00-04:00")
        }
        guard (1...168).contains(hours) else { throw ValidationError("--hours must be in 1…168") }
        guard (0...PlanningBudget.maximumEnergyUnitsPerDay).contains(budget) else {
            throw ValidationError("--budget must be in 0…\(PlanningBudget.maximumEnergyUnitsPerDay)")
        }
        guard leadMinutes.isFinite, leadMinutes >= 0 else { throw ValidationError("--lead-minutes must be ≥ 0") }
        try push.validate(channel: channel)
        try processing.validate(channel: channel)
    }

    func run() throws {
        try runMappingErrors {
            guard let start = TimestampParser.parseISO(Array(from.utf8)[...]) else { throw ExitCode(64) }
            let inputs = try PlanInputs.load(model: model, device: device, history: history)
            let horizon = PlanHorizon(start: start.instant, utcOffsetSeconds: start.utcOffsetSeconds ?? 0, hours: hours)
            let text: String
            switch channel {
            case .fetch: text = try fetchPlans(inputs, horizon)
            case .push: text = try push.plans(inputs, horizon, common: common)
            case .processing: text = try processing.plans(inputs, horizon, common: common)
            }
            try AtomicFile.write(text, to: output)
        }
    }

    func fetchPlans(_ inputs: PlanInputs, _ horizon: PlanHorizon) throws -> String {
        let deviceState = try state.map { try DeviceState.read(path: $0) } ?? DeviceState()
        let rules = PlatformRules(leadMinutes: leadMinutes, dailyFloor: dailyFloor)
        var schedules: [FetchSchedule] = []
        for m in inputs.models {
            let request = inputs.fetchRequest(m, horizon: horizon, budget: Double(budget), rules: rules, state: deviceState)
            let schedule = try FetchPlanner.plan(request, method: method)
            common.note("\(m.device): \(schedule.windows.count) windows, \(_fixed(schedule.objective.expectedHits, 2)) expected hits"
                        + (dailyFloor ? ", floor for \(request.floorApps.count) apps" : ""))
            schedules.append(schedule)
        }
        if schedules.count == 1, let only = schedules.first { return try only.jsonText() }
        return try DeterministicJSON.text(["schedules": schedules])
    }
}

extension PlanningMethod: ExpressibleByArgument {}

