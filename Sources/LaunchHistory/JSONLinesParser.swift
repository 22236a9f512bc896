import Foundation
import ReveilleCore

/// JSON Lines: one object per line with `device`, `app`, `timestamp` (ISO string with offset, or a
/// Unix number), optional `utc_offset` (``TimestampParser/parseOffsetField(_:)``'s forms as a
/// string, or a number of seconds), `zone` (an IANA identifier, for Unix timestamps) and
/// `duration` (seconds, ≥ 0).
///
/// Values are decoded with `JSONDecoder` into ``_JSONScalar``, which tells `true` from `1` and
/// `false` from `0` on every platform (`JSONSerialization` on Linux does not).
struct JSONLinesParser {
    let file: String
    let defaultOffset: _DefaultOffset

    func parse(_ line: ArraySlice<UInt8>, lineNumber n: Int) throws(HistoryError) -> RowOutcome {
        guard String(validating: line, as: UTF8.self) != nil else {
            throw HistoryError(.invalidUTF8, file: file, line: n, expected: "valid UTF-8")
        }
        let object: [String: _JSONScalar]
        do {
            object = try JSONDecoder().decode([String: _JSONScalar].self, from: Data(line))
        } catch {
            throw HistoryError(.malformedJSON, file: file, line: n, expected: "a JSON object")
        }
        let device = try string(object, "device", n)
        let app = try string(object, "app", n)
        var offset: Int? = nil
        switch object["utc_offset"] {
        case nil, .null?: break
        case .string(let s)?: offset = try _offset(TimestampParser.parseOffsetField(Array(s.utf8)[...]), n)
        case .number(let v)?: offset = try _offset(Int(exactly: v).flatMap(TimestampParser.validOffsetField), n)
        default: offset = try _offset(nil, n)
        }
        var rule = defaultOffset
        switch object["zone"] {
        case nil, .null?: break
        case .string(let z)? where TimeZone(identifier: z) != nil: rule = rule.with(zone: TimeZone(identifier: z))
        default:
            throw HistoryError(.unknownZone, file: file, line: n, field: "zone", expected: "an IANA time zone such as America/New_York")
        }
        let parsed: (Double, Int)
        switch object["timestamp"] {
        case nil:
            throw HistoryError(.missingColumn, file: file, line: n, field: "timestamp", expected: "a timestamp field")
        case .string(let s)?:
            parsed = try _timestamp(Array(s.utf8), offset: offset, file: file, line: n, default: rule)
        case .number(let v)?:
            let unix = TimestampParser.unixSeconds(v)
            parsed = (unix, try _unixOffset(unix, offset, rule, file: file, line: n))
        default:
            throw HistoryError(.malformedTimestamp, file: file, line: n, field: "timestamp", expected: "a string or number")
        }
        let instant = try _checkedInstant(parsed.0, file: file, line: n)
        var duration: Double? = nil
        switch object["duration"] {
        case nil, .null?: break
        case .number(let d)? where d >= 0 && d.isFinite: duration = d
        default:
            throw HistoryError(.malformedNumber, file: file, line: n, field: "duration", expected: "a non-negative number of seconds")
        }
        return .launch(LaunchEvent(device: device, app: app, instant: instant, utcOffsetSeconds: parsed.1, durationSeconds: duration))
    }

    private func string(_ o: [String: _JSONScalar], _ key: String, _ n: Int) throws(HistoryError) -> String {
        guard let raw = o[key] else {
            throw HistoryError(.missingColumn, file: file, line: n, field: key, expected: "a \(key) field")
        }
        switch raw {
        case .string(let s) where !s.isEmpty: return s
        case .string, .null:
            throw HistoryError(.emptyField, file: file, line: n, field: key, expected: "a non-empty string")
        case .bool, .number:
            throw HistoryError(.malformedJSON, file: file, line: n, field: key, expected: "a string (found a \(raw.kind))")
        case .other:
            // An object or array, or a string JSON allows but UTF-8 cannot hold (a lone surrogate "\ud800").
            throw HistoryError(.malformedJSON, file: file, line: n, field: key,
                               expected: "a string of Unicode text (found an object, an array or an unpaired surrogate escape)")
        }
    }

    private func _offset(_ value: Int?, _ n: Int) throws(HistoryError) -> Int {
        guard let value else {
            throw HistoryError(.offsetOutOfRange, file: file, line: n, field: "utc_offset", expected: TimestampParser.offsetFieldDescription)
        }
        return value
    }
}

/// One JSON value as the JSON Lines reader sees it: strings, numbers and booleans apart, anything
/// else (arrays, objects) as `.other`.
enum _JSONScalar: Decodable {
    case null, bool(Bool), number(Double), string(String), other

    /// What the value is, for an error message.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .other: "object or array"
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) } else if let v = try? c.decode(Double.self) {
            self = .number(v)
        } else if let s = try? c.decode(String.self) { self = .string(s) } else { self = .other }
    }
}
