import Foundation

extension FetchSchedule {
    /// The schedule as pretty-printed JSON with sorted keys and a final newline: byte-identical for
    /// identical schedules (numbers are rounded to 6 decimals when built, so their shortest
    /// representation is stable).
    public func jsonText() throws -> String { try _prettyJSON(self) }
}

/// Pretty-printed JSON with sorted keys, unescaped slashes and a final newline: the one encoder
/// setting every planner output uses, so equal values give equal bytes.
func _prettyJSON<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}
