import Foundation
import Testing
import TestSupport

/// The platform guide's snippets read schedules and push plans by field name: every name they use
/// must be a property in the schemas, so the guide cannot drift from the documents.
@Suite struct PlatformGuideTests {
    static func propertyNames(_ schema: String) throws -> Set<String> {
        let url = Fixtures.repositoryRoot.appendingPathComponent("schemas/\(schema).schema.json")
        var names = Set<String>()
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { names.formUnion(properties.keys) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: Data(contentsOf: url)))
        return names
    }

    /// Field names read in the guide's code: `["name"]` (Swift, Python) and `getString("name")`-style
    /// calls (Kotlin's org.json).
    static func fieldsUsed(in text: String) throws -> Set<String> {
        let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let pattern = try Regex(#"(?:\[|get(?:String|Long|Double|JSONArray|JSONObject)\()"([A-Za-z]+)"[\])]"#)
        var names = Set<String>()
        for block in blocks {
            for match in block.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func everyFieldTheSnippetsReadIsInTheSchemas() throws {
        let guide = Fixtures.repositoryRoot.appendingPathComponent("Sources/FetchPlanner/FetchPlanner.docc/PlatformRequests.md")
        let used = try Self.fieldsUsed(in: String(contentsOf: guide, encoding: .utf8))
        let known = try Self.propertyNames("schedule").union(Self.propertyNames("push-plan"))
        // HTTP/2 header names and APNs payload keys are Apple's, not Reveille's.
        let apple: Set<String> = ["aps"]
        #expect(used.isSuperset(of: ["windows", "app", "earliestBegin", "reasonCode", "pushes", "sendAt", "sendAtUnix"]))
        #expect(used.subtracting(known).subtracting(apple).isEmpty, "not in the schemas: \(used.subtracting(known).subtracting(apple).sorted())")
    }

    @Test func aMisspelledFieldIsCaught() throws {
        let used = try Self.fieldsUsed(in: "text\n```swift\nlet x = window[\"earliestBeginDate\"]\n```\n")
        #expect(used == ["earliestBeginDate"])
        #expect(!(try Self.propertyNames("schedule")).contains("earliestBeginDate"))
    }
}
