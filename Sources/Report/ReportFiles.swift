import Foundation

/// Reads a whole input file, turning failures into ``ReportInputError/Code/unreadable``.
func _readFile(_ path: String) throws(ReportInputError) -> Data {
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw ReportInputError(.unreadable, file: path, expected: "a readable file")
    }
}

extension PlannedSchedule {
    /// Reads and decodes a schedule file (see ``decode(_:file:)``).
    public static func load(path: String) throws(ReportInputError) -> [PlannedSchedule] {
        try decode(try _readFile(path), file: path)
    }
}

extension EvaluationSummary {
    /// Reads and decodes an evaluation file (see ``decode(_:file:)``).
    public static func load(path: String) throws(ReportInputError) -> EvaluationSummary {
        try decode(try _readFile(path), file: path)
    }
}
