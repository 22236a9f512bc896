import ArgumentParser
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Scheduling
import UsageModel

/// `reveille train`: fits one usage model per device and writes them as one JSON model file.
struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Fit a usage model per device and write a versioned JSON model file.",
        discussion: """
            The file is {"devices": {ID: model}, "schemaVersion": 2} with sorted keys \
            (docs/model-file.md); each model holds aggregates and coefficients, never a launch time, \
            and the device's clock (--zone, else its last UTC offset), in which `plan` and `predict` \
            plan it. Recency (when each app was last used) is personal data and stays out of the \
            file: give `plan --history` for it. Notes on automatic choices go to stderr.

            Examples:
              reveille train Datasets/default/launches.csv -o model.json
              reveille train launches.csv --device u00 --tau-minutes 30 -o u00.json
              sort -t, -k1,1 -s launches.csv | reveille train - --stream -o models.jsonl
            """
    )

    @OptionGroup var input: HistoryInputOptions
    @OptionGroup var common: CommonOptions

    @Option(name: .shortAndLong, help: "Output model file (- for standard output).")
    var output: String

    @Option(help: "Fit only this device (default: every device).")
    var device: String?

    @Option(help: "Freshness window tau in minutes.")
    var tauMinutes: Double = 60

    @Option(help: "Half-life of the recency weight, in days.")
    var halfLifeDays: Double = UsageModelOptions().halfLifeDays

    func validate() throws {
        guard (5...1440).contains(tauMinutes), tauMinutes.truncatingRemainder(dividingBy: UsageModelOptions.trainedTauStepMinutes) == 0 else {
            throw ValidationError("--tau-minutes must be a multiple of 5 in 5…1440")
        }
        guard halfLifeDays > 0 else { throw ValidationError("--half-life-days must be positive") }
    }

    @Flag(help: "Write JSON Lines, one single-device model file per line as each device is fitted, reading the history one device at a time (canonical CSV sorted by device, - for standard input).")
    var stream = false

    /// The options the flags describe.
    var schedulingOptions: SchedulingOptions {
        var options = SchedulingOptions()
        options.tauMinutes = tauMinutes
        options.usageModel.halfLifeDays = halfLifeDays
        return options
    }

    func run() throws {
        try runMappingErrors {
            if stream { return try runStreaming() }
            let history = try input.load(common)
            let options = schedulingOptions
            if let note = options.planningSlotNote { common.note(note) }
            let selected = try history.only(device: device, source: input.history).devices
            var models: [String: UsageModel] = [:]
            let progress = DeviceDayTally(devices: selected.count, deviceDays: selected.reduce(0) { min(Int.max / 2, $0) + min(Int.max / 2, $1.localDaySpan) },
                                          handler: ProgressPrinter(label: "train", common: common).handler)
            let trained = try ReveillePolicy.train(devices: selected, options: options, source: input.history) {
                progress.finishDevice(days: $0.localDaySpan)
            }
            for one in trained {
                let model = one.model.storing(zone: input.zone)
                for note in model.notes { common.note("\(one.device): \(note)") }
                models[one.device] = model
            }
            try AtomicFile.write(try UsageModelFile(devices: models).jsonText(), to: output)
            common.note("trained \(models.count) device model(s)")
        }
    }
}

extension DeviceHistory {
    /// Local days from the first to the last launch (0 when empty): the device-days `train` counts.
    var localDaySpan: Int {
        guard let first = firstLocalDay, let last = lastLocalDay else { return 0 }
        let (span, overflow) = last.subtractingReportingOverflow(first)
        return overflow || span == Int.max ? Int.max : span + 1
    }
}
