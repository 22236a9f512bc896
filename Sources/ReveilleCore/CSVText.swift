/// Text pieces of the CSV files Reveille writes (canonical launches, imports, fetch logs).
public enum CSVText {
    /// `s` as one CSV field: quoted, with quotes doubled, when it holds a comma, quote or line
    /// break (RFC 4180); unchanged otherwise.
    ///
    /// Works on UTF-8 bytes, as the readers do: a quote followed by a combining mark is one
    /// `Character` but still a quote byte to be doubled, and `\r\n` is one `Character` that is
    /// neither `\r` nor `\n` (found by fuzz-knowledgec-rows: an app name with `"` + U+030C was
    /// written with unbalanced quotes).
    public static func field(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return s }
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(s.utf8.count + 8)
        for b in s.utf8 {
            if b == 0x22 { bytes.append(0x22) }
            bytes.append(b)
        }
        bytes.append(0x22)
        return String(decoding: bytes, as: UTF8.self)
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
