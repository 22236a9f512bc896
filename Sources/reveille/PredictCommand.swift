import ArgumentParser
import Foundation
import LaunchHistory
import UsageModel

/// `reveille predict`: per-app launch probabilities per slot from a trained model file.
struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Print per-app probabilities of a cold launch in each slot from a model file."
    )

    @OptionGroup var common: CommonOptions

    @Option(help: "Model file written by `reveille train`.")
    var model: String

    @Option(help: "First slot's start, ISO 8601 with offset, e.g. 2013-05-01T00:00:00-04:00.")
    var from: String

    @Option(help: "Hours to cover.")
    var hours = 24

    @Option(help: "Slot length in minutes.")
    var slotMinutes = 60

    @Option(help: "Device in the model file (required when it holds several).")
    var device: String?

    @Flag(help: "Print JSON instead of a text table.")
    var json = false

    func validate() throws {
        guard TimestampParser.parseValidISO(from) != nil else {
            throw ValidationError("--from must be an ISO 8601 time with an offset in the years 1990–2100, e.g. 2013-05-01T00:00:00-04:00")
        }
        guard (1...24 * 31).contains(hours) else { throw ValidationError("--hours must be in 1…744") }
        guard (1...1440).contains(slotMinutes), (hours * 60) % slotMinutes == 0 else {
            throw ValidationError("--slot-minutes must be in 1…1440 and divide --hours × 60")
        }
    }

    func run() throws {
        try runMappingErrors {
            guard let start = TimestampParser.parseISO(Array(from.utf8)[...]) else { throw ExitCode(64) }
            let offset = start.utcOffsetSeconds ?? 0
            let fitted = try UsageModelFile._load(path: model).model(device: device)
            let slots = hours * 60 / slotMinutes
            let p = fitted.slotProbabilities(from: start.instant, utcOffsetSeconds: offset,
                                             slots: slots, slotSeconds: Double(slotMinutes * 60))
            let times = (0..<slots).map {
                TimestampParser.formatISO(instant: start.instant + Double($0 * slotMinutes * 60), utcOffsetSeconds: offset)
            }
            print(json ? try PredictionOutput.json(device: fitted.device, times: times, slotMinutes: slotMinutes, p: p)
                       : PredictionOutput.text(device: fitted.device, times: times, p: p), terminator: "")
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
