import Foundation

/// The one JSON setting for Reveille's human-readable outputs (schedules, evaluation reports,
/// predictions): sorted keys, pretty-printed, slashes unescaped, a final newline — so equal values
/// always give equal bytes.
public enum DeterministicJSON {
    /// `value` as pretty-printed, sorted-key JSON text ending in a newline.
    public static func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try _prettyEncoder().encode(value), as: UTF8.self) + "\n"
    }

    /// ``text(_:)`` with non-finite numbers written as the strings `"inf"`, `"-inf"` and `"nan"`,
    /// as a model file holds them (an infinite `halfLifeDays` is a valid option); a value
    /// without one gives the same text.
    public static func textWritingNonFiniteAsStrings<T: Encodable>(_ value: T) throws -> String {
        let encoder = _prettyEncoder()
        encoder.nonConformingFloatEncodingStrategy = nonFiniteAsStrings
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// Non-finite numbers as the strings `"inf"`, `"-inf"` and `"nan"`: how a model file writes them.
    public static let nonFiniteAsStrings = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    private static func _prettyEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` as one line of compact, sorted-key JSON ending in a newline (JSON Lines records:
    /// partial results, streamed schedules).
    public static func line<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
