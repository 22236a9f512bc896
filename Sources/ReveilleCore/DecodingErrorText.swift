import Foundation

/// Where a `DecodingError` is and what it says, for messages that name a file's field.
public enum DecodingErrorText {
    /// A coding path as a JSON path (`devices.u00.profiles[3].app`), `nil` when empty.
    public static func path(_ keys: [any CodingKey]) -> String? {
        guard !keys.isEmpty else { return nil }
        var text = ""
        for key in keys {
            if let i = key.intValue { text += "[\(i)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    /// The JSON path the error is at (the missing key's own path for `keyNotFound`).
    public static func field(_ error: DecodingError) -> String? {
        switch error {
        case .keyNotFound(let key, let context): return path(context.codingPath + [key])
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return path(context.codingPath)
        @unknown default: return nil
        }
    }

    /// ``reason(_:)`` for an error decoding `data`: where Foundation's decoder says only "The
    /// given data was not valid JSON." (for a syntax error, and also for a value that does not
    /// fit its field, such as 1.5 for an integer), the parser's own message with its position,
    /// or that the JSON is valid but a value does not fit.
    public static func reason(_ error: DecodingError, in data: Data) -> String {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else { return reason(error) }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return "valid JSON" + (detail.map { "; the parser says: \($0)" } ?? "")
        }
        return "values that fit their fields; the JSON is valid, but a value does not (e.g. a fraction where a "
            + "whole number is expected, or a number out of range)"
    }

    /// What the error says was expected, without its path.
    public static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case .typeMismatch(let type, _): return "a value of type \(type)"
        case .valueNotFound(let type, _): return "a non-null \(type)"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "valid JSON"
        }
    }
}
