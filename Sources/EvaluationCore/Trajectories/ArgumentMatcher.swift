public import DataFormats

/// How one argument of a tool call is checked.
///
/// The nine cases, each naming the argument it reads (`argumentName`):
///
/// | case | passes when the argument… |
/// |---|---|
/// | ``exact(argumentName:value:)`` | equals `value` (JSON equality: `5` equals `5.0`, object keys in any order, strings case-sensitive) |
/// | ``contains(argumentName:value:)`` | is a string containing the string `value`; an array with an element equal to `value`; or an object of which the object `value` is a subset, recursively (a JSON subset) |
/// | ``range(argumentName:_:)`` | is a JSON number within the closed range (a numeric tolerance is `4.5...5.5`); a numeric *string* does not pass |
/// | ``naturalLanguage(argumentName:criteria:)`` | satisfies `criteria` in the opinion of a model judge (an ``ArgumentJudge``) |
/// | ``keyOnly(argumentName:)`` | is present, whatever its value |
/// | ``hasPrefix(argumentName:_:)`` | is a string starting with the prefix (case-sensitive) |
/// | ``hasSuffix(argumentName:_:)`` | is a string ending with the suffix (case-sensitive) |
/// | ``regex(argumentName:pattern:)`` | is a string that the regular expression matches *whole* (write `.*gothic.*` to search) |
/// | ``oneOf(argumentName:values:)`` | equals one of `values` (JSON equality, as `exact`) |
///
/// The first seven are the names Apple's Evaluations framework uses; the last
/// two complete the nine. An argument that is absent or JSON `null` fails
/// every matcher, `keyOnly` included: a tool's optional argument left as
/// `null` was not given. A matcher on the arguments of a call whose
/// arguments are not a JSON object fails, saying so.
///
/// In files a matcher is a JSON object with `kind` (the case's name) and
/// `argument`, plus `value` (exact, contains), `min` and `max` (range),
/// `criteria` (naturalLanguage), `prefix`, `suffix`, `pattern` or `values`.
public enum ArgumentMatcher: Sendable, Hashable {
    /// The argument equals `value`.
    case exact(argumentName: String, value: JSONValue)
    /// The argument contains `value`: substring, array element, or JSON subset.
    case contains(argumentName: String, value: JSONValue)
    /// The argument is a number in the closed range.
    case range(argumentName: String, ClosedRange<Double>)
    /// A model judge finds that the argument meets `criteria`.
    case naturalLanguage(argumentName: String, criteria: String)
    /// The argument is present, with any value.
    case keyOnly(argumentName: String)
    /// The argument is a string starting with the prefix.
    case hasPrefix(argumentName: String, String)
    /// The argument is a string ending with the suffix.
    case hasSuffix(argumentName: String, String)
    /// The argument is a string the pattern matches whole (Swift `Regex` syntax).
    case regex(argumentName: String, pattern: String)
    /// The argument equals one of `values`.
    case oneOf(argumentName: String, values: [JSONValue])

    /// The name of the argument the matcher reads.
    public var argumentName: String {
        switch self {
        case .exact(let name, _), .contains(let name, _), .range(let name, _), .naturalLanguage(let name, _),
            .keyOnly(let name), .hasPrefix(let name, _), .hasSuffix(let name, _), .regex(let name, _),
            .oneOf(let name, _):
            name
        }
    }

    /// The case's name, as files write it in `kind`.
    public var kind: String {
        switch self {
        case .exact: "exact"
        case .contains: "contains"
        case .range: "range"
        case .naturalLanguage: "naturalLanguage"
        case .keyOnly: "keyOnly"
        case .hasPrefix: "hasPrefix"
        case .hasSuffix: "hasSuffix"
        case .regex: "regex"
        case .oneOf: "oneOf"
        }
    }

    /// The kinds, in the order of the table above.
    public static let kinds = [
        "exact", "contains", "range", "naturalLanguage", "keyOnly", "hasPrefix", "hasSuffix", "regex", "oneOf",
    ]

    /// Whether checking the matcher asks a model judge.
    public var asksJudge: Bool {
        if case .naturalLanguage = self { return true }
        return false
    }
}
