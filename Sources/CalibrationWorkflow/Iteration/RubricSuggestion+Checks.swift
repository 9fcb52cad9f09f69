import Calibration
import CalibrationData
import DataFormats
import Foundation
import Judging

extension RubricSuggestion {
    /// A reply read as a rubric: the rubric, and its text after the front matter.
    struct Proposed {
        var rubric: Rubric
        var body: String
    }

    /// The reply as a rubric: when it holds a code fence (```` ```markdown ````), the text between the first
    /// opening fence line and the last fence line (prose around it dropped, fences inside the rubric kept);
    /// then parsed and linted.
    ///
    /// - Throws: ``SuggestionError`` with the parser's or lint's first error.
    static func proposed(reply: String, file: String) throws -> Proposed {
        var lines = reply.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        let isFence = { (line: String) in line.trimmingCharacters(in: .whitespaces).hasPrefix("```") }
        if let open = lines.firstIndex(where: isFence), let close = lines.lastIndex(where: isFence), open < close {
            lines = Array(lines[(open + 1)..<close])
        }
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        let text = lines.joined(separator: "\n")
        let rubric: Rubric
        do {
            rubric = try Rubric.parse(markdown: text, file: file)
        } catch let error as InputError {
            throw SuggestionError.notARubric(error.description)
        }
        if let error = RubricLinter.lint(rubric).first(where: { $0.severity == .error }) {
            throw SuggestionError.notARubric(error.description)
        }
        // The body: everything after the closing `---` of the front matter (the parser has checked it is there).
        var body = lines
        if body.first?.trimmingCharacters(in: .whitespaces) == "---",
            let close = body.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
        {
            body = Array(body[(close + 1)...])
        }
        return Proposed(rubric: rubric, body: body.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n")
    }

    /// The revision must score the same dimensions on the same levels, and cite in its worked examples only rows
    /// of the digest's row set or rows the original already cited.
    static func check(_ proposed: Proposed, against original: Rubric, digest: DisagreementDigest) throws {
        let shape = { (r: Rubric) in r.dimensions.map { "\($0.name): \($0.scale.levels.map(\.label).joined(separator: ", "))" } }
        guard shape(proposed.rubric) == shape(original) else {
            throw SuggestionError.changedScales(was: shape(original), now: shape(proposed.rubric))
        }
        let allowed = Set(digest.rowSet ?? []).union(original.exampleRowIDs)
        if let stranger = proposed.rubric.examples.compactMap(\.rowID).first(where: { !allowed.contains($0) }) {
            throw SuggestionError.citesUnseenRow(stranger)
        }
    }

    /// The version after `version`: an integer plus one, anything else with `.1` added; `2` when there was none.
    static func nextVersion(after version: String?) -> String {
        guard let version else { return "2" }
        return Int(version).map { String($0 + 1) } ?? version + ".1"
    }
}

/// Why `judgecal suggest` wrote no rubric, in a sentence a user can act on.
public struct SuggestionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and what to do, in the library's words.
    public let message: String
    /// What went wrong, where the way out is a setting of the caller's (which rows to show), for
    /// a tool to word naming its options; `nil` when ``message`` says all.
    public let problem: Problem?

    /// What went wrong, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// No row set was given: the model may be shown development rows only.
        case noRowSet
        /// The revision's worked example cites this row, which is not among the rows given.
        case citesUnseenRow(String)
    }

    init(message: String, problem: Problem? = nil) {
        self.message = message
        self.problem = problem
    }

    static let noRowSet = SuggestionError(
        message: "suggest shows the model development rows only: give their ids or the development split, so validation and test rows stay unseen",
        problem: .noRowSet)

    static func noDisagreements(_ digest: DisagreementDigest) -> SuggestionError {
        SuggestionError(
            message:
                "no disagreements on the \(digest.rowsGiven ?? digest.rowsInRun) rows given: the judge agrees with the experts on every row it scored, so there is nothing to revise from (the model was not asked)"
        )
    }

    static func notARubric(_ problem: String) -> SuggestionError {
        SuggestionError(message: "the model's reply is not a usable rubric (\(problem)); nothing was written")
    }

    static func changedScales(was: [String], now: [String]) -> SuggestionError {
        SuggestionError(
            message:
                "the model changed the dimensions or their levels (was \(was.joined(separator: "; ")); now \(now.joined(separator: "; "))), so the expert labels no longer fit; nothing was written"
        )
    }

    static func citesUnseenRow(_ row: String) -> SuggestionError {
        SuggestionError(
            message: "the revision's worked example cites row \(row), which is not among the rows given; nothing was written",
            problem: .citesUnseenRow(row))
    }

    public var description: String { message }
}
