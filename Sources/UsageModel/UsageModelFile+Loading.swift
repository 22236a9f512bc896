import Foundation
import LaunchHistory
import ReveilleCore

extension UsageModelFile {
    /// Reads and decodes the model file at `path` (written by `reveille train`).
    /// - Throws: `HistoryError` (`unreadable`) when the file cannot be read, ``UsageModelError``
    ///   (`unsupportedModel`, naming `path` and the field) when it is not a model file; both exit 65.
    public static func load(path: String) throws -> UsageModelFile {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw HistoryError(.unreadable, file: path, expected: "a readable model file")
        }
        do {
            return try decode(data)
        } catch let error as UsageModelError {
            throw error.located(file: path)
        }
    }
}
