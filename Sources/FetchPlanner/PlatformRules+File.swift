import Foundation
import ReveilleCore

extension PlatformRules {
    /// The keys a rules file may hold (every stored property; `schemas/rules.schema.json`).
    public static let fileKeys: Set<String> = [
        "minimumIntervalSeconds", "maxFetchesPerAppPerDay", "deviceFetchesPerHour", "leadMinutes",
        "newDataPriorAlpha", "newDataPriorBeta", "minimumValue", "preferredWindows", "dailyFloor",
        "standbyBucketQuota", "recentUseDays",
    ]

    /// Reads a rules file (`reveille plan --rules rules.json`): a JSON object whose keys are
    /// ``fileKeys``; absent keys take the defaults of `PlatformRules()`.
    /// Values are range-checked by the planner (``PlanningError`` `invalidRule`).
    /// - Throws: ``PlanningError`` (`invalidRule`) naming the file and the key for an unreadable
    ///   file, malformed JSON, an unknown key (a typo would otherwise be ignored) or a value of the
    ///   wrong type.
    public static func read(path: String) throws -> PlatformRules {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlanningError(.invalidRule, field: path, expected: "a readable rules JSON file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PlanningError(.invalidRule, field: path, expected: "a JSON object of platform rules")
        }
        if let unknown = object.keys.sorted().first(where: { !fileKeys.contains($0) }) {
            throw PlanningError(.invalidRule, field: "\(path): \(unknown)",
                                expected: "one of \(fileKeys.sorted().joined(separator: ", "))")
        }
        do {
            return try JSONDecoder().decode(PlatformRules.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw PlanningError(.invalidRule, field: "\(path): \(key)", expected: "a value of the schema's type")
        } catch {
            throw PlanningError(.invalidRule, field: path, expected: "platform rules JSON (schemas/rules.schema.json)")
        }
    }
}
