import LaunchHistory
import ReveilleCore

/// The typed error of the UsageModel module: bad input data (empty or mixed-device histories,
/// unreadable model files) and invalid options. Conforms to `InputDataError`, so the CLI exits 65.
public struct UsageModelError: Error, Sendable, Equatable, InputDataError {
    /// What went wrong.
    public enum Code: String, Sendable, Codable {
        /// `fit` was given no launches.
        case emptyHistory
        /// `fit` was given launches of more than one device.
        case mixedDevices
        /// A launch has a non-finite instant.
        case invalidInstant
        /// Options out of range.
        case invalidOptions
        /// A model file has an unknown schema version or inconsistent arrays.
        case unsupportedModel
        /// A requested device is not in the model file.
        case unknownDevice
    }
    /// The kind of problem.
    public let code: Code
    /// What was expected instead.
    public let expected: String
    /// The model file at fault, when the error came from one.
    public let file: String?
    /// The field at fault (a JSON path such as `devices.u00.profiles[3].dayRates`), when known.
    public let field: String?

    /// Creates an error.
    public init(_ code: Code, expected: String, file: String? = nil, field: String? = nil) {
        self.code = code
        self.expected = expected
        self.file = file
        self.field = field
    }

    /// This error located in `file` (and at `field` when this error names none).
    public func located(file: String, field: String? = nil) -> UsageModelError {
        UsageModelError(code, expected: expected, file: file, field: self.field ?? field)
    }

    /// Runs `body` (a fit of `file`'s launches, say), locating any ``UsageModelError`` it throws
    /// that names no file in `file` (and at `field`, e.g. `device u00`): every error a user sees
    /// names the input at fault. Other errors pass unchanged.
    public static func locating<T>(file: String, field: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as UsageModelError where error.file == nil {
            throw error.located(file: file, field: field)
        }
    }

    /// `usage model: FILE: field FIELD: CODE: expected WHAT` (file and field when known).
    public var description: String {
        let place = (file.map { "\($0): " } ?? "") + (field.map { "field \($0): " } ?? "")
        return "usage model: \(place)\(code.rawValue): expected \(expected)"
    }
}
