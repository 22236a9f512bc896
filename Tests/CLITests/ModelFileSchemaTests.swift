import Foundation
import Testing
import TestSupport

/// `reveille train` writes what `schemas/model.schema.json` describes.
@Suite struct ModelFileSchemaTests {
    @Test func aTrainedModelFileMatchesItsSchema() throws {
        let model = try DeviceLocalTimeCommandTests.train(DeviceLocalTimeCommandTests.twoZoneHistory(), ["--zone", "Asia/Kolkata"])
        let text = try String(contentsOfFile: model, encoding: .utf8)
        let validator = try SchemaValidator(schema: "model")
        #expect(try validator.errors(json: text) == [])
        // The validator checks the top level; each model's and profile's keys are checked here.
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repositoryRoot
            .appendingPathComponent("schemas/model.schema.json"))) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: [String: Any]])
        let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let devices = try #require(file["devices"] as? [String: [String: Any]])
        #expect(devices.count == 2)
        for (name, def) in [("model", defs["model"]), ("profile", defs["profile"])] {
            let properties = Set(try #require(def?["properties"] as? [String: Any]).keys)
            let required = Set(try #require(def?["required"] as? [String]))
            for model in devices.values {
                let objects = name == "model" ? [model] : (model["profiles"] as? [[String: Any]] ?? [])
                #expect(!objects.isEmpty)
                for object in objects {
                    #expect(Set(object.keys).isSubset(of: properties), "\(name): \(Set(object.keys).subtracting(properties))")
                    #expect(required.isSubset(of: Set(object.keys)), "\(name): \(required.subtracting(Set(object.keys)))")
                }
            }
        }
    }
}
