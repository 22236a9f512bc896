/// Lowercase hexadecimal text of bytes: digests in schedules and import provenance, colours in
/// reports.
public enum HexText {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Two lowercase hex digits per byte, in order.
    public static func lowercase<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
