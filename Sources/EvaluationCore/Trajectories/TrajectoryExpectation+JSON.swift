public import DataFormats

/// A transcript, trajectory expectation, tool expectation or matcher written wrongly: the
/// path of the field at fault (`unordered[0].arguments[1].kind`) and what was
/// expected there.
public struct ToolCallFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's path inside the expectation.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The JSON form of expectations, as files hold them:
///
/// ```json
/// {"ordered": [{"name": "searchBooks", "arguments": [{"kind": "exact", "argument": "tag", "value": "gothic"}]}],
///  "unordered": [], "disallowed": [{"name": "findSimilarBooks"}], "allowsAdditionalToolCalls": true}
/// ```
///
/// Every key is optional (lists default to empty, the allowance to `false`);
/// an unknown key is an error, so a misspelt `disalowed` is not read as no
/// forbidden tools.
extension TrajectoryExpectation: Codable {
    /// The expectation as JSON.
    public var json: JSONValue {
        .object([
            "ordered": .array(ordered.map(\.json)), "unordered": .array(unordered.map(\.json)),
            "disallowed": .array(disallowed.map(\.json)), "allowsAdditionalToolCalls": .bool(allowsAdditionalToolCalls),
        ])
    }

    /// Reads an expectation from its JSON.
    ///
    /// - Throws: ``ToolCallFormatError`` naming the field at fault.
    public init(json: JSONValue, path: String = "") throws(ToolCallFormatError) {
        let fields = try Self.object(json, path, allowed: ["ordered", "unordered", "disallowed", "allowsAdditionalToolCalls"])
        func list(_ key: String) throws(ToolCallFormatError) -> [ToolExpectation] {
            guard let value = fields[key], value != .null else { return [] }
            guard case .array(let items) = value else {
                throw ToolCallFormatError(path: Self.join(path, key), message: "expected a list of tool expectations")
            }
            var out: [ToolExpectation] = []
            for (i, item) in items.enumerated() { out.append(try ToolExpectation(json: item, path: Self.join(path, "\(key)[\(i)]"))) }
            return out
        }
        var allows = false
        switch fields["allowsAdditionalToolCalls"] {
        case nil, .null?: break
        case .bool(let b)?: allows = b
        case let other?:
            throw ToolCallFormatError(
                path: Self.join(path, "allowsAdditionalToolCalls"), message: "expected true or false, found \(other.compactJSON)")
        }
        self.init(
            ordered: try list("ordered"), unordered: try list("unordered"), allowsAdditionalToolCalls: allows,
            disallowed: try list("disallowed"))
    }

    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(json: value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

    static func object(_ value: JSONValue, _ path: String, allowed: [String]) throws(ToolCallFormatError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw ToolCallFormatError(path: path, message: "expected an object, found \(value.compactJSON)")
        }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ToolCallFormatError(
                path: join(path, unknown), message: "unknown key; expected one of \(allowed.joined(separator: ", "))")
        }
        return fields
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : key.hasPrefix("[") ? path + key : "\(path).\(key)"
    }
}

extension ToolExpectation {
    /// The expectation as JSON: `{"name": …, "arguments": [matchers]}`.
    public var json: JSONValue {
        .object(["name": .string(name), "arguments": .array(arguments.map(\.json))])
    }

    /// Reads a tool expectation from its JSON.
    ///
    /// - Throws: ``ToolCallFormatError`` naming the field at fault.
    public init(json: JSONValue, path: String) throws(ToolCallFormatError) {
        let fields = try TrajectoryExpectation.object(json, path, allowed: ["name", "arguments"])
        guard case .string(let name)? = fields["name"], !name.isEmpty else {
            throw ToolCallFormatError(path: TrajectoryExpectation.join(path, "name"), message: "expected the tool's name")
        }
        var matchers: [ArgumentMatcher] = []
        switch fields["arguments"] {
        case nil, .null?: break
        case .array(let items)?:
            for (i, item) in items.enumerated() {
                matchers.append(try ArgumentMatcher(json: item, path: TrajectoryExpectation.join(path, "arguments[\(i)]")))
            }
        case let other?:
            throw ToolCallFormatError(
                path: TrajectoryExpectation.join(path, "arguments"), message: "expected a list of matchers, found \(other.compactJSON)")
        }
        self.init(name, arguments: matchers)
    }
}

extension ArgumentMatcher {
    /// The matcher as JSON: `{"kind": …, "argument": …}` and the case's own keys.
    public var json: JSONValue {
        var fields: [String: JSONValue] = ["kind": .string(kind), "argument": .string(argumentName)]
        switch self {
        case .exact(_, let value), .contains(_, let value): fields["value"] = value
        case .range(_, let range):
            fields["min"] = .number(range.lowerBound)
            fields["max"] = .number(range.upperBound)
        case .naturalLanguage(_, let criteria): fields["criteria"] = .string(criteria)
        case .keyOnly: break
        case .hasPrefix(_, let prefix): fields["prefix"] = .string(prefix)
        case .hasSuffix(_, let suffix): fields["suffix"] = .string(suffix)
        case .regex(_, let pattern): fields["pattern"] = .string(pattern)
        case .oneOf(_, let values): fields["values"] = .array(values)
        }
        return .object(fields)
    }

    /// Reads a matcher from its JSON.
    ///
    /// - Throws: ``ToolCallFormatError`` naming the field at fault: an
    ///   unknown kind (with the nine listed), a missing or mistyped key, a
    ///   range whose `min` exceeds its `max`.
    public init(json: JSONValue, path: String) throws(ToolCallFormatError) {
        guard case .object(let fields) = json, case .string(let kind)? = fields["kind"] else {
            throw ToolCallFormatError(
                path: path, message: "expected a matcher {\"kind\": …, \"argument\": …}, found \(json.compactJSON)")
        }
        let own: [String: [String]] = [
            "exact": ["value"], "contains": ["value"], "range": ["min", "max"], "naturalLanguage": ["criteria"],
            "keyOnly": [], "hasPrefix": ["prefix"], "hasSuffix": ["suffix"], "regex": ["pattern"], "oneOf": ["values"],
        ]
        guard let keys = own[kind] else {
            throw ToolCallFormatError(
                path: TrajectoryExpectation.join(path, "kind"),
                message: "unknown matcher \(JSONValue.quoted(kind)); expected one of \(Self.kinds.joined(separator: ", "))")
        }
        _ = try TrajectoryExpectation.object(json, path, allowed: ["kind", "argument"] + keys)
        guard case .string(let argument)? = fields["argument"], !argument.isEmpty else {
            throw ToolCallFormatError(path: TrajectoryExpectation.join(path, "argument"), message: "expected the argument's name")
        }
        func required(_ key: String) throws(ToolCallFormatError) -> JSONValue {
            guard let value = fields[key] else {
                throw ToolCallFormatError(path: TrajectoryExpectation.join(path, key), message: "missing; a \(kind) matcher needs it")
            }
            return value
        }
        func text(_ key: String) throws(ToolCallFormatError) -> String {
            guard case .string(let s) = try required(key) else {
                throw ToolCallFormatError(path: TrajectoryExpectation.join(path, key), message: "expected a string")
            }
            return s
        }
        func number(_ key: String) throws(ToolCallFormatError) -> Double {
            guard case .number(let d) = try required(key) else {
                throw ToolCallFormatError(path: TrajectoryExpectation.join(path, key), message: "expected a number")
            }
            return d
        }
        switch kind {
        case "exact": self = .exact(argumentName: argument, value: try required("value"))
        case "contains": self = .contains(argumentName: argument, value: try required("value"))
        case "range":
            let (low, high) = (try number("min"), try number("max"))
            guard low <= high else {
                throw ToolCallFormatError(path: TrajectoryExpectation.join(path, "min"), message: "\(low) is above max \(high)")
            }
            self = .range(argumentName: argument, low...high)
        case "naturalLanguage": self = .naturalLanguage(argumentName: argument, criteria: try text("criteria"))
        case "hasPrefix": self = .hasPrefix(argumentName: argument, try text("prefix"))
        case "hasSuffix": self = .hasSuffix(argumentName: argument, try text("suffix"))
        case "regex": self = .regex(argumentName: argument, pattern: try text("pattern"))
        case "oneOf":
            guard case .array(let values) = try required("values") else {
                throw ToolCallFormatError(path: TrajectoryExpectation.join(path, "values"), message: "expected a list of values")
            }
            self = .oneOf(argumentName: argument, values: values)
        default: self = .keyOnly(argumentName: argument)
        }
    }
}
