import DataFormats
import Foundation
import Judging
import LanguageModels

/// The three data sets the degradation tests rewrite: the project's book-tag sample run, SummEval
/// summaries and HANNA stories, each with its rubric and the field its degradations rewrite.
enum DegradationData: String, CaseIterable, CustomStringConvertible, Sendable {
    case book, summEval, hanna

    var description: String { rawValue }

    /// The rows: the sample run's 42, one SummEval summary for each of the first 24 documents,
    /// the 12 HANNA stories.
    var rows: [JSONValue] {
        switch self {
        case .book: Self.bookRows
        case .summEval: Self.summEvalRows
        case .hanna: Self.hannaRows
        }
    }

    var rubric: Rubric {
        switch self {
        case .book: Self.bookRubric
        case .summEval: Self.summEvalRubric
        case .hanna: Self.hannaRubric
        }
    }

    var field: ProbeField { self == .book ? ProbeField("response.tags") : ProbeField("response") }

    /// Every row under the degradation `name`.
    func outcomes(_ name: String, rubric: Rubric? = nil) throws -> [ProbedRow] {
        let probe = try require(try Probe.named([name]).first)
        let rows = rows
        return try rows.indices.map { try probe.outcome(row: $0, of: rows, rubric: rubric ?? self.rubric, field: field) }
    }

    /// The messages the judge is shown for row `index` with its field holding `content`: what a
    /// degradation must send when it rewrites the field to exactly `content`.
    func messages(row index: Int, with content: JSONValue, rubric: Rubric? = nil) throws -> [ChatMessage] {
        try JudgePromptRenderer.messages(for: rubric ?? self.rubric, row: Self.set(content, at: field.path[...], in: rows[index]))
    }

    /// Row `index`'s field as text (a list's items joined by line breaks).
    func text(row index: Int) -> String {
        var value: JSONValue? = rows[index]
        for key in field.path { value = value?[key] }
        return value?.string ?? (value?.array ?? []).compactMap(\.string).joined(separator: "\n")
    }

    /// Row `index`'s field as a list.
    func items(row index: Int) -> [String] { text(row: index).components(separatedBy: "\n") }

    private static func set(_ new: JSONValue, at path: ArraySlice<String>, in value: JSONValue) -> JSONValue {
        guard let key = path.first, case .object(var members) = value else { return new }
        members[key] = set(new, at: path.dropFirst(), in: members[key] ?? .null)
        return .object(members)
    }

    private static let bookRows = load { try Fixtures.bookRows() }
    private static let summEvalRows = load { try Fixtures.summEvalRows(documents: 24) }
    private static let hannaRows = load { try Fixtures.hannaRows() }
    private static let bookRubric = load { try Fixtures.rubric("book-tags.md") }
    private static let summEvalRubric = load { try Fixtures.rubric("summeval.md") }
    private static let hannaRubric = load { try Fixtures.hannaRubric() }

    private static func load<T>(_ body: () throws -> T) -> T {
        do { return try body() } catch { fatalError("cannot read the degradation test data: \(error)") }
    }
}

/// A `#require` for the data helpers, which are not tests themselves.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw InputError(file: "degradations", message: "no such probe") }
    return value
}
