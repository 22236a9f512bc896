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

    /// Creates an error.
    public init(_ code: Code, expected: String) {
        self.code = code
        self.expected = expected
    }

    /// `usage model: CODE: expected WHAT`.
    public var description: String { "usage model: \(code.rawValue): expected \(expected)" }
}
