import ReveilleCore

/// A typed error for an invalid ``PlanningRequest`` or device-state file. It names the field at
/// fault, the app (index) when one is, and what was expected. App names stay out of the message;
/// the index into ``PlanningRequest/apps`` locates the app.
public struct PlanningError: Error, Sendable, Equatable, InputDataError {
    /// What kind of problem.
    public enum Code: String, Sendable, Codable {
        case budgetNotWhole, invalidBudget, invalidSlots, probabilityCountMismatch, probabilityOutOfRange
        case invalidCost, duplicateApp, invalidOffset, unsortedOffsetChanges, invalidTau, invalidRule
        case invalidSettings, invalidSpentFetch, invalidEvidence, unreadableState, invalidCharging
    }
    /// The kind of problem.
    public let code: Code
    /// The request field at fault, e.g. `apps[3].slotProbabilities[17]`.
    public let field: String
    /// What was expected there.
    public let expected: String

    /// Creates an error.
    public init(_ code: Code, field: String, expected: String) {
        self.code = code
        self.field = field
        self.expected = expected
    }

    /// `planning request: <code> in field '<field>': expected <expected>`.
    public var description: String {
        "planning request: \(code.rawValue) in field '\(field)': expected \(expected)"
    }
}
