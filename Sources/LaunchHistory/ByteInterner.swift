/// Gives each distinct byte string (device and app names, which repeat on nearly every row) a
/// dense index and one validated String, created only the first time the bytes are seen.
///
/// A lookup first compares against the previous result (consecutive rows usually repeat a
/// name), then against the entry last found for the same length and final 8 bytes (a 256-way
/// direct-mapped cache, cheaper than hashing every byte), and only then probes an
/// open-addressing table keyed by a word-at-a-time hash of all the bytes. Every candidate is
/// confirmed by a full comparison. Lookups read the input 8 bytes at a time but never outside the
/// given range, and allocate nothing.
struct _ByteInterner {
    /// The String of each entry, by index.
    private(set) var strings: [String] = []
    /// Entry bytes back to back.
    private var arena: [UInt8] = []
    /// Where each entry's bytes are in ``arena``.
    private var entries: [(start: Int, count: Int)] = []
    /// Per slot 0 (empty) or the hash's upper 32 bits and the entry index + 1 in the lower 32;
    /// the count is a power of two, at most half full.
    private var slots = [UInt64](repeating: 0, count: 64)
    private var last = -1
    /// Entry index + 1 (0 = none) by ``_recentKey(_:_:)``.
    private var recent = [Int32](repeating: 0, count: 256)

    /// The String for `bytes`, or `nil` when they are not valid UTF-8.
    mutating func string(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let e = intern(bytes.span, 0..<bytes.count) else { return nil }
        return strings[e]
    }

    /// The entry index for bytes `r` of `b`, or `nil` when they are not valid UTF-8.
    @inline(__always)
    mutating func intern(_ b: Span<UInt8>, _ r: Range<Int>) -> Int? {
        if last >= 0, _equal(last, b, r) { return last }
        guard r.count >= 8 else { return _lookUp(b, r) }
        let key = Self._recentKey(b.bytes, r)
        let cached = Int(recent[key]) - 1
        if cached >= 0, _equal(cached, b, r) {
            last = cached
            return cached
        }
        guard let e = _lookUp(b, r) else { return nil }
        recent[key] = Int32(truncatingIfNeeded: e + 1)
        return e
    }

    /// A slot of ``recent`` for bytes `r` (at least 8 of them): the top 8 bits of (last 8 bytes
    /// + length) × 2⁶⁴/φ.
    @inline(__always)
    private static func _recentKey(_ b: RawSpan, _ r: Range<Int>) -> Int {
        let w = b.unsafeLoadUnaligned(fromByteOffset: r.upperBound &- 8, as: UInt64.self) &+ UInt64(truncatingIfNeeded: r.count)
        return Int(truncatingIfNeeded: (w &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    private mutating func _lookUp(_ b: Span<UInt8>, _ r: Range<Int>) -> Int? {
        let hash = Self._hash(b.bytes, r)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let s = slots[slot]
            if s == 0 { return _insert(b, r, hash) }
            if s & 0xFFFF_FFFF_0000_0000 == tag {
                let e = Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1
                if _equal(e, b, r) {
                    last = e
                    return e
                }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func _insert(_ b: Span<UInt8>, _ r: Range<Int>, _ hash: UInt64) -> Int? {
        var copy: [UInt8] = []
        copy.reserveCapacity(r.count)
        for i in r { copy.append(b[i]) }
        guard let s = String(validating: copy, as: UTF8.self) else { return nil }
        entries.append((arena.count, copy.count))
        arena.append(contentsOf: copy)
        strings.append(s)
        last = strings.count - 1
        if strings.count * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: slots.count * 2)
            for s in old where s != 0 { _place(s) }
        }
        _place(hash & 0xFFFF_FFFF_0000_0000 | UInt64(last + 1), hash: hash)
        return last
    }

    /// Puts a slot value in the first free slot from its hash's home.
    private mutating func _place(_ value: UInt64, hash: UInt64? = nil) {
        let mask = slots.count - 1
        let home = hash ?? Self._hashOfEntry(arena.span.bytes, entries[Int(value & 0xFFFF_FFFF) - 1])
        var slot = Int(truncatingIfNeeded: home) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = value
    }

    private static func _hashOfEntry(_ arena: RawSpan, _ entry: (start: Int, count: Int)) -> UInt64 {
        _hash(arena, entry.start..<(entry.start + entry.count))
    }

    /// A hash of the length and every byte: 8-byte words (the last may overlap the one before it)
    /// rotated by their position and folded with XOR, then mixed once.
    @inline(__always)
    private static func _hash(_ b: RawSpan, _ r: Range<Int>) -> UInt64 {
        let n = r.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        if n < 8 {
            for i in r { h = h << 8 | UInt64(b.unsafeLoad(fromByteOffset: i, as: UInt8.self)) }
            return _mix(h)
        }
        var i = r.lowerBound
        var shift: UInt64 = 0
        while i + 8 < r.upperBound {
            h ^= b.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self).rotated(by: shift)
            i += 8
            shift &+= 23
        }
        return _mix(h ^ b.unsafeLoadUnaligned(fromByteOffset: r.upperBound - 8, as: UInt64.self).rotated(by: 31))
    }

    /// SplitMix64's finalizer: every output bit depends on every input bit.
    @inline(__always)
    private static func _mix(_ x: UInt64) -> UInt64 {
        var z = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether entry `e` holds exactly bytes `r` of `b`, compared 8 bytes at a time, the last
    /// word first (names that differ mostly differ at their end).
    @inline(__always)
    private func _equal(_ e: Int, _ b: Span<UInt8>, _ r: Range<Int>) -> Bool {
        let (start, n) = entries[e]
        guard n == r.count else { return false }
        let a = arena.span.bytes, x = b.bytes
        if n < 8 {
            for k in 0..<n where a.unsafeLoad(fromByteOffset: start &+ k, as: UInt8.self)
                != x.unsafeLoad(fromByteOffset: r.lowerBound &+ k, as: UInt8.self) { return false }
            return true
        }
        guard a.unsafeLoadUnaligned(fromByteOffset: start &+ n &- 8, as: UInt64.self)
            == x.unsafeLoadUnaligned(fromByteOffset: r.upperBound &- 8, as: UInt64.self) else { return false }
        var k = 0
        while k &+ 8 < n {
            if a.unsafeLoadUnaligned(fromByteOffset: start &+ k, as: UInt64.self)
                != x.unsafeLoadUnaligned(fromByteOffset: r.lowerBound &+ k, as: UInt64.self) { return false }
            k &+= 8
        }
        return true
    }
}

private extension UInt64 {
    @inline(__always)
    func rotated(by k: UInt64) -> UInt64 { self << (k & 63) | self >> ((64 &- k) & 63) }
}
