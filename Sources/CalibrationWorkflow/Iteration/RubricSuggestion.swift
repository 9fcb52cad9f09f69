public import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
public import Foundation
public import Judging
public import LanguageModels

/// A revised rubric a model proposed from a disagreement digest, checked and
/// given its lineage, ready to be written as a new version.
///
/// The model sees the rubric's text and the digest, and nothing else: the
/// digest must have been built on a row set (the development rows), so rows
/// kept for validation or a sealed test never reach it. Its reply must be a
/// whole rubric in the Markdown format that parses, passes lint without
/// errors, scores the same dimensions on the same levels, and cites in its
/// worked examples only rows of the digest's row set or rows the rubric
/// already cited. The written file's front matter is the original's name, the
/// new version, the reply's description, and `edited-from: NAME vVERSION sha256:HEX`
/// naming the rubric it was edited from and the SHA-256 of that file's text.
public struct RubricSuggestion: Sendable {
    /// The new rubric file's text.
    public var text: String
    /// The new rubric, as parsed from ``text``.
    public var rubric: Rubric
    /// Lint's warnings on the new rubric (errors refuse it).
    public var warnings: [Diagnostic]
    /// The model's reply as received.
    public var reply: String

    /// The request sent to the model: instructions, the rubric's text and the digest as Markdown.
    public static func request(rubricText: String, digest: DisagreementDigest) -> ChatRequest {
        let system = """
            You revise the rubric an LLM judge scores with, so that the judge agrees with human experts. You \
            receive the rubric (Markdown) and a digest of the rows where the judge and the experts disagreed: per \
            dimension, each pair of levels (expert → judge) with the rubric's text for both, the rows, the \
            judge's rationale and the expert's note. Reply with the complete revised rubric in the same Markdown \
            format and nothing else. Keep the front matter's name, every `# Dimension:` heading and every level \
            label; rewrite the instructions, the dimension descriptions and the level texts so that a judge \
            reading them would place these rows where the experts did. Change only what the disagreements call for.
            """
        let user = "# Rubric\n\n````markdown\n\(rubricText)\n````\n\n# Disagreements\n\n\(digest.renderMarkdown())"
        return ChatRequest(messages: [ChatMessage(.system, system), ChatMessage(.user, user)], temperature: 0)
    }

    /// Asks `model` for a revision of the rubric in the file at `url` from `digest`, and checks the reply.
    ///
    /// - Parameters:
    ///   - file: the name the new rubric is written under, for its messages.
    ///   - version: the new version; `nil` for the next one (an integer version plus one, else the version with `.1`).
    /// - Throws: ``SuggestionError`` when the digest has no row set or no disagreement (the model is not asked),
    ///   or the reply is not a usable rubric; ``InputError`` when the rubric cannot be used
    ///   (``Rubric/loadForUse(from:)``); the model's error when it cannot answer.
    public static func suggest(
        rubricAt url: URL, digest: DisagreementDigest, model: any LanguageModel, file: String, version: String? = nil
    ) async throws -> RubricSuggestion {
        let rubric = try Rubric.loadForUse(from: url)
        let rubricText = String(decoding: try InputFile.read(url), as: UTF8.self)
        guard digest.rowsGiven != nil else { throw SuggestionError.noRowSet }
        guard digest.disagreementCount > 0 else { throw SuggestionError.noDisagreements(digest) }
        let response = try await model.respond(to: request(rubricText: rubricText, digest: digest))
        let reply = response.choices.first?.text ?? ""
        let proposed = try RubricSuggestion.proposed(reply: reply, file: file)
        try check(proposed, against: rubric, digest: digest)
        let lineage = "\(rubric.name)\(rubric.version.map { " v\($0)" } ?? "") sha256:\(SHA256.hexDigest(of: Array(rubricText.utf8)))"
        var front = ["---", "name: \(rubric.name)", "version: \(version ?? nextVersion(after: rubric.version))"]
        if let description = proposed.rubric.summary ?? rubric.summary { front.append("description: \(description)") }
        front += ["edited-from: \(lineage)", "---", ""]
        let text = (front + [proposed.body]).joined(separator: "\n")
        let revised = try Rubric.parse(markdown: text, file: file)
        return RubricSuggestion(text: text, rubric: revised, warnings: RubricLinter.lint(revised), reply: reply)
    }
}
