public import DataFormats
internal import Foundation

/// Checks a JSON value against a JSON Schema, for the keywords a generated sample's shape needs.
///
/// Checked: `type` (one name or a list; `integer` is a number with no fraction), `enum`, `const`,
/// `properties`, `required`, `additionalProperties: false`, `items`, `minItems`, `maxItems`,
/// `uniqueItems`, `minLength`, `maxLength` (in characters), `pattern` (ICU regular expression,
/// unanchored as JSON Schema says), `minimum`, `maximum`. Annotations (`title`, `description`,
/// `$schema`, `$id`, `default`, `examples`) are read past. Any other keyword is refused when the
/// check is made, never silently ignored: a schema that says more than is checked is an error.
public struct JSONSchemaCheck: Sendable {
    /// The schema.
    public let schema: JSONValue
    private static let checked: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
        "uniqueItems", "minLength", "maxLength", "pattern", "minimum", "maximum",
    ]
    private static let annotations: Set<String> = ["title", "description", "$schema", "$id", "default", "examples"]

    /// A check against `schema`.
    ///
    /// - Throws: ``SampleGenerationError`` naming a keyword that is not checked, with its path,
    ///   or a schema (or subschema) that is not an object.
    public init(_ schema: JSONValue) throws {
        try Self.vet(schema, path: "#")
        self.schema = schema
    }

    /// The first way `value` breaks the schema (`$.response.tags: 2 items; at least 3`), or `nil`.
    public func violation(of value: JSONValue) -> String? { Self.violation(of: value, schema: schema, path: "$") }

    private static func vet(_ schema: JSONValue, path: String) throws {
        guard case .object(let members) = schema else { throw SampleGenerationError("\(path): a schema must be an object") }
        for key in members.keys.sorted() where !checked.contains(key) && !annotations.contains(key) {
            throw SampleGenerationError(
                "\(path): the keyword \"\(key)\" is not checked; checked are \(checked.sorted().joined(separator: ", "))")
        }
        if case .object(let properties) = members["properties"] {
            for (name, sub) in properties { try vet(sub, path: "\(path)/properties/\(name)") }
        }
        if let items = members["items"] { try vet(items, path: "\(path)/items") }
    }

    private static func violation(of value: JSONValue, schema: JSONValue, path: String) -> String? {
        if let types = schema["type"], !(types.array ?? [types]).contains(where: { has(value, type: $0.string ?? "") }) {
            return "\(path): \(kind(of: value)); expected \((types.array ?? [types]).compactMap(\.string).joined(separator: " or "))"
        }
        if let options = schema["enum"]?.array, !options.contains(value) {
            return "\(path): \(value) is not one of \(JSONValue.array(options))"
        }
        if let constant = schema["const"], constant != value { return "\(path): \(value) is not \(constant)" }
        switch value {
        case .object(let members):
            for name in schema["required"]?.array?.compactMap(\.string) ?? [] where members[name] == nil {
                return "\(path): no \"\(name)\""
            }
            var properties: [String: JSONValue] = [:]
            if case .object(let declared) = schema["properties"] { properties = declared }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let sub = properties[name] {
                    if let problem = violation(of: member, schema: sub, path: "\(path).\(name)") { return problem }
                } else if schema["additionalProperties"] == .bool(false) {
                    return "\(path): \"\(name)\" is not allowed"
                }
            }
        case .array(let elements):
            if let least = schema["minItems"]?.double, Double(elements.count) < least {
                return "\(path): \(elements.count) items; at least \(least.plainText)"
            }
            if let most = schema["maxItems"]?.double, Double(elements.count) > most {
                return "\(path): \(elements.count) items; at most \(most.plainText)"
            }
            if schema["uniqueItems"] == .bool(true), Set(elements).count < elements.count { return "\(path): repeated items" }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    if let problem = violation(of: element, schema: items, path: "\(path)[\(index)]") { return problem }
                }
            }
        case .string(let text):
            if let least = schema["minLength"]?.double, Double(text.count) < least {
                return "\(path): \(text.count) characters; at least \(least.plainText)"
            }
            if let most = schema["maxLength"]?.double, Double(text.count) > most {
                return "\(path): \(text.count) characters; at most \(most.plainText)"
            }
            if let pattern = schema["pattern"]?.string, text.range(of: pattern, options: .regularExpression) == nil {
                return "\(path): \"\(text)\" does not match \(pattern)"
            }
        case .number(let number):
            if let least = schema["minimum"]?.double, number < least {
                return "\(path): \(number.plainText) is below \(least.plainText)"
            }
            if let most = schema["maximum"]?.double, number > most {
                return "\(path): \(number.plainText) is above \(most.plainText)"
            }
        case .bool, .null:
            break
        }
        return nil
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (value, type) {
        case (.object, "object"), (.array, "array"), (.string, "string"), (.number, "number"), (.bool, "boolean"),
            (.null, "null"):
            true
        case (.number(let number), "integer"): number.rounded() == number
        default: false
        }
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
