/// A small hash table from byte strings to values, free of allocation and reference counting on
/// lookups: open addressing over a power-of-two slot array (at most half full), a cheap sampled
/// hash, collisions resolved by full comparison, and a one-entry cache of the last hit (rows
/// often repeat the previous row's names).
struct _ByteKeyedTable<Value> {
    private var keys: [[UInt8]] = []
    private var values: [Value] = []
    private var hashes: [UInt64] = []
    /// Entry index + 1 per slot (0 = empty).
    private var slots = [Int](repeating: 0, count: 64)
    private var last = -1

    /// The value stored for bytes `r` of `b`, if any.
    mutating func find(_ b: Span<UInt8>, _ r: Range<Int>) -> Value? {
        if last >= 0, Self._equal(keys[last], b, r) { return values[last] }
        let hash = Self._hash(b, r)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let e = slots[slot] - 1
            if hashes[e] == hash, Self._equal(keys[e], b, r) {
                last = e
                return values[e]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` for bytes `r` of `b` (which must not be present yet).
    mutating func insert(_ b: Span<UInt8>, _ r: Range<Int>, _ value: Value) {
        var key: [UInt8] = []
        key.reserveCapacity(r.count)
        for i in r { key.append(b[i]) }
        keys.append(key)
        values.append(value)
        hashes.append(Self._hash(b, r))
        last = keys.count - 1
        if keys.count * 2 > slots.count {
            slots = [Int](repeating: 0, count: slots.count * 2)
            for e in hashes.indices { _place(e) }
        } else {
            _place(last)
        }
    }

    /// A cheap hash of the length and up to 12 bytes sampled from both ends: names differ mostly
    /// at their ends.
    private static func _hash(_ b: Span<UInt8>, _ r: Range<Int>) -> UInt64 {
        var h = UInt64(r.count) &* 0x9E37_79B9_7F4A_7C15
        let n = r.count
        for k in 0..<min(n, 4) { h = (h ^ UInt64(b[r.lowerBound + k])) &* 0x100_0000_01B3 }
        for k in 0..<min(n, 8) { h = (h ^ UInt64(b[r.upperBound - 1 - k])) &* 0x100_0000_01B3 }
        return h ^ (h >> 29)
    }

    private mutating func _place(_ e: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[e]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = e + 1
    }

    private static func _equal(_ array: borrowing [UInt8], _ b: Span<UInt8>, _ r: Range<Int>) -> Bool {
        let a = array.span
        guard a.count == r.count else { return false }
        var i = 0
        for j in r {
            if a[i] != b[j] { return false }
            i += 1
        }
        return true
    }
}

/// Turns byte fields into Strings, validating UTF-8 and reusing one String per distinct value
/// (device and app names repeat on nearly every row).
struct StringInterner {
    private var table = _ByteKeyedTable<String>()

    mutating func intern(_ bytes: ArraySlice<UInt8>) -> String? { intern(bytes.span, 0..<bytes.count) }

    /// The String for bytes `r` of `b`, or `nil` when they are not valid UTF-8.
    mutating func intern(_ b: Span<UInt8>, _ r: Range<Int>) -> String? {
        if let s = table.find(b, r) { return s }
        var copy: [UInt8] = []
        copy.reserveCapacity(r.count)
        for i in r { copy.append(b[i]) }
        guard let s = String(validating: copy, as: UTF8.self) else { return nil }
        table.insert(b, r, s)
        return s
    }
}
