import ReveilleCore

/// Field bounds of one split line: field `i` is `range(i)`, for `i < count`.
protocol _FieldBounds {
    var count: Int { get }
    func range(_ i: Int) -> Range<Int>
}

extension _ReusableSplitter: _FieldBounds {}

/// The fields of a plain comma-separated line (no quote, no NUL byte, at most ``capacity``
/// fields, at most 65,535 bytes), found by ``scan(_:from:limit:)`` in the same pass that finds
/// the line's end. Field ends are kept inline as 16-bit line offsets, so recording a comma costs
/// a store and the whole value is 48 bytes.
struct _CommaBounds: _FieldBounds {
    static let capacity = 16
    /// Where field `i` ends (a comma, or the end of the line), from the start of the line.
    private var ends = InlineArray<16, UInt16>(repeating: 0)
    private var start = 0
    private(set) var count = 0

    @inline(__always)
    func range(_ i: Int) -> Range<Int> {
        (i == 0 ? start : start &+ Int(ends[i - 1]) &+ 1)..<(start &+ Int(ends[i]))
    }

    /// Finds the end of the line starting at `start` and, unless it holds a quote or a NUL byte
    /// or more than ``capacity`` fields (then `plain` is `false` and the line must go through
    /// ``_ReusableSplitter/split(_:_:separator:)``), its fields.
    ///
    /// The scan reads 8 bytes at a time and stops only at bytes below `-` (0x2D), which include
    /// `,`, `"`, `\n`, `\r` and NUL: `(w - 0x2D…2D) & ~w & 0x80…80` flags every one of them. A
    /// borrow, which only runs upward from a flagged byte, can add false flags but never hides a
    /// true one, so each flagged byte of a word is looked at before the next word is loaded (the
    /// word's flags are used up lowest first). So `b` must hold at least 8
    /// bytes after `limit` (``LineSource`` pads its buffer with zeros), and `limit` must follow a
    /// `\n` or be the end of the input. Line ends are `\n`, `\r\n`, or a lone `\r` at `limit`.
    ///
    /// - Returns: the end of the line's text and the start of the next line.
    @inline(__always)
    mutating func scan(_ b: RawSpan, from start: Int, limit: Int) -> (end: Int, next: Int, plain: Bool) {
        self.start = start
        count = 0
        var q = start, plain = true
        var flags = Self._flags(b, q)
        while true {
            if flags == 0 {
                q &+= 8
                flags = Self._flags(b, q)
                continue
            }
            let i = q &+ flags.trailingZeroBitCount &>> 3
            flags &= flags &- 1
            if i >= limit { return _end(limit, limit, plain) }
            let c = b.unsafeLoad(fromByteOffset: i, as: UInt8.self)
            if c == UInt8(ascii: ",") {
                if count < Self.capacity - 1 {
                    ends[count] = UInt16(truncatingIfNeeded: i &- start)
                    count &+= 1
                } else {
                    plain = false
                }
            } else if c == 10 {
                return _end(i, i + 1, plain)
            } else if c == 13 {
                if i + 1 == limit { return _end(i, limit, plain) }
                if b.unsafeLoad(fromByteOffset: i + 1, as: UInt8.self) == 10 { return _end(i, i + 2, plain) }
            } else if c == UInt8(ascii: "\"") || c == 0 {
                plain = false
            }
        }
    }

    /// Flags (0x80) at the bytes of the word at `q` that may be below `-`; the lowest flag is
    /// exact, higher ones may be false (a borrow), so each flagged byte is looked at.
    @inline(__always)
    private static func _flags(_ b: RawSpan, _ q: Int) -> UInt64 {
        let w = b.unsafeLoadUnaligned(fromByteOffset: q, as: UInt64.self)
        return (w &- 0x2D2D_2D2D_2D2D_2D2D) & ~w & 0x8080_8080_8080_8080
    }

    @inline(__always)
    private mutating func _end(_ end: Int, _ next: Int, _ plain: Bool) -> (end: Int, next: Int, plain: Bool) {
        ends[count] = UInt16(truncatingIfNeeded: end &- start)
        count &+= 1
        return (end, next, plain && end &- start <= Int(UInt16.max))
    }
}

/// Skips a row of a device other than ``HistoryReadOptions/device`` without splitting it, when
/// the device is the first column and the chosen name is ASCII: the row's first bytes differ
/// from `name,` at an ASCII byte, so its device field is another name under every reading
/// (String equality included: no byte sequence canonically equivalent to an ASCII name differs
/// from it only in ASCII bytes). A row whose device field starts with a quote, is empty, or
/// differs first at a non-ASCII byte takes the full path. What ``CanonicalCSVParser`` does with
/// other devices' rows either way: counts them, never validates them.
struct _OtherDeviceRows {
    /// The chosen device's name (ASCII).
    private let name: [UInt8]

    /// `nil` when `device` is not ASCII (every row then takes the full path).
    init?(device: String) {
        let bytes = Array(device.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        name = bytes
    }

    /// The start of the next line when the line at `start` (ending by `limit`) is surely
    /// another device's row, else `nil`. `b` holds at least 8 bytes after `limit`, as for
    /// ``_CommaBounds/scan(_:from:limit:)``.
    @inline(__always)
    func skip(_ b: RawSpan, from start: Int, limit: Int) -> Int? {
        guard start < limit else { return nil }
        let first = b.unsafeLoad(fromByteOffset: start, as: UInt8.self)
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: ",") || first == 10 || first == 13 { return nil }
        var k = 0
        while k < name.count {
            guard start &+ k < limit else { return nil }
            let c = b.unsafeLoad(fromByteOffset: start &+ k, as: UInt8.self)
            guard c == name[k] else {
                // A row cut short or with an unusual byte takes the full path (its errors).
                let plain = c < 0x80 && c != 10 && c != 13 && c != 0 && c != UInt8(ascii: "\"")
                return plain ? Self.nextLine(b, from: start &+ k, limit: limit) : nil
            }
            k &+= 1
        }
        guard start &+ k < limit else { return nil }
        let after = b.unsafeLoad(fromByteOffset: start &+ k, as: UInt8.self)
        // `name,` (the chosen device), a line of the name alone, or anything unusual: full path.
        guard after >= UInt8(ascii: "-"), after < 0x80 else { return nil }
        return Self.nextLine(b, from: start &+ k, limit: limit)
    }

    /// The byte after the first `\n` at or after `q`, or `limit`: 8 bytes at a time, the lowest
    /// flag of `haszero(w ^ 0x0A…0A)` being exact.
    @inline(__always)
    static func nextLine(_ b: RawSpan, from start: Int, limit: Int) -> Int {
        var q = start
        while q < limit {
            let x = b.unsafeLoadUnaligned(fromByteOffset: q, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let flags = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
            if flags != 0 {
                let i = q &+ flags.trailingZeroBitCount &>> 3
                return i < limit ? i &+ 1 : limit
            }
            q &+= 8
        }
        return limit
    }
}
