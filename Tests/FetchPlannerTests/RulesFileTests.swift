import FetchPlanner
import Foundation
import Testing
import TestSupport

/// `plan --rules`: every planner rule is reachable from the file, and the file, the schema and the
/// type name the same keys.
@Suite struct RulesFileTests {
    @Test func fileKeysAreEveryRuleAndTheSchemasProperties() throws {
        var rules = PlatformRules(maxFetchesPerAppPerDay: 2, deviceFetchesPerHour: 5)
        rules.recentUseDays = 7
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(rules)) as? [String: Any])
        #expect(Set(encoded.keys) == PlatformRules.fileKeys)
        let schemaPath = Fixtures.repositoryRoot.appendingPathComponent("schemas/rules.schema.json").path
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: schemaPath))) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == PlatformRules.fileKeys)
    }

    @Test func aRulesFileRoundTripsAndTyposNameTheKey() throws {
        var rules = PlatformRules(minimumIntervalSeconds: 1800, leadMinutes: 3, dailyFloor: true)
        rules.recentUseDays = 7
        let path = try Fixtures.temporaryFile(String(decoding: try JSONEncoder().encode(rules), as: UTF8.self), suffix: ".json")
        #expect(try PlatformRules.read(path: path) == rules)
        let typo = try Fixtures.temporaryFile(#"{"leadMinute": 3}"#, suffix: ".json")
        #expect(throws: PlanningError.self) { try PlatformRules.read(path: typo) }
        do { _ = try PlatformRules.read(path: typo) } catch let error as PlanningError {
            #expect(error.field == "\(typo): leadMinute")
        }
        let wrongType = try Fixtures.temporaryFile(#"{"leadMinutes": "soon"}"#, suffix: ".json")
        do { _ = try PlatformRules.read(path: wrongType) } catch let error as PlanningError {
            #expect(error.field == "\(wrongType): leadMinutes")
        }
    }
}
