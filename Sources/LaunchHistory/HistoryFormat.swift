import ReveilleCore

/// Input formats the readers understand.
public enum HistoryFormat: String, Sendable, CaseIterable, Codable {
    /// Canonical CSV: header `device,app,timestamp` (+ optional `duration`, `utc_offset`).
    case csv
    /// JSON Lines with the same fields as the canonical CSV.
    case jsonl
    /// The public LSApp TSV (`user_id, session_id, timestamp, app_name, event_type`).
    case lsapp

    /// Guesses the format from a path's extension: `.jsonl`/`.ndjson` → JSONL, `.tsv` → LSApp,
    /// anything else (including `-`) → CSV.
    public static func guess(path: String) -> HistoryFormat {
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        if lower.hasSuffix(".tsv") { return .lsapp }
        return .csv
    }
}

/// Options for reading a history.
public struct HistoryReadOptions: Sendable {
    /// Format; `nil` guesses from the path (``HistoryFormat/guess(path:)``).
    public var format: HistoryFormat?
    /// Skip invalid rows (counted in the report) instead of failing on the first.
    public var skipInvalid: Bool
    /// Offset assumed where the input has none (Unix timestamps without `utc_offset`, LSApp).
    public var defaultUTCOffsetSeconds: Int

    public init(format: HistoryFormat? = nil, skipInvalid: Bool = false, defaultUTCOffsetSeconds: Int = 0) {
        self.format = format
        self.skipInvalid = skipInvalid
        self.defaultUTCOffsetSeconds = defaultUTCOffsetSeconds
    }
}
