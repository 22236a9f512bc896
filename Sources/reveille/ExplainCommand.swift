import ArgumentParser
import FetchPlanner
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Scheduling

/// How `reveille explain` writes its answer.
enum ExplanationFormat: String, ExpressibleByArgument, CaseIterable {
    /// Lines for people.
    case text
    /// `schemas/explain.schema.json`.
    case json
}

/// `reveille explain`: when the scheduler would wake one app over the coming days, and why not.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "For one app: when the scheduler would wake it each coming day, and the binding constraint where it would not.",
        discussion: """
            Plans every coming local day of the device with the product policy (as `reveille plan` does, all apps \
            competing for --budget) and reports the app's windows with their probabilities, the wakes per day, its \
            Android standby bucket, and on a day without a wake the binding constraint as a code and in words \
            (neverUsed, forceQuit, backgroundRefreshOff, lowPower, budget, minimumInterval, dailyCap, standbyBucket, …). \
            The model is fitted on the history before the first day; no launch is assumed after it. iOS's real \
            policy is not public: this is Reveille's model of it (the assumptions are printed).
            """
    )

    @OptionGroup var input: HistoryInputOptions

    @Option(help: "The app to explain (as named in the history).")
    var app: String

    @Option(help: "Device (default: the first device, by name, that opened the app).")
    var device: String?

    @Option(help: ArgumentHelp("First day, ISO 8601: the local day of that time on the device's clock (--zone, else the device's last offset); without an offset, a wall-clock time on that clock. Default: the day after the device's last launch.",
                               valueName: "iso-time"))
    var from: StartArgument?

    @Option(help: "Days to explain (1…31).")
    var days = 7

    @Option(help: "Energy units per local day for the whole device (one fetch costs 1).")
    var budget = 12

    @Option(help: "Device-state JSON (low power mode, per-app force-quit, background refresh, caps).")
    var state: String?

    @Option(help: "Apps not opened in this many days before a day are not woken (neverUsed); 0 turns the rule off.")
    var recentUseDays = 7

    @Flag(help: "Cap fetches by the Android standby bucket's JobScheduler quota.")
    var standbyQuota = false

    @Option(help: "Output format.")
    var format: ExplanationFormat = .text

    @OptionGroup var common: CommonOptions

    @Option(name: .shortAndLong, help: "Output file (- for standard output).")
    var output: String = "-"

    func validate() throws {
        guard (1...31).contains(days) else { throw ValidationError("--days must be in 1…31") }
        guard (0...PlanningBudget.maximumEnergyUnitsPerDay).contains(budget) else {
            throw ValidationError("--budget must be in 0…\(PlanningBudget.maximumEnergyUnitsPerDay)")
        }
        guard (0...365).contains(recentUseDays) else { throw ValidationError("--recent-use-days must be in 0…365") }
        guard !app.isEmpty else { throw ValidationError("--app must name an app") }
    }

    func run() throws {
        try runMappingErrors {
            let launches = try input.load(common)
            let source = try chooseSource(launches)
            guard let last = source.launches.last else { throw ValidationError("device '\(source.device)' has no launch") }
            // The device's clock (--zone, else the offset of its last launch):
            // each day starts at its own local midnight and is planned in its own offsets.
            var firstDay = last.localDay + 1, clock = source.clock(zone: input.timeZone)
            if let from {  // resolved as `plan --from` is, on the device's own clock
                let start = PlanHorizon(from: from, hours: days * 24, zone: input.timeZone).resolved(for: source)
                clock = start.clock
                firstDay = LocalClock.day(localSeconds: LocalClock.localSeconds(instant: start.start, utcOffsetSeconds: start.utcOffsetSeconds))
            }
            var options = SchedulingOptions()
            options.rules.recentUseDays = recentUseDays > 0 ? recentUseDays : nil
            options.rules.standbyBucketQuota = standbyQuota
            let deviceState = try state.map { try DeviceState.read(path: $0) } ?? DeviceState()
            let explainer = AppExplainer(options: options, budgetPerDay: budget, state: deviceState)
            let answer = try explainer.explain(app: app, source: source, firstDay: firstDay, clock: clock, days: days)
            common.note("\(app) on \(source.device): \(_fixed(answer.meanWakesPerDay, 2)) wakes per day over \(days) days")
            try AtomicFile.write(format == .json ? try answer.jsonText() : answer.text, to: output)
        }
    }

    /// The device to explain: `--device`, else the first device (by name) that opened the app,
    /// else the first device (noted on stderr).
    func chooseSource(_ history: LaunchHistory) throws -> DevicePlanningSource {
        let ids = history.devices.map(\.device).sorted()
        let chosen: String
        if let device {
            chosen = device
        } else if let holder = ids.first(where: { id in history.device(id)?.apps.contains(app) == true }) {
            chosen = holder
            if ids.count > 1 { common.note("explaining device \(holder), the first of \(ids.count) that opened \(app) (--device to choose)") }
        } else {
            guard let first = ids.first else { throw ValidationError("the history holds no launch") }
            chosen = first
            common.note("\(app) was never opened in the history; explaining device \(first)")
        }
        guard let source = try DevicePlanningSource.sources(modelFile: nil, history: history, device: chosen,
                                                            sourceName: input.history).first else {
            throw UnknownDeviceError(device: chosen, source: input.history, available: ids)
        }
        return source
    }
}
