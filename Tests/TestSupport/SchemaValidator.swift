import Foundation

/// A JSON Schema (draft 2020-12) validator, shared by the FetchPlanner, Evaluation and CLI tests,
/// for the keywords the schemas in `schemas/` use: `type` (one name or an array of names, e.g.
/// `["number", "null"]`), `required`, `properties`, `additionalProperties: false`, `items`, `enum`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `minLength`, `pattern`, `format: date-time` (checked through the
/// pattern the schema pairs with it) and local `$ref` to `#/$defs/…`. Unknown keywords fail loudly
/// so the schema cannot silently outgrow the validator.
public struct SchemaValidator: Sendable {
    let root: [String: _JSON]

    static let known: Set<String> = ["$schema", "$id", "title", "description", "type", "required", "properties",
                                     "additionalProperties", "items", "enum", "minimum", "maximum",
                                     "exclusiveMinimum", "minLength", "pattern", "format", "$ref", "$defs", "default"]

    /// Loads the schema at `path`.
    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        root = try JSONDecoder().decode(_JSON.self, from: data).object ?? [:]
    }

    /// The repository's schema `schemas/<name>.schema.json` (`schedule`, `push-plan`,
    /// `processing-plan`, `evaluation`, `push-evaluation`).
    public init(schema name: String) throws {
        try self.init(path: Fixtures.repositoryRoot.appendingPathComponent("schemas/\(name).schema.json").path)
    }

    /// The repository's schedule schema (`schemas/schedule.schema.json`).
    public static func schedule() throws -> SchemaValidator { try SchemaValidator(schema: "schedule") }

    /// `json` with `edit` applied to its top-level object, re-serialised: the mutated documents of
    /// the negative schema tests.
    public static func mutated(_ json: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        guard var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return json }
        edit(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The problems found in `json` (empty = valid), each with a JSON-path-like location.
    public func errors(json: String) throws -> [String] {
        let value = try JSONDecoder().decode(_JSON.self, from: Data(json.utf8))
        var out: [String] = []
        check(value, root, "$", &out)
        return out
    }

    func check(_ value: _JSON, _ schema: [String: _JSON], _ at: String, _ out: inout [String]) {
        for key in schema.keys.sorted() where !Self.known.contains(key) { out.append("\(at): unsupported keyword \(key)") }
        if let ref = schema["$ref"]?.string {
            let name = ref.replacingOccurrences(of: "#/$defs/", with: "")
            guard let target = root["$defs"]?.object?[name]?.object else {
                out.append("\(at): unresolved \(ref)")
                return
            }
            check(value, target, at, &out)
        }
        if let types = schema["type"].map(Self.typeNames), !types.contains(where: value.matches) {
            out.append("\(at): not \(types.joined(separator: " or "))")
            return
        }
        if let options = schema["enum"]?.array, !options.contains(value) { out.append("\(at): not in enum") }
        if case .number(let n) = value {
            if let m = schema["minimum"]?.number, n < m { out.append("\(at): \(n) < minimum \(m)") }
            if let m = schema["maximum"]?.number, n > m { out.append("\(at): \(n) > maximum \(m)") }
            if let m = schema["exclusiveMinimum"]?.number, n <= m { out.append("\(at): \(n) ≤ \(m)") }
        }
        if case .string(let s) = value { checkString(s, schema, at, &out) }
        if case .object(let object) = value { checkObject(object, schema, at, &out) }
        if case .array(let array) = value, let items = schema["items"]?.object {
            for (k, item) in array.enumerated() { check(item, items, "\(at)[\(k)]", &out) }
        }
    }

    /// `type` as a list of names: `"number"` or `["number", "null"]`.
    static func typeNames(_ type: _JSON) -> [String] {
        type.string.map { [$0] } ?? type.array?.compactMap(\.string) ?? []
    }

    func checkObject(_ object: [String: _JSON], _ schema: [String: _JSON], _ at: String, _ out: inout [String]) {
        for key in schema["required"]?.array?.compactMap(\.string) ?? [] where object[key] == nil {
            out.append("\(at): missing \(key)")
        }
        let properties = schema["properties"]?.object ?? [:]
        for key in object.keys.sorted() {
            if let sub = properties[key]?.object, let v = object[key] {
                check(v, sub, "\(at).\(key)", &out)
            } else if schema["additionalProperties"] == .bool(false) {
                out.append("\(at): unexpected property \(key)")
            }
        }
    }

    func checkString(_ s: String, _ schema: [String: _JSON], _ at: String, _ out: inout [String]) {
        if let m = schema["minLength"]?.number, Double(s.count) < m { out.append("\(at): shorter than \(m)") }
        if let pattern = schema["pattern"]?.string, s.range(of: pattern, options: .regularExpression) == nil {
            out.append("\(at): '\(s)' does not match \(pattern)")
        }
        if schema["format"]?.string == "date-time", schema["pattern"] == nil { out.append("\(at): date-time needs a pattern") }
    }
}

/// A decoded JSON value that keeps booleans and numbers apart.
enum _JSON: Decodable, Equatable, Sendable {
    case object([String: _JSON]), array([_JSON]), string(String), number(Double), bool(Bool), null

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([_JSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: _JSON].self)) }
    }

    var object: [String: _JSON]? { if case .object(let o) = self { return o }; return nil }
    var array: [_JSON]? { if case .array(let a) = self { return a }; return nil }
    var string: String? { if case .string(let s) = self { return s }; return nil }
    var number: Double? { if case .number(let n) = self { return n }; return nil }

    func matches(_ type: String) -> Bool {
        switch (type, self) {
        case ("object", .object), ("array", .array), ("string", .string), ("number", .number), ("boolean", .bool),
             ("null", .null): return true
        case ("integer", .number(let n)): return n == n.rounded()
        default: return false
        }
    }
}
