package import DataFormats

/// The field of a row that the response probes rewrite: a dotted path into the row's JSON
/// (`response`, `response.tags`, `response.summary`) that must hold a string or a list of strings.
public struct ProbeField: Sendable, Hashable, CustomStringConvertible {
    /// The path's members, outermost first.
    public var path: [String]

    /// The field at `dotted` (`response.tags`).
    public init(_ dotted: String) {
        path = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public var description: String { path.joined(separator: ".") }

    /// What the field holds in one row.
    package enum Content: Hashable {
        case text(String)
        case list([String])
    }

    /// The field's content in `row`.
    ///
    /// - Throws: ``ProbeError`` (`missing-field`, `not-text`) naming the probe, the row and what
    ///   the field holds instead.
    package func content(of row: JSONValue, probe: String) throws(ProbeError) -> Content {
        var value: JSONValue? = row
        for key in path { value = value?[key] }
        let id = row["id"]?.string ?? "?"
        guard let value, value != .null else {
            throw ProbeError(
                code: "missing-field",
                message: "the \(probe) probe rewrites the field \(self), and row \(id) has no \(self); "
                    + "name the field that holds the text under judgment (for example response or response.tags)",
                problem: .missingField(probe: probe, field: description, row: id))
        }
        if let text = value.string { return .text(text) }
        if let items = value.array {
            let strings = items.compactMap(\.string)
            if strings.count == items.count { return .list(strings) }
        }
        var textFields: [String] = []
        if case .object(let members) = value {
            textFields = members.filter { $0.value.string != nil || $0.value.array != nil }.keys.sorted().map { "\(self).\($0)" }
        }
        throw ProbeError(
            code: "not-text",
            message: "the \(probe) probe rewrites text, and the field \(self) of row \(id) holds \(value.kindName), "
                + "not a string or a list of strings; name another field" + Self.textFieldsHint(textFields),
            problem: .notText(probe: probe, field: description, row: id, kind: value.kindName, textFields: textFields))
    }

    /// The end of a `not-text` message: the text fields of the object the field holds, if any
    /// (`; its text fields: response.tags, response.title`).
    public static func textFieldsHint(_ textFields: [String]) -> String {
        textFields.isEmpty ? "" : "; its text fields: " + textFields.joined(separator: ", ")
    }

    /// The text of `row` other than the field: every string in it, members in key order, less the
    /// field itself and the bookkeeping members `id` and `metadata` — where the degradations look
    /// for the row's figures, names and words.
    func otherText(in row: JSONValue) -> [String] {
        func strings(_ value: JSONValue, at path: [String]) -> [String] {
            if path == self.path { return [] }
            switch value {
            case .string(let text): return [text]
            case .array(let items): return items.flatMap { strings($0, at: path) }
            case .object(let members):
                return members.keys.sorted().filter { !(path.isEmpty && ["id", "metadata"].contains($0)) }
                    .flatMap { key in members[key].map { strings($0, at: path + [key]) } ?? [] }
            case .null, .bool, .number: return []
            }
        }
        return strings(row, at: [])
    }

    /// `row` with the field set to `content`.
    package func replacing(_ content: Content, in row: JSONValue) -> JSONValue {
        let new: JSONValue
        switch content {
        case .text(let text): new = .string(text)
        case .list(let items): new = .array(items.map(JSONValue.string))
        }
        return Self.set(new, at: path[...], in: row)
    }

    private static func set(_ new: JSONValue, at path: ArraySlice<String>, in value: JSONValue) -> JSONValue {
        guard let key = path.first else { return new }
        guard case .object(var members) = value else { return value }
        members[key] = set(new, at: path.dropFirst(), in: members[key] ?? .null)
        return .object(members)
    }
}

extension JSONValue {
    /// A word for what the value is, for messages: `an object`, `a number`.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a true/false value"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list that is not all strings"
        case .object: "an object"
        }
    }
}
