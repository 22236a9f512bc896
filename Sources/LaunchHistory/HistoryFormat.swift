import Foundation
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
    /// Offset assumed where the input has none (Unix timestamps without `utc_offset` or `zone`,
    /// LSApp). `nil` (the default): such a Unix timestamp is an error (`missingOffset`) naming
    /// the options that give one — never a silent UTC; so is an LSApp file (wall-clock times).
    public var defaultUTCOffsetSeconds: Int?
    /// IANA time zone assumed where the input has no offset (before ``defaultUTCOffsetSeconds``):
    /// a Unix timestamp takes the zone's offset at its instant.
    public var defaultZone: TimeZone?
    /// Keep only this device's launches (`nil`, the default: every device's). A CSV row of
    /// another device is counted in ``IngestReport/rowsRead`` and dropped once its `device` field
    /// is read: its timestamp, app, offset, zone and duration are neither validated nor kept.
    /// When `device` is the first column and this name is ASCII, a row whose first bytes
    /// differ from the name at an ASCII byte is skipped to its line end unsplit (no line checks:
    /// its number of fields, quotes and NUL bytes are not looked at); other rows get the line
    /// checks every row gets (length, NUL bytes, balanced quotes, the number of fields). A row
    /// cut short inside the name is still an error. `plan` on the bundled 20-device file: 0.94×
    /// CPU with the skip (61 paired runs). JSON Lines and LSApp rows are parsed whole, then dropped. An input
    /// whose launches are all other devices' gives an empty history instead of `noLaunches`.
    /// For a caller that needs one device of a fleet's file (`reveille plan`, `predict` and
    /// `react` with a model file and its device): `plan` on the bundled 20-device file, static
    /// build, took 28.6 / 26.1 ms CPU against 29.6 before (23.5 from a file of the device alone).
    public var device: String?

    public init(format: HistoryFormat? = nil, skipInvalid: Bool = false, defaultUTCOffsetSeconds: Int? = nil,
                defaultZone: TimeZone? = nil, device: String? = nil) {
        self.format = format
        self.skipInvalid = skipInvalid
        self.defaultUTCOffsetSeconds = defaultUTCOffsetSeconds
        self.defaultZone = defaultZone
        self.device = device
    }

    /// How readers resolve a timestamp without an offset.
    var defaultOffset: _DefaultOffset { _DefaultOffset(fixed: defaultUTCOffsetSeconds, zone: defaultZone) }
}

/// Where the offset of a timestamp without one comes from: a zone (its offset at the instant),
/// else a fixed offset, else nowhere (the reader reports `missingOffset`).
struct _DefaultOffset: Sendable {
    let fixed: Int?
    let zone: TimeZone?

    /// The offset at `instant`, or `nil` when neither is known.
    func seconds(at instant: Double) -> Int? {
        if let zone, instant.isFinite, abs(instant) < 1e11 { return zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)) }
        return fixed
    }

    /// The instant and offset of local wall-clock seconds `local` (LSApp's times): in the zone
    /// when one is known, else at the fixed offset; `nil` when neither is.
    func resolve(local: Double) -> (instant: Double, offset: Int)? {
        if let zone, local.isFinite, abs(local) < 1e11 {
            let offset = { (instant: Double) in zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)) }
            let instant = LocalClock.instant(local: local, offsetAt: offset)
            return (instant, offset(instant))
        }
        return fixed.map { (local - Double($0), $0) }
    }

    /// Whether an offset is known at all (a zone or a fixed offset).
    var isKnown: Bool { zone != nil || fixed != nil }

    /// The same rule with `zone` (a row's own zone) first.
    func with(zone rowZone: TimeZone?) -> _DefaultOffset {
        rowZone.map { _DefaultOffset(fixed: fixed, zone: $0) } ?? self
    }
}
