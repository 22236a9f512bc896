/// Splits one delimited line into field ranges. Fields may be quoted with `"` (RFC 4180, `""` for a
/// quote inside); quoted fields cannot span lines.
enum FieldSplitter {
    /// Returns the fields of `line`, or `nil` when a quote is unbalanced.
    static func split(_ line: ArraySlice<UInt8>, separator: UInt8) -> [ArraySlice<UInt8>]? {
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(6)
        if !line.contains(34) {
            var start = line.startIndex
            var i = start
            while i < line.endIndex {
                if line[i] == separator {
                    fields.append(line[start..<i])
                    start = i + 1
                }
                i += 1
            }
            fields.append(line[start..<line.endIndex])
            return fields
        }
        var i = line.startIndex
        while true {
            if i < line.endIndex, line[i] == 34 {
                var value: [UInt8] = []
                i += 1
                var closed = false
                while i < line.endIndex {
                    if line[i] == 34 {
                        if i + 1 < line.endIndex, line[i + 1] == 34 { value.append(34); i += 2; continue }
                        closed = true; i += 1; break
                    }
                    value.append(line[i]); i += 1
                }
                guard closed, i == line.endIndex || line[i] == separator else { return nil }
                fields.append(value[...])
            } else {
                let start = i
                while i < line.endIndex, line[i] != separator { i += 1 }
                fields.append(line[start..<i])
            }
            if i >= line.endIndex { return fields }
            i += 1
        }
    }
}

/// Turns byte fields into Strings, validating UTF-8 and reusing one String per distinct value
/// (device and app names repeat on nearly every row). An open-addressing table keyed by an FNV-1a
/// hash keeps lookups free of allocation and reference counting.
struct StringInterner {
    private var entryBytes: [[UInt8]] = []
    private var entryStrings: [String] = []
    private var entryHashes: [UInt64] = []
    /// Entry index + 1 per slot (0 = empty); the count is a power of two, at most half full.
    private var slots = [Int](repeating: 0, count: 64)
    private var last = -1

    mutating func intern(_ bytes: ArraySlice<UInt8>) -> String? { intern(bytes.span, 0..<bytes.count) }

    /// The String for bytes `r` of `b`, or `nil` when they are not valid UTF-8.
    mutating func intern(_ b: Span<UInt8>, _ r: Range<Int>) -> String? {
        if last >= 0, Self._equal(entryBytes[last], b, r) { return entryStrings[last] }
        let hash = Self._hash(b, r)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let e = slots[slot] - 1
            if entryHashes[e] == hash, Self._equal(entryBytes[e], b, r) {
                last = e
                return entryStrings[e]
            }
            slot = (slot + 1) & mask
        }
        var copy: [UInt8] = []
        copy.reserveCapacity(r.count)
        for i in r { copy.append(b[i]) }
        guard let s = String(validating: copy, as: UTF8.self) else { return nil }
        _insert(copy, s, hash)
        return s
    }

    /// A cheap hash of the length and up to 12 bytes sampled from both ends (collisions are
    /// resolved by a full comparison): names differ mostly at their ends.
    private static func _hash(_ b: Span<UInt8>, _ r: Range<Int>) -> UInt64 {
        var h = UInt64(r.count) &* 0x9E37_79B9_7F4A_7C15
        let n = r.count
        for k in 0..<min(n, 4) { h = (h ^ UInt64(b[r.lowerBound + k])) &* 0x100_0000_01B3 }
        for k in 0..<min(n, 8) { h = (h ^ UInt64(b[r.upperBound - 1 - k])) &* 0x100_0000_01B3 }
        return h ^ (h >> 29)
    }

    private mutating func _insert(_ bytes: [UInt8], _ string: String, _ hash: UInt64) {
        entryBytes.append(bytes)
        entryStrings.append(string)
        entryHashes.append(hash)
        last = entryBytes.count - 1
        if entryBytes.count * 2 > slots.count {
            slots = [Int](repeating: 0, count: slots.count * 2)
            for e in entryHashes.indices { _place(e) }
        } else {
            _place(last)
        }
    }

    private mutating func _place(_ e: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entryHashes[e]) & mask
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

/// Splits unquoted lines into field ranges, reusing its storage from row to row; a line with a
/// quote is first unquoted into ``unquoted`` (then the ranges index into that).
struct _ReusableSplitter {
    /// Field `i` is `bounds[2i] ..< bounds[2i+1]`.
    var bounds: [Int] = []
    /// Set when the last line was quoted: the unquoted bytes the bounds refer to.
    var unquoted: [UInt8]? = nil

    var count: Int { bounds.count / 2 }
    func range(_ i: Int) -> Range<Int> { bounds[2 * i]..<bounds[2 * i + 1] }

    /// Whether the last line held a NUL byte.
    var sawNUL = false

    /// Splits bytes `r` of `line`; `false` when a quote is unbalanced. Sets ``sawNUL``.
    mutating func split(_ line: Span<UInt8>, _ r: Range<Int>, separator: UInt8) -> Bool {
        bounds.removeAll(keepingCapacity: true)
        unquoted = nil
        sawNUL = false
        var start = r.lowerBound
        for i in r {
            let b = line[i]
            if b == separator {
                bounds.append(start)
                bounds.append(i)
                start = i + 1
            } else if b > 34 {
                continue
            } else if b == 34 {
                sawNUL = _containsNUL(line, r)
                return _splitQuoted(line, r, separator)
            } else if b == 0 {
                sawNUL = true
            }
        }
        bounds.append(start)
        bounds.append(r.upperBound)
        return true
    }

    private mutating func _splitQuoted(_ line: Span<UInt8>, _ r: Range<Int>, _ separator: UInt8) -> Bool {
        var bytes: [UInt8] = []
        for i in r { bytes.append(line[i]) }
        guard let fields = FieldSplitter.split(bytes[...], separator: separator) else { return false }
        var flat: [UInt8] = []
        bounds.removeAll(keepingCapacity: true)
        for f in fields {
            bounds.append(flat.count)
            flat.append(contentsOf: f)
            bounds.append(flat.count)
        }
        unquoted = flat
        return true
    }
}
