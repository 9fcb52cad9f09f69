/// Any JSON value: a row of a frozen run, a JSON schema, a test vector.
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The number, or `nil`.
    public var double: Double? {
        if case .number(let d) = self { return d }
        return nil
    }

    /// The string, or `nil`.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements of an array, or `nil`.
    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }

    /// An array of numbers, `nil` entries standing for JSON `null`.
    public var optionalDoubles: [Double?]? {
        array?.map { $0.double }
    }

    /// An array of numbers with no nulls.
    public var doubles: [Double]? {
        guard let a = array else { return nil }
        let d = a.compactMap(\.double)
        return d.count == a.count ? d : nil
    }

    /// A matrix of numbers, `nil` entries standing for JSON `null`.
    public var optionalMatrix: [[Double?]]? {
        array?.compactMap { $0.optionalDoubles }
    }

    public var description: String { compactJSON }
}
