import ReveilleCore
import GRDB
import LaunchHistory

/// Schema discovery for evidence databases: column names are read from `PRAGMA table_info`, never
/// assumed, so version-specific prefixes (`Z8_`, `Z9_`) and missing optional columns are tolerated.
enum _Schema {
    /// The column names of `table` (upper-cased), or `.missingTable` when it does not exist.
    static func columns(_ db: Database, table: String, file: String) throws -> Set<String> {
        guard try db.tableExists(table) else {
            throw DeviceImportError(.missingTable, file: file, table: table, expected: "the table '\(table)'")
        }
        return Set(try db.columns(in: table).map { $0.name.uppercased() })
    }

    /// Checks that `table` has every column in `required`; throws `.missingColumn` naming the first
    /// absent one. Returns all columns of the table.
    @discardableResult
    static func require(_ db: Database, table: String, columns required: [String], file: String) throws -> Set<String> {
        let present = try columns(db, table: table, file: file)
        for name in required where !present.contains(name.uppercased()) {
            throw DeviceImportError(.missingColumn, file: file, table: table, column: name, expected: "the column '\(name)' in '\(table)'")
        }
        return present
    }
}

/// Non-trapping typed reads from a GRDB row: `nil` when the value is NULL or not convertible.
extension Row {
    func _value(_ column: String) -> DatabaseValue {
        (self[column] as DatabaseValue?) ?? .null
    }

    func _int(_ column: String) -> Int? { _value(column)._int }

    func _string(_ column: String) -> String? { _value(column)._string }
}

/// Non-trapping typed reads of one cell: `nil` when the value is NULL or not convertible.
extension DatabaseValue {
    var _double: Double? {
        guard let v = Double.fromDatabaseValue(self), v.isFinite else { return nil }
        return v
    }

    var _int: Int? { Int.fromDatabaseValue(self) }

    var _string: String? { String.fromDatabaseValue(self) }
}

/// Time conversions used by Apple stores.
enum _AppleTime {
    /// Seconds from 1970-01-01 to 2001-01-01 (Mac absolute time's epoch).
    static let macEpochOffset: Double = 978_307_200

    /// Unix seconds from Mac absolute time: `mac + 978307200`.
    static func unix(macAbsolute: Double) -> Double { macAbsolute + macEpochOffset }

}

/// Checked reads of evidence values: NULL is `nil` (the readers skip such rows, as documented),
/// but a value that is present and impossible is a ``DeviceImportError`` (`.invalidValue`) naming
/// the file, table, row (the row's `rowid`, as the query selected it) and column. Corrupt evidence
/// is reported, never trapped on or silently dropped.
struct _Checked {
    let file: String
    let table: String

    func error(_ row: Int?, _ column: String, _ expected: String) -> DeviceImportError {
        DeviceImportError(.invalidValue, file: file, table: table, row: row, column: column, expected: expected)
    }

    /// A number, or `nil` for NULL; text, blobs and non-finite numbers are errors.
    func number(_ value: DatabaseValue, row: Int?, _ column: String) throws(DeviceImportError) -> Double? {
        switch value.storage {
        case .null: return nil
        case .int64(let v): return Double(v)
        case .double(let v) where v.isFinite: return v
        default: throw error(row, column, "a finite number")
        }
    }

    /// An instant: `convert(value)` must lie in the years 1990–2100; `nil` for NULL.
    func instant(_ value: DatabaseValue, row: Int?, _ column: String,
                 _ convert: (Double) -> Double = { $0 }) throws(DeviceImportError) -> Double? {
        guard let v = try number(value, row: row, column) else { return nil }
        let t = convert(v)
        guard LocalClock.isValidInstant(t) else { throw error(row, column, LocalClock.validInstantDescription) }
        return t
    }

    /// What ``offset(_:row:_:)`` accepts, for error messages.
    static let offsetDescription = "seconds that are a whole quarter hour within ±18 h (±64800)"

    /// A UTC offset in seconds: a whole quarter hour (every offset in use since 1990 is) within
    /// ±18 h, as `TimestampParser.validOffsetField` accepts in a history; `nil` for NULL. An offset
    /// with odd seconds could not be written as the `±HH:MM` of canonical CSV: the written times
    /// would read back shifted (found by fuzz-powerlog-rows: `SecondsFromGMT` −15).
    func offset(_ value: DatabaseValue, row: Int?, _ column: String) throws(DeviceImportError) -> Int? {
        switch value.storage {
        case .null: return nil
        case .int64(let v) where v >= -Int64(LocalClock.maximumOffsetSeconds) && v <= Int64(LocalClock.maximumOffsetSeconds):
            guard let offset = TimestampParser.validOffsetField(Int(v)) else { throw error(row, column, Self.offsetDescription) }
            return offset
        default: throw error(row, column, Self.offsetDescription)
        }
    }

    /// A count: a non-negative integer, 0 for NULL.
    func count(_ value: DatabaseValue, row: Int?, _ column: String) throws(DeviceImportError) -> Int {
        switch value.storage {
        case .null: return 0
        case .int64(let v) where v >= 0: return Int(v)
        default: throw error(row, column, "a non-negative integer count")
        }
    }

    /// `a + b` for counts, or an error naming the row whose value overflowed the sum.
    func sum(_ a: Int, _ b: Int, row: Int?, _ column: String) throws(DeviceImportError) -> Int {
        let (s, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw error(row, column, "counts whose sum fits in 64 bits") }
        return s
    }
}
