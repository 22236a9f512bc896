import ReveilleCore

/// Where the canonical columns are, from a CSV header.
struct _CSVColumns {
    var device: Int, app: Int, timestamp: Int
    var duration: Int?, offset: Int?, zone: Int?
    /// Fields a row needs: one past the last column used.
    var width: Int

    /// Reads the header fields (bounds into `b`): names are trimmed of spaces and tabs, compared
    /// without case, and a leading byte-order mark is ignored.
    init(header b: Span<UInt8>, _ fields: some _FieldBounds, file: String, lineNumber n: Int) throws(HistoryError) {
        var names: [String] = []
        for i in 0..<fields.count {
            var bytes: [UInt8] = []
            for j in fields.range(i) { bytes.append(b[j]) }
            guard let s = String(validating: bytes, as: UTF8.self) else {
                throw HistoryError(.invalidUTF8, file: file, line: n, expected: "a UTF-8 header")
            }
            names.append(s.trimmingSpaces.lowercased())
        }
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        for name in ["device", "app", "timestamp", "duration", "utc_offset", "zone"] where names.filter({ $0 == name }).count > 1 {
            throw HistoryError(.duplicateColumn, file: file, line: n, field: name,
                               expected: "each of device,app,timestamp,duration,utc_offset,zone at most once in the header")
        }
        func index(_ name: String) throws(HistoryError) -> Int {
            guard let i = names.firstIndex(of: name) else {
                throw HistoryError(.missingColumn, file: file, line: n, field: name,
                                   expected: "a header with columns device,app,timestamp")
            }
            return i
        }
        device = try index("device")
        app = try index("app")
        timestamp = try index("timestamp")
        duration = names.firstIndex(of: "duration")
        offset = names.firstIndex(of: "utc_offset")
        zone = names.firstIndex(of: "zone")
        width = Swift.max(device, app, timestamp, duration ?? 0, offset ?? 0, zone ?? 0) + 1
    }
}

/// Where one row's launch fields are; `offset`, `duration` and `zone` are `nil` when the column
/// is missing or the field empty.
struct _LaunchFields {
    var device: Range<Int>, app: Range<Int>, timestamp: Range<Int>
    var offset: Range<Int>?, duration: Range<Int>?, zone: Range<Int>?
}

extension _FieldBounds {
    /// The launch fields under `c`; the row must have at least `c.width` fields.
    @inline(__always)
    func launchFields(_ c: _CSVColumns) -> _LaunchFields {
        _LaunchFields(device: range(c.device), app: range(c.app), timestamp: range(c.timestamp),
                      offset: _nonEmpty(c.offset), duration: _nonEmpty(c.duration), zone: _nonEmpty(c.zone))
    }

    @inline(__always)
    private func _nonEmpty(_ column: Int?) -> Range<Int>? {
        guard let column else { return nil }
        let r = range(column)
        return r.isEmpty ? nil : r
    }
}
