import Foundation
import LaunchHistory
import ReveilleCore

/// One line of `reveille react`'s input: a launch (`{"app": "com.x", "timestamp": "…"}`) or a
/// clock tick (`{"tick": "…"}`); timestamps are ISO 8601 with an offset.
public enum ReactiveInput: Sendable, Equatable {
    /// A launch seen as it happens.
    case launch(LaunchEvent)
    /// The clock reached this instant (with the offset in effect).
    case tick(instant: Double, utcOffsetSeconds: Int)

    private struct Line: Decodable {
        var app: String?
        var timestamp: String?
        var tick: String?
        var device: String?
    }

    /// Parses one JSON line. `zone`, when given, is the local clock (its offset at the instant
    /// replaces the timestamp's). `device`, when given, is the stream's device: a line naming
    /// another in its optional `device` field is refused.
    /// - Throws: `HistoryError` (`malformedJSON`, `emptyField`, `malformedTimestamp`,
    ///   `malformedRow`) naming `source`, the line and the field.
    public static func parse(_ text: String, line: Int, source: String = "<stdin>",
                             zone: TimeZone? = nil, device: String? = nil) throws -> ReactiveInput {
        let decoded: Line
        do { decoded = try JSONDecoder().decode(Line.self, from: Data(text.utf8)) } catch {
            // A field of another type (`{"tick": 1712577600}`) is named; anything else is not JSON
            // of the expected shape.
            let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            if let object, let field = ["app", "timestamp", "tick", "device"].first(where: { object[$0].map { !($0 is String) } ?? false }) {
                throw HistoryError(.malformedJSON, file: source, line: line, field: field,
                                   expected: field == "app" || field == "device" ? "a string"
                                       : "an ISO 8601 timestamp string with a UTC offset, e.g. \"2023-06-01T08:15:00+02:00\"")
            }
            throw HistoryError(.malformedJSON, file: source, line: line,
                               expected: #"a JSON object {"app": …, "timestamp": …} or {"tick": …}"#)
        }
        if let device, let named = decoded.device, named != device {
            throw HistoryError(.malformedRow, file: source, line: line, field: "device",
                               expected: "the stream's device '\(device)' (the line names '\(named)')")
        }
        func instant(_ value: String, field: String) throws -> (Double, Int) {
            guard let parsed = TimestampParser.parseValidISO(value), let offset = parsed.utcOffsetSeconds,
                  LocalClock.isValidInstant(parsed.instant) else {
                throw HistoryError(.malformedTimestamp, file: source, line: line, field: field,
                                   expected: "an ISO 8601 timestamp with a UTC offset, e.g. 2023-06-01T08:15:00+02:00")
            }
            let whole = parsed.instant.rounded(.down)
            let local = zone.map { $0.secondsFromGMT(for: Date(timeIntervalSince1970: whole)) } ?? offset
            return (whole, local)
        }
        if let tick = decoded.tick {
            let (at, offset) = try instant(tick, field: "tick")
            return .tick(instant: at, utcOffsetSeconds: offset)
        }
        guard let app = decoded.app, !app.isEmpty else {
            throw HistoryError(.emptyField, file: source, line: line, field: "app", expected: "the launched app's identifier")
        }
        guard let stamp = decoded.timestamp else {
            throw HistoryError(.emptyField, file: source, line: line, field: "timestamp", expected: "the launch's timestamp")
        }
        let (at, offset) = try instant(stamp, field: "timestamp")
        return .launch(LaunchEvent(device: decoded.device ?? "", app: app, instant: at, utcOffsetSeconds: offset))
    }
}

extension ReactiveInput {
    /// The instant of the launch or tick.
    public var instant: Double {
        switch self {
        case let .launch(launch): launch.instant
        case let .tick(instant, _): instant
        }
    }

    /// The offset of the local clock at ``instant``.
    var utcOffsetSeconds: Int {
        switch self {
        case let .launch(launch): launch.utcOffsetSeconds
        case let .tick(_, offset): offset
        }
    }

    /// The field that holds ``instant`` on the input line (`timestamp` or `tick`).
    var instantField: String {
        switch self {
        case .launch: "timestamp"
        case .tick: "tick"
        }
    }
}

/// The time order of a live input stream (`reveille react`'s): every line's instant at or after
/// the instants of the lines above it and of the launches given before the stream. A launch from
/// the past would be scored and answered with a trigger fetch at a time already gone, and a tick
/// from the past would run the clock back; either is refused with the line that broke the order.
/// A line that repeats a launch given before the stream (the same app at the same whole second,
/// e.g. the last lines `tail -f` prints again) is a duplicate, as a history file's exact
/// duplicates are: it is passed over, not refused.
public struct ReactiveInputOrder: Sendable {
    private struct _Launch: Hashable {
        var app: String
        var second: Double
    }

    /// The latest instant read so far, in whole seconds (`nil` before the first line and
    /// without launches before the stream).
    public private(set) var latest: Double?
    /// The local clock's offset at ``latest`` (for the error's message).
    private var latestOffset = 0
    /// The launches given before the stream, by app and whole second.
    private var before: Set<_Launch> = []

    /// An order that has read no line.
    public init() {}

    /// An order that continues after `history` (the launches before the stream): the stream's
    /// lines come at or after its latest launch, or repeat one of its launches. O(launches).
    public init(after history: some Sequence<LaunchEvent>) {
        for launch in history {
            let second = launch.instant.rounded(.down)
            before.insert(_Launch(app: launch.app, second: second))
            if second >= latest ?? -.infinity {
                latest = second
                latestOffset = launch.utcOffsetSeconds
            }
        }
    }

    /// Returns `input` when its instant is at or after every instant read before (equal
    /// instants keep their line order), and makes it the latest; `nil` for a launch that repeats
    /// one given before the stream (``init(after:)``).
    /// - Throws: `HistoryError` `outOfOrder` naming `source`, `line` and the timestamp's field.
    public mutating func admit(_ input: ReactiveInput, line: Int, source: String = "<stdin>") throws(HistoryError)
        -> ReactiveInput? {
        if case let .launch(launch) = input, before.contains(_Launch(app: launch.app, second: launch.instant)) {
            return nil
        }
        if let latest, input.instant < latest {
            throw HistoryError(.outOfOrder, file: source, line: line, field: input.instantField,
                               expected: "an instant at or after "
                                   + TimestampParser.formatISO(instant: latest, utcOffsetSeconds: latestOffset)
                                   + ", the latest before it (a live stream is read in time order)")
        }
        latest = input.instant
        latestOffset = input.utcOffsetSeconds
        return input
    }
}
