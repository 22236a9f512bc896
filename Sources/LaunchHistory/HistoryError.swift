import ReveilleCore

/// A typed error for unreadable or invalid launch-history input. It always names where the problem
/// is (file, 1-based line, field) and what was expected.
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem.
    public enum Code: String, Sendable, Codable {
        case fileNotFound, unreadable, emptyFile, missingColumn, malformedTimestamp, malformedNumber
        case emptyField, offsetOutOfRange, nulByte, invalidUTF8, malformedRow, malformedJSON
        /// A timestamp outside ``LocalClock/isValidInstant(_:)``'s range (years 1990–2100).
        case instantOutOfRange
        /// A line longer than ``HistoryReader/maximumLineBytes``.
        case lineTooLong
        /// A header naming one of the canonical columns twice.
        case duplicateColumn
        /// The input holds no launch at all (only a header, only non-launch rows, or every row
        /// was invalid and skipped).
        case noLaunches
        /// A Unix timestamp with no offset from the row (`utc_offset`, `zone`) or the reader
        /// (`--utc-offset`, `--zone`): Reveille never assumes UTC silently.
        case missingOffset
        /// A `zone` field that is not an IANA time zone identifier.
        case unknownZone
        /// A line of a live stream (`reveille react`'s input) whose instant lies before the
        /// instant of a line above it: a stream is read as it happens, in time order.
        case outOfOrder
    }
    public let code: Code
    /// The file path (`-` for standard input).
    public let file: String
    /// 1-based line number, when the problem is on a line.
    public let line: Int?
    /// The column or field name, when one is at fault.
    public let field: String?
    /// What was expected there.
    public let expected: String

    public init(_ code: Code, file: String, line: Int? = nil, field: String? = nil, expected: String) {
        self.code = code
        self.file = file
        self.line = line
        self.field = field
        self.expected = expected
    }

    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": \(code.rawValue)"
        if let field { s += " in field '\(field)'" }
        return s + ": expected \(expected)"
    }
}

extension HistoryError: InputDataError {}

/// `instant` when it is in the accepted range (``LocalClock/isValidInstant(_:)``), else the
/// typed error naming the file, line and field.
@inline(__always)
func _checkedInstant(_ instant: Double, file: String, line: Int, field: String = "timestamp") throws(HistoryError) -> Double {
    guard LocalClock.isValidInstant(instant) else {
        throw HistoryError(.instantOutOfRange, file: file, line: line, field: field, expected: LocalClock.validInstantDescription)
    }
    return instant
}
