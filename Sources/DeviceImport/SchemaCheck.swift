import GRDB

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

    func _double(_ column: String) -> Double? {
        guard let v = Double.fromDatabaseValue(_value(column)), v.isFinite else { return nil }
        return v
    }

    func _int(_ column: String) -> Int? {
        Int.fromDatabaseValue(_value(column))
    }

    func _string(_ column: String) -> String? {
        String.fromDatabaseValue(_value(column))
    }
}

/// Time conversions used by Apple stores.
enum _AppleTime {
    /// Seconds from 1970-01-01 to 2001-01-01 (Mac absolute time's epoch).
    static let macEpochOffset: Double = 978_307_200

    /// Unix seconds from Mac absolute time: `mac + 978307200`.
    static func unix(macAbsolute: Double) -> Double { macAbsolute + macEpochOffset }

    /// An offset in seconds when it is within ±18 h, else `nil`.
    static func validOffset(_ seconds: Int?) -> Int? {
        guard let seconds, abs(seconds) <= 18 * 3600 else { return nil }
        return seconds
    }
}
