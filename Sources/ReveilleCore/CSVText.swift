/// Text pieces of the CSV files Reveille writes (canonical launches, imports, fetch logs).
public enum CSVText {
    /// `s` as one CSV field: quoted, with quotes doubled, when it holds a comma, quote or line
    /// break (RFC 4180); unchanged otherwise.
    public static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// A number of seconds as short text: a whole number without a fraction (`12`), else Swift's
    /// shortest round-tripping form (`12.5`).
    public static func seconds(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    /// `YYYY-MM-DD` of a local day number (days since 1970-01-01).
    public static func date(day: Int) -> String {
        let (y, m, d) = TimestampParser.civilFromDays(day)
        return String(y) + "-" + (m < 10 ? "0" : "") + String(m) + "-" + (d < 10 ? "0" : "") + String(d)
    }
}
