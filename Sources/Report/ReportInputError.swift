import LaunchHistory
import ReveilleCore

/// A typed error for unreadable or malformed report inputs (schedule or evaluation JSON).
/// Conforms to `InputDataError`, so the CLI exits with status 65.
public struct ReportInputError: Error, Sendable, Equatable, InputDataError {
    /// What kind of problem.
    public enum Code: String, Sendable {
        case unreadable, malformedJSON, missingField, malformedTimestamp
        /// A number outside the range its field holds (a rate above 1, a probability of 10³⁰⁰).
        case outOfRange
    }
    /// What went wrong.
    public let code: Code
    /// The file path.
    public let file: String
    /// The JSON path of the offending value, e.g. `schedules[0].windows[3].at`, when known.
    public let field: String?
    /// What was expected there.
    public let expected: String

    /// Creates an error.
    public init(_ code: Code, file: String, field: String? = nil, expected: String) {
        self.code = code
        self.file = file
        self.field = field
        self.expected = expected
    }

    /// `file: code in field 'path': expected …`.
    public var description: String {
        var s = "\(file): \(code.rawValue)"
        if let field { s += " in field '\(field)'" }
        return s + ": expected \(expected)"
    }
}
