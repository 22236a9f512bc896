import ReveilleCore

/// Writes launches as canonical CSV (`device,app,timestamp[,duration]`), ISO-8601 timestamps with
/// each event's own offset. Fields containing commas, quotes or newlines are quoted.
public enum CanonicalCSVWriter {
    /// The CSV text for `events`, in the given order. The `duration` column is written only when
    /// some event has a duration.
    public static func csv(_ events: [LaunchEvent]) -> String {
        let withDuration = events.contains { $0.durationSeconds != nil }
        return header(withDuration: withDuration) + rows(events, withDuration: withDuration)
    }

    /// The header line, with the `duration` column or without.
    public static func header(withDuration: Bool) -> String {
        withDuration ? "device,app,timestamp,duration\n" : "device,app,timestamp\n"
    }

    /// The rows of `events` without a header (for output written in parts, e.g. device by
    /// device); `withDuration` must be the header's.
    public static func rows(_ events: [LaunchEvent], withDuration: Bool) -> String {
        var out = ""
        out.reserveCapacity(events.count * 64)
        for e in events {
            out += CSVText.field(e.device) + "," + CSVText.field(e.app) + ","
            out += TimestampParser.formatISO(instant: e.instant, utcOffsetSeconds: e.utcOffsetSeconds)
            if withDuration {
                out += ","
                if let d = e.durationSeconds { out += CSVText.seconds(d) }
            }
            out += "\n"
        }
        return out
    }
}
