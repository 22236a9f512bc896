import LaunchHistory
import ReveilleCore

/// A typed error for device exports that cannot be imported. It names the file and, where one is at
/// fault, the table, column or line, and says what was expected. Conforms to `InputDataError`, so the
/// `reveille` CLI exits with status 65.
public struct DeviceImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem.
    public enum Code: String, Sendable, Codable {
        /// The path does not exist.
        case fileNotFound
        /// The file exists but could not be read or copied.
        case unreadable
        /// The file does not start with the SQLite header and does not look like an encrypted database.
        case notSQLite
        /// The file looks like an encrypted database (page-sized, no plain header; or SQLite refuses
        /// its pages as `SQLITE_NOTADB`).
        case encrypted
        /// Another process is writing the database (a hot rollback journal lies beside it, or SQLite
        /// reports `SQLITE_BUSY`/`SQLITE_LOCKED`).
        case locked
        /// A table the format needs is absent.
        case missingTable
        /// A column the format needs is absent.
        case missingColumn
        /// The stream or table holds no usable rows.
        case emptyStream
        /// A text line (dumpsys) could not be read.
        case malformedLine
        /// The format holds no individual launch times (asked for launches from an aggregate table).
        case noLaunchTimes
        /// A value that cannot be true: a time outside the years 1990–2100, an offset beyond
        /// ±18 h, a negative or overflowing count. Names the table, row and column (or the line).
        case invalidValue
        /// A binary stream file (Biome SEGB) has neither documented magic.
        case notSEGB
        /// A binary record, its header or an offset table runs past the end of the file.
        case truncatedRecord
        /// A record's stored CRC-32 differs from its data's.
        case checksumMismatch
        /// The private copy of the evidence could not be written (`$TMPDIR` full, over quota or
        /// unwritable): not bad data, so the CLI exits 73 (`EX_CANTCREAT`), not 65.
        case scratchUnwritable
        /// The evidence stores no UTC offset for its times (a wall-clock source, or a PowerLog
        /// without time-zone rows) and none was given: Reveille never assumes UTC.
        case missingOffset
    }

    public let code: Code
    /// The file path.
    public let file: String
    /// The table at fault, if any.
    public let table: String?
    /// The column at fault, if any.
    public let column: String?
    /// The SQLite `rowid` of the row at fault, if any.
    public let row: Int?
    /// The 1-based line at fault (text formats), if any.
    public let line: Int?
    /// The 0-based record at fault (binary formats), if any.
    public let record: Int?
    /// The record field at fault (binary formats: header part or protobuf field), if any.
    public let field: String?
    /// What was expected.
    public let expected: String

    public init(_ code: Code, file: String, table: String? = nil, row: Int? = nil, column: String? = nil, line: Int? = nil,
                record: Int? = nil, field: String? = nil, expected: String) {
        self.code = code
        self.file = file
        self.table = table
        self.row = row
        self.column = column
        self.line = line
        self.record = record
        self.field = field
        self.expected = expected
    }

    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": \(code.rawValue)"
        if let table { s += " table '\(table)'" }
        if let row { s += " row \(row)" }
        if let column { s += " column '\(column)'" }
        if let record { s += " record \(record)" }
        if let field { s += " field '\(field)'" }
        return s + ": expected \(expected)"
    }
}

extension DeviceImportError: InputDataError {}

extension DeviceImportError: WriteFailureCategorized {
    /// True for ``Code/scratchUnwritable`` (exit 73).
    public var isWriteFailure: Bool { code == .scratchUnwritable }
}
