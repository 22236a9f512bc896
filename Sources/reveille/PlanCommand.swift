import ArgumentParser
import FetchPlanner
import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Scheduling
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
        abstract: "Plan background fetches (or silent pushes, or processing windows) from a history or a model file.",
        discussion: """
            --channel fetch (default): per device, background-fetch windows just before expected use \
            under --budget energy units per local day, as schedule JSON (schemas/schedule.schema.json). \
            With several devices in the model and no --device, writes {"schedules": [...]} sorted by device. \
            The policy is the one `reveille evaluate` scores as `reveille`; without --model it is fitted \
            on --history before --from. The daily floor (off unless --daily-floor or the rules file turn \
            it on, as in the evaluated policy) gives every app launched in the 7 days before --from at \
            least one fetch per local day, inside the budget.
            --channel push --app ID: per device, when to send content-available pushes for one app \
            (schemas/push-plan.schema.json).
            --channel processing --charging plugged.csv: windows where the device is likely plugged in and idle \
            (schemas/processing-plan.schema.json).
            With several devices, push and processing plans are written as {"plans": [...]} sorted by device.

            Examples:
              reveille plan --history launches.csv --device u00 --from 2013-05-01T00:00:00-04:00 --budget 8
              reveille plan --model model.json --from 2024-04-08T00:00:00-04:00 --hours 48 --zone America/New_York -o schedule.json
              reveille plan --model model.json --from 2024-04-08T00:00:00-04:00 --rules rules.json --daily-floor
              reveille plan --model model.json --from 2024-04-08T00:00:00-04:00 --channel push --app com.example.news
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(help: "Model file written by `reveille train` (without it, the model is fitted on --history before --from, as `reveille evaluate` does).")
    var model: String?

    @Option(help: ArgumentHelp("Horizon start, a real date in the years 1990–2100, ISO 8601: with an offset (2013-05-01T00:00:00-04:00) one instant for every device, without (2013-05-01T00:00:00) that time on each device's clock. Each device is planned in its own local time.",
                               valueName: "iso-time"))
    var from: StartArgument

    @Option(help: ArgumentHelp("Every device's time zone (IANA, e.g. America/New_York; default: the model's zone, else its last offset): its DST changes inside the horizon reach the planner, and --history's Unix times without an offset are read in it.",
                               valueName: "zone"))
    var zone: String?

    @Option(help: ArgumentHelp("Platform rules JSON (every PlatformRules field; schemas/rules.schema.json). --lead-minutes and --daily-floor override it.",
                               valueName: "rules.json"))
    var rules: String?

    @Option(help: "Hours to plan (1…168).")
    var hours = 24

    @Option(help: "Energy units per local day (one fetch costs 1).")
    var budget = 12

    @Option(help: "Device in the model file (default: every device).")
    var device: String?

    @Option(help: "Device-state JSON (low power mode, per-app settings, fetch results).")
    var state: String?

    @Option(help: "Launch history (CSV, JSONL or LSApp TSV by extension; Unix times without an offset need --zone) for the reasons (\"opened on 18 of the last 20 weekdays…\") and the floor's recent apps.")
    var history: String?

    @Option(help: "Planning method.")
    var method: PlanningMethod = .best

    @Option(help: "Minutes an OS may begin a fetch before its instant (default: the rules', 10).")
    var leadMinutes: Double?

    @Flag(inversion: .prefixedNo, help: "Guarantee every app launched in the last 7 days one fetch per local day (default: the rules', off as in the evaluated policy).")
    var dailyFloor: Bool?

    @Option(help: "Plan for: fetch, push or processing.")
    var channel: PlanChannel = .fetch

    @OptionGroup var push: PushPlanOptions

    @OptionGroup var processing: ProcessingPlanOptions

    @Option(name: .shortAndLong, help: "Output file (- for standard output).")
    var output: String = "-"

    @Flag(help: "With --history (canonical CSV sorted by device, - for standard input) and no --model: read one device at a time and write JSON Lines, one fetch schedule per device as soon as it is planned.")
    var stream = false

    func validate() throws {
        if let zone, TimeZone(identifier: zone) == nil {
            throw ValidationError("--zone must be an IANA time zone such as America/New_York, got '\(zone)'")
        }
        guard (1...168).contains(hours) else { throw ValidationError("--hours must be in 1…168") }
        guard (0...PlanningBudget.maximumEnergyUnitsPerDay).contains(budget) else {
            throw ValidationError("--budget must be in 0…\(PlanningBudget.maximumEnergyUnitsPerDay)")
        }
        if let leadMinutes, !(leadMinutes.isFinite && leadMinutes >= 0 && leadMinutes <= 1440) {
            throw ValidationError("--lead-minutes must be in 0…1440")
        }
        guard model != nil || history != nil else { throw ValidationError("give --model, --history, or both") }
        if stream, model != nil || history == nil || channel != .fetch {
            throw ValidationError("--stream plans fetches from --history alone (no --model, --channel fetch)")
        }
        try push.validate(channel: channel)
        try processing.validate(channel: channel)
    }

    func run() throws {
        try runMappingErrors {
            var options = SchedulingOptions()
            options.method = method
            options.rules = try rules.map { try PlatformRules.read(path: $0) } ?? options.rules
            if let leadMinutes { options.rules.leadMinutes = leadMinutes }
            if let dailyFloor { options.rules.dailyFloor = dailyFloor }
            let horizon = PlanHorizon(from: from, hours: hours, zone: zone.flatMap { TimeZone(identifier: $0) })
            if stream { return try streamFetchPlans(options, horizon) }
            var inputs = try PlanInputs.load(model: model, history: history, device: device,
                                              zone: horizon.zone, options: options)
            inputs.warn = common.warn
            if model != nil, history == nil {
                common.note("no --history: recency features (last launch, recent cold launches) see none; give --history for them")
            }
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
        let schedules = try inputs.sources.map { try fetchSchedule(inputs, $0, horizon, deviceState) }
        if schedules.count == 1, let only = schedules.first { return try only.jsonText() }
        return try DeterministicJSON.text(["schedules": schedules])
    }

    /// One device's fetch schedule over `horizon`.
    func fetchSchedule(_ inputs: PlanInputs, _ source: DevicePlanningSource, _ horizon: PlanHorizon, _ deviceState: DeviceState) throws -> FetchSchedule {
        var (policy, request) = try inputs.request(source, horizon, budget: budget, state: deviceState)
        let plan = try policy.plan(request)
        common.note("\(source.device): \(plan.windows.count) windows, \(_fixed(plan.expectedHits, 2)) expected hits"
                    + (inputs.options.rules.dailyFloor ? ", floor for \(plan.floorApps.count) apps" : ""))
        return FetchSchedule(plan)
    }
}

extension PlanningMethod: ExpressibleByArgument {}

