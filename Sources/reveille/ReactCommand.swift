import ArgumentParser
import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Scheduling
import UsageModel

/// `reveille react`: the reactive scheduler on a live stream of launches.
struct ReactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "react",
        abstract: "React to launches as they happen: read JSON Lines on stdin, write each fetch decision as a JSON line.",
        discussion: """
            Input lines: {"app": "com.example", "timestamp": "2023-06-01T08:15:00+02:00"} for a launch, \
            {"tick": "2023-06-01T09:00:00+02:00"} when the clock passes an instant (executes due fetches; a tick \
            on a new local day begins it). Lines come in time order, after the --history launches: one \
            before a line above it or before the history's last launch is bad data (exit 65, naming the line); one \
            that repeats a --history launch (same app and second) is passed over with a note. Output, one line per decision, flushed at once: {"action": \
            "fetch"|"cancel", "app", "at" (ISO), "instant", "reason": "window"|"trigger", "probability", \
            "budget": {"budget", "executed", "pending"}}. This is the policy `reveille evaluate --mode event` \
            scores as `reveille`; the model must come from `reveille train` (its `reactive` section).

            Examples:
              reveille train launches.csv -o model.json
              tail -f launches.jsonl | reveille react --model model.json --history launches.csv --budget 8
            """
    )

    @Option(help: ArgumentHelp("Model file written by reveille train.", valueName: "model.json"))
    var model: String

    @Option(help: "The device in the model file (default: its only device).")
    var device: String?

    @Option(help: "Most fetches per local day.")
    var budget: Int = 8

    @Option(help: ArgumentHelp("The device's time zone (IANA, e.g. Europe/Berlin): its offset at each instant is the local clock (default: each timestamp's own offset).", valueName: "zone"))
    var zone: String?

    @Option(help: "Freshness window tau in minutes.")
    var tauMinutes: Double = 60

    @Option(help: ArgumentHelp("The device's launches before the stream (canonical CSV/JSONL): the recency the scheduler starts from, and the history the usage model's windows are planned on at budgets where the model chose them (without it, only the stream's launches).", valueName: "history"))
    var history: String?

    func validate() throws {
        guard budget >= 0 else { throw ValidationError("--budget must be 0 or more") }
        if let zone, TimeZone(identifier: zone) == nil {
            throw ValidationError("--zone must be an IANA time zone such as Europe/Berlin, got '\(zone)'")
        }
        guard (5...1440).contains(tauMinutes) else { throw ValidationError("--tau-minutes must be in 5…1440") }
    }

    func run() throws {
        try runMappingErrors {
            let usage = try UsageModelError.locating(file: model) { try UsageModelFile.load(path: model).model(device: device, source: model) }
            guard let statistics = usage.reactive else {
                throw UsageModelError(.unsupportedModel, expected: "a model trained by this version of reveille train (it has no reactive section)",
                                      file: model, field: "devices.\(usage.device).reactive")
            }
            var scheduler = ReactiveScheduler(statistics: statistics, budget: budget, tauSeconds: tauMinutes * 60)
            var options = SchedulingOptions()
            options.tauMinutes = tauMinutes
            if let note = options.planningSlotNote { StandardError.write(note) }
            scheduler.windowPlanner = try ReactiveWindowPlanner(model: usage, options: options)
            var order = ReactiveInputOrder()
            if let history, let past = try HistoryReader.read(path: history, options: HistoryReadOptions(device: usage.device))
                .device(usage.device) {
                for launch in past.launches { scheduler.remember(launch) }
                order = ReactiveInputOrder(after: past.launches)
            }
            let timeZone = zone.flatMap { TimeZone(identifier: $0) }
            var number = 0
            while let text = readLine(strippingNewline: true) {
                number += 1
                guard !text.allSatisfy(\.isWhitespace) else { continue }
                let decisions: [FetchDecision]
                guard let input = try order.admit(try ReactiveInput.parse(text, line: number, zone: timeZone, device: usage.device), line: number) else {
                    StandardError.write("note: <stdin>:\(number): a launch --history already holds, passed over")
                    continue
                }
                switch input {
                case let .launch(launch): decisions = scheduler.observe(launch)
                case let .tick(instant, offset): decisions = scheduler.tick(at: instant, zoneOffsetSeconds: offset)
                }
                for decision in decisions {
                    let line = ReactiveOutputLine(decision, budget: scheduler.budgetState,
                                                      utcOffsetSeconds: _offset(decision.at, timeZone, scheduler))
                    try StandardOutput.write(try line.text + "\n")
                }
            }
        }
    }

    private func _offset(_ instant: Double, _ zone: TimeZone?, _ scheduler: ReactiveScheduler) -> Int {
        if let zone { return zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)) }
        return scheduler.utcOffsetSeconds
    }
}

/// One output line of `reveille react`.
struct ReactiveOutputLine: Encodable {
    var action: String
    var app: String
    var at: String
    var instant: Double
    var reason: String
    var probability: Double
    var budget: BudgetState

    init(_ decision: FetchDecision, budget: BudgetState, utcOffsetSeconds: Int) {
        action = decision.action.rawValue
        app = decision.app
        at = TimestampParser.formatISO(instant: decision.at, utcOffsetSeconds: utcOffsetSeconds)
        instant = decision.at
        reason = decision.reason.rawValue
        probability = (decision.probability * 1e6).rounded() / 1e6
        self.budget = budget
    }

    /// Compact, sorted-key JSON on one line.
    var text: String {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        }
    }
}
