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
        guard minWindowMinutes.isFinite, minWindowMinutes >= 0 else { throw ValidationError("--min-window-minutes must be ≥ 0") }
    }

    /// One plan per model (device order); a single plan is written bare, several as `{"plans": [...]}`.
    func plans(_ inputs: PlanInputs, _ h: PlanHorizon, common: CommonOptions) throws -> String {
        let path = charging ?? "-"
        let intervals = try _PluggedCSV.read(path: path)
        var plans: [ProcessingPlan] = []
        for source in inputs.sources {
            let mine = intervals[source.device] ?? []
            var (policy, request) = try inputs.request(source, h, budget: 0)
            let forecast = try policy.forecast(request)
            let processingRequest = ProcessingRequest(
                device: source.device, horizonStart: forecast.horizonStart, slotSeconds: forecast.slotSeconds,
                slotCount: forecast.slotCount, utcOffsetSeconds: h.utcOffsetSeconds, appSlotProbabilities: forecast.probabilities,
                charging: try ChargingProfile.estimate(mine, slotSeconds: forecast.slotSeconds), minimumProbability: minProbability,
                minimumWindowSeconds: minWindowMinutes * 60, generatedAt: h.start)
            let plan = try ProcessingPlanner.plan(processingRequest)
            common.note("\(source.device): \(plan.windows.count) processing windows from \(mine.count) plugged-in intervals")
            plans.append(plan)
        }
        if plans.count == 1, let only = plans.first { return try only.jsonText() }
        return try DeterministicJSON.text(["plans": plans])
    }
}

/// Reads `device,start,end` CSV (header required; a quoted device field may not contain commas).
enum _PluggedCSV {
    static func read(path: String) throws -> [String: [ChargingInterval]] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HistoryError(.unreadable, file: path, expected: "a readable plugged-in intervals CSV")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard lines.first?.lowercased() == "device,start,end" else {
            throw HistoryError(.missingColumn, file: path, line: 1, expected: "the header device,start,end")
        }
        lines.removeFirst()
        var out: [String: [ChargingInterval]] = [:]
        for (k, line) in lines.enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 3 else { throw HistoryError(.malformedRow, file: path, line: k + 2, expected: "3 fields") }
            let device = fields[0].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard let start = TimestampParser.parseISO(Array(fields[1].utf8)[...]),
                  let end = TimestampParser.parseISO(Array(fields[2].utf8)[...]), end.instant >= start.instant else {
                throw HistoryError(.malformedTimestamp, file: path, line: k + 2, field: "start/end",
                                   expected: "ISO 8601 times with start ≤ end")
            }
            out[device, default: []].append(ChargingInterval(start: start.instant, end: end.instant,
                                                             utcOffsetSeconds: start.utcOffsetSeconds ?? 0))
        }
        return out
    }
}
