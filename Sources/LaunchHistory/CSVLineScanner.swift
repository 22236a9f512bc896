extension _ReusableSplitter {
    /// Finds the end of the comma-separated line starting at `start` and, in the same pass, its
    /// field bounds — unless the line holds a quote or a NUL byte (then ``split(_:_:separator:)``
    /// must run on it; `plain` is `false`).
    ///
    /// The scan reads 8 bytes at a time and stops only at bytes below `-` (0x2D), which include
    /// `,`, `"`, `\n`, `\r` and NUL: `(w - 0x2D…2D) & ~w & 0x80…80` flags them, and its lowest
    /// flag is exact (a borrow only runs upward from a flagged byte). So `b` must hold at least 8
    /// bytes after `limit` (``LineSource`` pads its buffer with zeros), and `limit` must follow a
    /// `\n` or be the end of the input. Line ends are `\n`, `\r\n`, or a lone `\r` at `limit`.
    ///
    /// - Returns: the end of the line's text and the start of the next line.
    @inline(__always)
    mutating func scanCSVLine(_ b: RawSpan, from start: Int, limit: Int) -> (end: Int, next: Int, plain: Bool) {
        bounds.removeAll(keepingCapacity: true)
        unquoted = nil
        sawNUL = false
        var fieldStart = start, q = start, plain = true
        while true {
            let w = b.unsafeLoadUnaligned(fromByteOffset: q, as: UInt64.self)
            let flags = (w &- 0x2D2D_2D2D_2D2D_2D2D) & ~w & 0x8080_8080_8080_8080
            if flags == 0 {
                q += 8
                continue
            }
            let i = q + flags.trailingZeroBitCount >> 3
            if i >= limit { return _endLine(fieldStart, limit, limit, plain) }
            let c = b.unsafeLoad(fromByteOffset: i, as: UInt8.self)
            if c == UInt8(ascii: ",") {
                if plain {
                    bounds.append(fieldStart)
                    bounds.append(i)
                }
                fieldStart = i + 1
            } else if c == 10 {
                return _endLine(fieldStart, i, i + 1, plain)
            } else if c == 13 {
                if i + 1 == limit { return _endLine(fieldStart, i, limit, plain) }
                if b.unsafeLoad(fromByteOffset: i + 1, as: UInt8.self) == 10 { return _endLine(fieldStart, i, i + 2, plain) }
            } else if c == UInt8(ascii: "\"") || c == 0 {
                plain = false
            }
            q = i + 1
        }
    }

    @inline(__always)
    private mutating func _endLine(_ fieldStart: Int, _ end: Int, _ next: Int, _ plain: Bool) -> (end: Int, next: Int, plain: Bool) {
        if plain {
            bounds.append(fieldStart)
            bounds.append(end)
        }
        return (end, next, plain)
    }
}
