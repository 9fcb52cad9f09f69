public import DataFormats

/// What a pairwise comparison shows the judge for one row of a pairwise run: the input, the two
/// responses a and b, and the rubric's reference.
///
/// A pairwise run's row holds its two responses as `"response": {"a": …, "b": …}` (strings, or
/// any JSON, shown as compact JSON); its `input`, when it is a non-empty string or any other
/// non-empty JSON, is shown as the input (docs/FORMATS.md, "A pairwise run").
public struct PairwiseContent: Sendable, Hashable {
    /// The input both responses answer, if the row has one.
    public var input: String?
    /// Response a, shown first in the given order.
    public var a: String
    /// Response b.
    public var b: String
    /// The rubric's reference, rendered for the row.
    public var reference: [LabelledText]

    /// Content given directly.
    public init(input: String?, a: String, b: String, reference: [LabelledText] = []) {
        self.input = input
        self.a = a
        self.b = b
        self.reference = reference
    }

    /// The content of `row` (a frozen row's JSON) under `rubric`.
    ///
    /// - Parameter file: the run's name for a message.
    /// - Throws: ``InputError`` naming the row and `response.a` or `response.b` when a response is
    ///   missing; a reference template's error.
    public init(row: JSONValue, rubric: Rubric, file: String) throws {
        let id = row["id"]?.string ?? "?"
        func text(_ value: JSONValue?) -> String? {
            switch value {
            case nil, .null?: nil
            case .string(let s)?: s.isEmpty ? nil : s
            case .object(let o)? where o.isEmpty: nil
            case .array(let a)? where a.isEmpty: nil
            case let other?: other.compactJSON
            }
        }
        func response(_ key: String) throws -> String {
            guard let value = text(row["response"]?[key]) else {
                throw InputError(
                    file: file, column: "response.\(key)",
                    message: "row \(id) has no response.\(key); a pairwise run's rows hold "
                        + "\"response\": {\"a\": …, \"b\": …} (docs/FORMATS.md, A pairwise run)")
            }
            return value
        }
        self.init(
            input: text(row["input"]), a: try response("a"), b: try response("b"),
            reference: try rubric.reference.map { LabelledText(label: $0.label, text: try $0.template.render(row)) })
    }
}
