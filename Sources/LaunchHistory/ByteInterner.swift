import ReveilleCore

/// Gives each distinct byte string (device and app names, which repeat on nearly every row) a
/// dense index and one validated String, created only the first time the bytes are seen.
///
/// A lookup first tries a 256-way direct-mapped cache of recent names, keyed by length and final
/// 8 bytes, whose entries hold each name's first, middle and last 8 bytes: a name of up to 24
/// bytes is confirmed by three word comparisons without touching the stored bytes. Only a miss hashes all the
/// bytes and probes an open-addressing table. Every candidate is confirmed by a full comparison.
/// Lookups read the input 8 bytes at a time but never outside the span, and allocate nothing.
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
    /// Recently found names by ``_recentKey(_:_:)``.
    private var recent = [_RecentName](repeating: _RecentName(), count: 256)

    /// The String for `bytes`, or `nil` when they are not valid UTF-8.
    mutating func string(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let e = intern(bytes.span, 0..<bytes.count) else { return nil }
        return strings[e]
    }

    /// The entry index for bytes `r` of `b`, or `nil` when they are not valid UTF-8.
    @inline(__always)
    mutating func intern(_ b: Span<UInt8>, _ r: Range<Int>) -> Int? {
        let n = r.count, raw = b.bytes
        let first: UInt64, last: UInt64
        if n >= 8 {
            first = raw.unsafeLoadUnaligned(fromByteOffset: r.lowerBound, as: UInt64.self)
            last = raw.unsafeLoadUnaligned(fromByteOffset: r.upperBound &- 8, as: UInt64.self)
        } else if n > 0, r.lowerBound &+ 8 <= raw.byteCount {
            // Little-endian: the name's bytes are the low ones.
            first = raw.unsafeLoadUnaligned(fromByteOffset: r.lowerBound, as: UInt64.self) & (1 << (UInt64(n) &* 8) &- 1)
            last = first
        } else {
            return _lookUp(b, r)
        }
        // Bytes 8–15 when there are more than 16: with the first and last 8 they cover up to 24.
        let middle = n > 16 ? raw.unsafeLoadUnaligned(fromByteOffset: r.lowerBound &+ 8, as: UInt64.self) : 0
        let key = Self._recentKey(last, n)
        let cached = recent[key]
        if cached.last == last, cached.first == first, cached.middle == middle, cached.count == n,
           n <= 24 || _equal(Int(cached.entry), b, r) {
            return Int(cached.entry)
        }
        guard let e = _lookUp(b, r) else { return nil }
        recent[key] = _RecentName(first: first, middle: middle, last: last, count: Int32(truncatingIfNeeded: n),
                                  entry: Int32(truncatingIfNeeded: e))
        return e
    }

    /// A slot of ``recent`` for a name's last 8 bytes (all of them, zero-filled, when shorter)
    /// and length: the top 8 bits of their sum × 2⁶⁴/φ.
    @inline(__always)
    private static func _recentKey(_ last: UInt64, _ n: Int) -> Int {
        Int(truncatingIfNeeded: ((last &+ UInt64(truncatingIfNeeded: n)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
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
                if _equal(e, b, r) { return e }
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
        let e = strings.count - 1
        if strings.count * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: slots.count * 2)
            for s in old where s != 0 { _place(s) }
        }
        _place(hash & 0xFFFF_FFFF_0000_0000 | UInt64(e + 1), hash: hash)
        return e
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

/// An entry of ``_ByteInterner``'s recent-name cache: a name's first, middle (bytes 8–15, or 0
/// for 16 bytes or fewer) and last 8 bytes (first and last are its zero-filled bytes when
/// shorter), its length and entry index; `count` 0 when empty. 32 bytes.
struct _RecentName {
    var first: UInt64 = 0
    var middle: UInt64 = 0
    var last: UInt64 = 0
    var count: Int32 = 0
    var entry: Int32 = 0
}

private extension UInt64 {
    @inline(__always)
    func rotated(by k: UInt64) -> UInt64 { self << (k & 63) | self >> ((64 &- k) & 63) }
}
