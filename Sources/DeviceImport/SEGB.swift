import ReveilleCore

/// Reader for SEGB, the container of Apple's Biome stream files (iOS 15+, macOS 12+), in both of
/// its layouts, as documented by CCL Solutions Group's `ccl-segb` reader and used by iLEAPP's Biome
/// parsers. All integers are little-endian; times are Mac absolute time (seconds since
/// 2001-01-01T00:00:00Z) as 64-bit doubles.
///
/// **Version 1** (iOS 15–16): a 56-byte header whose first 4 bytes hold the offset where record
/// data ends and whose last 4 bytes (offset 52) are the magic `SEGB`. Records follow from offset
/// 56, each a 32-byte header — length (Int32), state (Int32), two times (Double), the CRC-32 of the
/// data (UInt32), 4 unknown bytes — then `length` data bytes, the next record starting at the next
/// multiple of 8.
///
/// **Version 2** (iOS 17+): a 32-byte header — magic `SEGB` at offset 0, the entry count (Int32),
/// the creation time (Double), 16 unknown bytes — then the entries, and at the end of the file an
/// entry table of 16 bytes per entry: the entry's end offset relative to byte 32 (Int32), its state
/// (Int32), its time (Double). Each entry is the CRC-32 of its data (UInt32), 4 unknown bytes, and
/// the data; the next entry starts at the next multiple of 4 (relative to byte 32).
///
/// States: 1 written, 3 deleted (other values are kept and reported as they are). The CRC is the
/// IEEE CRC-32 used by zlib; it is checked for written records only (deleted ones are zeroed or
/// partly overwritten on devices).
public enum SEGB {
    /// Seconds from 1970-01-01 to 2001-01-01, the Mac absolute-time epoch.
    public static let macEpochOffsetSeconds: Double = 978_307_200

    /// A record's state.
    public enum State: Equatable, Sendable {
        case written, deleted
        case other(Int32)

        init(_ raw: Int32) {
            switch raw {
            case 1: self = .written
            case 3: self = .deleted
            default: self = .other(raw)
            }
        }
    }

    /// One record of a SEGB file.
    public struct Record: Sendable, Equatable {
        /// 0-based index in file order.
        public let index: Int
        /// Byte offset of the record's data in the file.
        public let dataOffset: Int
        public let state: State
        /// The record's time (v1: the first of its two; v2: the entry table's), Mac absolute time.
        public let macAbsoluteTime: Double
        /// The payload (a protobuf message for `App.InFocus`).
        public let data: [UInt8]
    }

    /// The layout of a file, read from its magic.
    public enum Version: Int, Sendable { case v1 = 1, v2 = 2 }

    /// The version of `bytes`, or `nil` when neither magic is present.
    public static func version(of bytes: [UInt8]) -> Version? {
        if bytes.count >= 32, bytes[0..<4].elementsEqual(magic) { return .v2 }
        if bytes.count >= 56, bytes[52..<56].elementsEqual(magic) { return .v1 }
        return nil
    }

    /// The records of a SEGB file, in file order (v2: the order of the entries' end offsets;
    /// ``Record/index`` is the entry-table position). O(n + k log k) for n bytes and k records.
    /// - Throws: ``DeviceImportError`` naming `file` and the record — `.notSEGB` without either
    ///   magic; `.truncatedRecord` when a header, record or entry table runs past the end of the
    ///   file or an offset is out of order; `.checksumMismatch` when a written record's CRC-32
    ///   differs from its data's.
    public static func records(_ bytes: [UInt8], file: String) throws(DeviceImportError) -> (version: Version, records: [Record]) {
        switch version(of: bytes) {
        case .v1?: return (.v1, try _recordsV1(bytes, file: file))
        case .v2?: return (.v2, try _recordsV2(bytes, file: file))
        case nil:
            throw DeviceImportError(.notSEGB, file: file, expected: "the magic 'SEGB' at offset 0 (v2) or 52 (v1)")
        }
    }

    static let magic: [UInt8] = Array("SEGB".utf8)

    static func _recordsV1(_ b: [UInt8], file: String) throws(DeviceImportError) -> [Record] {
        let header = 56, recordHeader = 32
        guard let end = _int32(b, 0).map(Int.init), end >= header, end <= b.count else {
            throw DeviceImportError(.truncatedRecord, file: file, field: "header end-of-data offset",
                                    expected: "an end-of-data offset from 56 to the file size \(b.count)")
        }
        var records: [Record] = []
        var position = header
        while position < end {
            let index = records.count
            guard position + recordHeader <= end, let length = _int32(b, position), let state = _int32(b, position + 4),
                  let time = _double(b, position + 8), let crc = _uint32(b, position + 24) else {
                throw DeviceImportError(.truncatedRecord, file: file, record: index, field: "record header",
                                        expected: "a 32-byte record header before offset \(end)")
            }
            let start = position + recordHeader
            guard length >= 0, Int(length) <= end - start else {
                throw DeviceImportError(.truncatedRecord, file: file, record: index, field: "length",
                                        expected: "a length from 0 to the \(end - start) bytes left")
            }
            let data = Array(b[start..<(start + Int(length))])
            let record = Record(index: index, dataOffset: start, state: State(state), macAbsoluteTime: time, data: data)
            try _checkCRC(record, stored: crc, file: file)
            records.append(record)
            position = _aligned(start + Int(length), to: 8)
        }
        return records
    }

    static func _recordsV2(_ b: [UInt8], file: String) throws(DeviceImportError) -> [Record] {
        let header = 32, tableEntry = 16, entryHeader = 8
        guard let count = _int32(b, 4), count >= 0, Int(count) <= (b.count - header) / tableEntry else {
            throw DeviceImportError(.truncatedRecord, file: file, field: "header entry count",
                                    expected: "an entry count whose table of 16 bytes each fits in the file")
        }
        let tableStart = b.count - Int(count) * tableEntry
        var table: [(index: Int, end: Int, state: Int32, time: Double)] = []
        for index in 0..<Int(count) {
            let at = tableStart + index * tableEntry
            guard let endOffset = _int32(b, at), let state = _int32(b, at + 4), let time = _double(b, at + 8) else {
                throw DeviceImportError(.truncatedRecord, file: file, record: index, field: "entry table", expected: "16 bytes")
            }
            table.append((index, header + Int(endOffset), state, time))
        }
        // Entries lie in the order of their end offsets (the table is read that way by ccl-segb too).
        table.sort { ($0.end, $0.index) < ($1.end, $1.index) }
        var records: [Record] = []
        var position = header
        for entry in table {
            guard entry.end >= position + entryHeader, entry.end <= tableStart else {
                throw DeviceImportError(.truncatedRecord, file: file, record: entry.index, field: "entry end offset",
                                        expected: "an end offset leaving 8 bytes after the previous entry and before the entry table at \(tableStart)")
            }
            guard let crc = _uint32(b, position) else {
                throw DeviceImportError(.truncatedRecord, file: file, record: entry.index, field: "entry header", expected: "8 bytes")
            }
            let start = position + entryHeader
            let record = Record(index: entry.index, dataOffset: start, state: State(entry.state), macAbsoluteTime: entry.time,
                                data: Array(b[start..<entry.end]))
            try _checkCRC(record, stored: crc, file: file)
            records.append(record)
            position = header + _aligned(entry.end - header, to: 4)
        }
        return records
    }

    static func _checkCRC(_ record: Record, stored: UInt32, file: String) throws(DeviceImportError) {
        guard record.state == .written else { return }
        let actual = CRC32.checksum(record.data)
        guard actual == stored else {
            throw DeviceImportError(.checksumMismatch, file: file, record: record.index, field: "crc32",
                                    expected: "the stored CRC-32 to match the record's \(record.data.count) data bytes")
        }
    }

    static func _aligned(_ value: Int, to alignment: Int) -> Int {
        let remainder = value % alignment
        return remainder == 0 ? value : value + (alignment - remainder)
    }

    static func _uint32(_ b: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at <= b.count - 4 else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
    }

    static func _int32(_ b: [UInt8], _ at: Int) -> Int32? {
        _uint32(b, at).map { Int32(bitPattern: $0) }
    }

    static func _double(_ b: [UInt8], _ at: Int) -> Double? {
        guard let low = _uint32(b, at), let high = _uint32(b, at + 4) else { return nil }
        return Double(bitPattern: UInt64(high) << 32 | UInt64(low))
    }
}

/// The IEEE CRC-32 (reflected polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF), as zlib's
/// `crc32`. Table-driven, O(n).
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { (n: UInt32) -> UInt32 in
        (0..<8).reduce(n) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// The CRC-32 of `bytes` (`checksum(Array("123456789".utf8)) == 0xCBF43926`).
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
