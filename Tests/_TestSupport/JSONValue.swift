import Foundation
public import Testing

/// Any JSON value, for reading test vectors whose layout varies by case.
public enum JSONValue: Sendable, Hashable, Decodable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): String(b)
        case .number(let d): String(d)
        case .string(let s): "\"\(s)\""
        case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o): "{" + o.keys.sorted().map { "\($0): \(o[$0]!.description)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One case of `reference/agreement-vectors.json`.
public struct ReferenceCase: Sendable, Decodable, CustomTestStringConvertible {
    public var id: String
    public var statistic: String
    public var params: JSONValue
    public var data: JSONValue
    public var expected: JSONValue
    public var expectedSpecial: String?
    public var tolerance: Double
    public var source: String?
    public var computedBy: JSONValue?

    enum CodingKeys: String, CodingKey {
        case id, statistic, params, data, expected, tolerance, source
        case expectedSpecial = "expected_special"
        case computedBy = "computed_by"
    }

    public var testDescription: String { id }
}

/// The published and cross-checked statistics vectors.
public enum ReferenceVectors {
    private struct File: Decodable { var cases: [ReferenceCase] }

    /// Every case in the file.
    public static let all: [ReferenceCase] = {
        let url = SharedData.url("reference/agreement-vectors.json")
        do {
            let data = try Data(contentsOf: url)
            return try JSONDecoder().decode(File.self, from: data).cases
        } catch {
            fatalError("cannot read the reference vectors at \(url.path): \(error)")
        }
    }()

    /// The cases for the given statistics, in file order.
    public static func cases(_ statistics: String...) -> [ReferenceCase] {
        all.filter { statistics.contains($0.statistic) }
    }
}
