import ReveilleCore

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
