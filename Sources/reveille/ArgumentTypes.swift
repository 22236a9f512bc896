import ArgumentParser
import Foundation
import ReveilleCore
import Scheduling

/// A start time given on the command line: ISO 8601 with an offset (one instant for every
/// device), or a wall-clock time without one (`2013-05-01T00:00:00`: that time on each device's
/// own clock). Real dates in the years 1990–2100 only.
struct StartArgument: ExpressibleByArgument, Sendable {
    /// The instant, when the time carries an offset.
    let instant: Double?
    /// Local seconds since 1970-01-01 of the wall-clock time, when it carries no offset.
    let localSeconds: Double

    init?(argument: String) {
        let bytes = Array(argument.utf8)
        if let parsed = TimestampParser.parseISO(bytes[...]), parsed.utcOffsetSeconds != nil {
            guard LocalClock.isValidInstant(parsed.instant) else { return nil }
            instant = parsed.instant
            localSeconds = parsed.instant + Double(parsed.utcOffsetSeconds ?? 0)
            return
        }
        guard let local = TimestampParser.parseLocal(bytes[...], 0), LocalClock.isValidInstant(local) else { return nil }
        instant = nil
        localSeconds = local
    }

    /// The instant on `clock`: the given instant, or the wall-clock time on the device's clock.
    func instant(on clock: DeviceClock) -> Double {
        instant ?? clock.instant(localSeconds: localSeconds)
    }

    static var defaultValueDescription: String { "an ISO 8601 time, with an offset or on each device's clock" }
}

/// A UTC offset given on the command line: `+02:00`, `-0430`, `Z`, within ±18:00, parsed once.
/// Options of this type take values that start with `-` (`--utc-offset -04:00`).
struct OffsetArgument: ExpressibleByArgument, Sendable {
    let seconds: Int

    init(seconds: Int) {
        self.seconds = seconds
    }

    init?(argument: String) {
        guard let seconds = TimestampParser.parseOffset(Array(argument.utf8)[...]) else { return nil }
        self.seconds = seconds
    }

    var defaultValueDescription: String { TimestampParser.formatOffset(seconds) }
}

/// A list of daily budgets, `4,8,16,32` (or the option repeated), each a whole number in
/// `0…EvaluationOptions.maximumBudget`; parsed once.
struct BudgetListArgument: ExpressibleByArgument, Sendable {
    let budgets: [Int]

    init?(argument: String) {
        var values: [Int] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(part.trimmingCharacters(in: .whitespaces)), value >= 0 else { return nil }
            values.append(value)
        }
        guard !values.isEmpty else { return nil }
        budgets = values
    }
}

/// What a command prints.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// A table or text for people.
    case text
    /// Deterministic JSON (sorted keys), as the command's schema describes.
    case json
}

/// `--format text|json`, with `--json` kept as a hidden alias for scripts written before `--format`.
struct OutputFormatOptions: ParsableArguments {
    @Option(name: .customLong("format"), help: "Output: text (a table) or json (deterministic, sorted keys).")
    var format: OutputFormat = .text

    @Flag(name: .customLong("json"), help: ArgumentHelp("Same as --format json.", visibility: .hidden))
    var jsonAlias = false

    /// The chosen format.
    var resolved: OutputFormat { jsonAlias ? .json : format }
}
