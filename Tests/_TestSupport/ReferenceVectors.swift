public import DataFormats
import Foundation
public import Testing

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
