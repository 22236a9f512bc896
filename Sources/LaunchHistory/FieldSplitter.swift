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
/// (device and app names repeat on nearly every row).
struct StringInterner {
    private var table: [Int: [(bytes: [UInt8], string: String)]] = [:]

    mutating func intern(_ bytes: ArraySlice<UInt8>) -> String? {
        var hash = 14_695_981_039_346_656_037 as UInt64
        for b in bytes { hash = (hash ^ UInt64(b)) &* 1_099_511_628_211 }
        let key = Int(truncatingIfNeeded: hash)
        if let bucket = table[key] {
            for entry in bucket where entry.bytes.elementsEqual(bytes) { return entry.string }
        }
        guard let s = String(validating: bytes, as: UTF8.self) else { return nil }
        table[key, default: []].append((Array(bytes), s))
        return s
    }
}
