import Foundation
import GRDB

/// Typed values drawn from a fuzz input, front to back (in the manner of LLVM's
/// FuzzedDataProvider); an exhausted input yields zeros, so every input is usable.
public struct FuzzedData {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Whether every byte has been used.
    public var isExhausted: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A little-endian word of `count` bytes.
    public mutating func word(_ count: Int = 8) -> UInt64 {
        (0..<count).reduce(0) { acc, k in acc | UInt64(byte()) << (8 * k) }
    }

    public mutating func int64() -> Int64 { Int64(bitPattern: word()) }

    /// A signed 16-bit value, for small steps.
    public mutating func smallStep() -> Int64 { Int64(Int16(bitPattern: UInt16(word(2)))) }

    public mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    /// Up to `limit` raw bytes (the count comes first).
    public mutating func bytes(upTo limit: Int) -> [UInt8] {
        let n = Int(byte()) % (limit + 1)
        return (0..<n).map { _ in byte() }
    }

    /// Rows made by `make` until the input runs out, at most `limit`.
    public mutating func rows<Row>(limit: Int = 64, _ make: (inout FuzzedData) -> Row) -> [Row] {
        var rows: [Row] = []
        while !isExhausted, rows.count < limit { rows.append(make(&self)) }
        return rows
    }
}

/// What a column usually holds, so that most drawn cells are plausible (and reach the decoder's
/// deeper paths) while the rest are anything SQLite can store.
public enum CellHint {
    /// A time near `base` in the column's unit, stepping by multiples of `step`.
    case time(base: Double, step: Double)
    /// A UTC offset in seconds.
    case offset
    /// One of a few codes (states, event types, keys).
    case code([Int64])
    /// An app or package name, mostly from a small pool (so runs and keys repeat).
    case name
    /// A non-negative count.
    case count
    /// A number of seconds.
    case seconds
}

extension FuzzedData {
    static let names = [
        "com.a", "com.b", "com.example.mail", "com.apple.springboard", "com.android.launcher3", "android",
        "", " ", "a\nb", "a\rb", "x\u{0}y", "app,with,comma", "\"quoted\"", "é", "#", "com.a#1",
    ]
    static let specialDoubles: [Double] = [
        1e300, -1e300, .infinity, -.infinity, .nan, -.nan, 0, -0.0, 9.3e18, -9.3e18, Double(Int64.max), Double(Int64.min),
        .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.5, -1,
        631_152_000, 4_102_444_800, 631_152_000 - 978_307_200, 4_102_444_800 - 978_307_200, 631_151_999.999, 4_102_444_800.001,
        631_152_000_000, 4_102_444_800_000,
    ]
    static let specialIntegers: [Int64] = [
        .min, .max, .min + 1, .max - 1, 0, -1, 1, Int64(Int32.max), Int64(Int32.min), 64_800, -64_800, 64_801, -64_801,
        978_307_200, 631_152_000, 4_102_444_800, 1_600_000_000_000, Int64.max / 2,
    ]
    static let offsets: [Int64] = [0, 3600, 7200, -18_000, 19_800, 20_700, -12_600, 64_800, -64_800, 50_400]

    /// A cell for a column that usually holds `hint`: three in four plausible, the rest any
    /// storage class with extreme values (NULL, Int64 extremes, 1e300, NaN, ±inf, text, blobs).
    public mutating func cell(_ hint: CellHint) -> DatabaseValue {
        let selector = byte()
        if selector < 192 {
            switch hint {
            case .time(let base, let step):
                let t = base + Double(smallStep()) * step
                return selector & 1 == 0 ? Int64(t).databaseValue : (t + Double(byte()) / 256).databaseValue
            case .offset:
                return selector & 1 == 0 ? pick(Self.offsets).databaseValue : (smallStep() * 15).databaseValue
            case .code(let codes):
                return pick(codes).databaseValue
            case .name:
                return pick(Self.names).databaseValue
            case .count:
                return selector & 1 == 0 ? Int64(byte()).databaseValue : (Int64.max - Int64(byte())).databaseValue
            case .seconds:
                return selector & 1 == 0 ? Int64(word(2)).databaseValue : (Double(word(2)) / 7).databaseValue
            }
        }
        switch selector % 8 {
        case 0: return .null
        case 1: return int64().databaseValue
        case 2: return Double(bitPattern: word()).databaseValue
        case 3: return pick(Self.specialDoubles).databaseValue
        case 4: return pick(Self.specialIntegers).databaseValue
        case 5: return String(decoding: bytes(upTo: 24), as: UTF8.self).databaseValue
        case 6: return String(decoding: bytes(upTo: 24), as: UTF8.self).replacingOccurrences(of: "\u{0}", with: "").databaseValue
        default: return Data(bytes(upTo: 16)).databaseValue
        }
    }

    /// A row id as SQLite would give it (occasionally absent).
    public mutating func rowid() -> Int? {
        let b = byte()
        return b == 255 ? nil : Int(b)
    }
}
