import ArgumentParser
import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Scheduling
import UsageModel

/// `reveille predict`: per-app launch probabilities per slot from a trained model file.
struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Print per-app probabilities of a cold launch in each slot from a model file.",
        discussion: """
            The probabilities are the product forecaster's (the usage model blended with the 28-day \
            hourly frequencies stored in the model file, or taken from --history), the ones `plan` \
            plans from.

            Examples:
              reveille predict --model model.json --from 2024-04-08T00:00:00-04:00 --device sim-000
              reveille predict --model model.json --from 2024-04-08T00:00:00-04:00 --slot-minutes 15 --format json
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(help: "Model file written by `reveille train`.")
    var model: String

    @Option(help: ArgumentHelp("First slot's start, a real date in the years 1990–2100, ISO 8601: with an offset (2013-05-01T00:00:00-04:00) or without (that time on the device's clock). Slots are in the device's local time (its zone, else its last offset).",
                               valueName: "iso-time"))
    var from: StartArgument

    @Option(help: ArgumentHelp("The device's time zone (IANA, e.g. America/New_York; default: the model's zone, else its last offset); --history's Unix times without an offset are read in it.",
                               valueName: "zone"))
    var zone: String?

    @Option(help: ArgumentHelp("Launch history: the day's launches so far update recency, and the 28-day hourly frequencies come from it.",
                               valueName: "history.csv"))
    var history: String?

    @Option(help: "Hours to cover.")
    var hours = 24

    @Option(help: "Slot length in minutes.")
    var slotMinutes = 60

    @Option(help: "Device in the model file (required when it holds several).")
    var device: String?

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        if let zone, TimeZone(identifier: zone) == nil {
            throw ValidationError("--zone must be an IANA time zone such as America/New_York, got '\(zone)'")
        }
        guard (1...24 * 31).contains(hours) else { throw ValidationError("--hours must be in 1…744") }
        guard (1...1440).contains(slotMinutes), (hours * 60) % slotMinutes == 0 else {
            throw ValidationError("--slot-minutes must be in 1…1440 and divide --hours × 60")
        }
    }

    func run() throws {
        try runMappingErrors {
            let file = try UsageModelFile.load(path: model)
            let fitted = try UsageModelError.locating(file: model) { try file.model(device: device, source: model) }
            let timeZone = zone.flatMap { TimeZone(identifier: $0) }
            // Only the model's device's launches of the history are read (as `plan` does).
            let launches = try history.map {
                try HistoryReader.read(path: $0, options: HistoryReadOptions(defaultZone: timeZone, device: fitted.device))
            }
            guard let source = try DevicePlanningSource.sources(modelFile: file, history: launches, device: fitted.device,
                                                                sourceName: model).first else { throw ExitCode(70) }
            let clock = source.clock(zone: timeZone, before: from.instant ?? from.localSeconds)
            let start = from.instant(on: clock), offset = clock.offset(at: start)
            if source.startsInsideTraining(start, clock: clock) { common.warn(_insideTrainingWarning(source)) }
            var policy = try source.policy(options: SchedulingOptions())
            let slots = hours * 60 / slotMinutes
            var context = source.context(start: start, utcOffsetSeconds: offset, tauSeconds: policy.options.tauSeconds)
            // The zone's DST changes inside the horizon: each slot in its own local time.
            context.offsetChanges = clock.changes(from: start, to: start + Double(hours) * 3600)
            let forecast = try policy.forecast(context, from: start, slotCount: slots, slotSeconds: Double(slotMinutes * 60))
            let p = forecast.probabilitiesByApp
            let times = (0..<slots).map {
                let t = start + Double($0 * slotMinutes * 60)
                return TimestampParser.formatISO(instant: t, utcOffsetSeconds: context.utcOffsetSeconds(at: t))
            }
            try StandardOutput.write(output.resolved == .json
                ? try PredictionOutput.json(device: fitted.device, times: times, slotMinutes: slotMinutes, p: p)
                : PredictionOutput.text(device: fitted.device, times: times, p: p))
        }
    }
}

/// Formats predictions: a text table (apps × slots) or sorted-key JSON.
enum PredictionOutput {
    struct Document: Encodable {
        var device: String
        var slotMinutes: Int
        var slots: [String]
        var probabilities: [String: [Double]]
    }

    static func json(device: String, times: [String], slotMinutes: Int, p: [String: [Double]]) throws -> String {
        let rounded = p.mapValues { $0.map { (($0 * 1e6).rounded()) / 1e6 } }
        let doc = Document(device: device, slotMinutes: slotMinutes, slots: times, probabilities: rounded)
        return try DeterministicJSON.text(doc)
    }

    static func text(device: String, times: [String], p: [String: [Double]]) -> String {
        var out = "device \(device): P(cold launch) per slot, slots starting \(times.first ?? "")\n"
        let width = max(3, p.keys.map(\.count).max() ?? 3)
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        out += pad("app") + " " + times.map { String($0.dropFirst(11).prefix(5)) }.joined(separator: " ") + "\n"
        for app in p.keys.sorted() {
            out += pad(app) + " " + (p[app] ?? []).map { _fixed($0, 3) }.joined(separator: " ") + "\n"
        }
        return out
    }
}
