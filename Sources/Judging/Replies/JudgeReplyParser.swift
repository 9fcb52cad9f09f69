import DataFormats
import EvaluationCore
import Foundation
import StatisticsCore

/// One dimension's score as the judge wrote it.
public struct WrittenScore: Sendable, Hashable {
    /// The dimension's name.
    public var dimension: String
    /// The level the judge chose.
    public var level: ScaleLevel
    /// The judge's rationale.
    public var rationale: String
    /// Where the score's first character sits in the reply, in UTF-8 bytes
    /// (a quoted label's opening quote excluded): the position whose token
    /// log-probabilities give a probability-weighted score.
    public var utf8Offset: Int

    /// Creates a written score.
    public init(dimension: String, level: ScaleLevel, rationale: String, utf8Offset: Int) {
        self.dimension = dimension
        self.level = level
        self.rationale = rationale
        self.utf8Offset = utf8Offset
    }
}

/// Reads a judge's reply: finds the JSON object (prose or a code fence around
/// it is tolerated), decodes it, and checks that every dimension has a
/// rationale and a score on its scale.
///
/// A score matches a level when it is a number equal to a numeric level's
/// value, or a string equal to a level's label (ignoring case and surrounding
/// spaces). Anything else — a score off the scale, a fraction on an integer
/// scale, a missing member, a reply cut off by the token limit, a refusal with
/// no JSON, a blank rationale or the prompt's placeholder copied as one — is
/// a ``JudgeReplyError``; nothing is coerced to the nearest or lowest level.
public enum JudgeReplyParser {
    /// The scores in `reply`, one per dimension in the dimensions' order.
    ///
    /// - Parameters:
    ///   - reply: the reply's text.
    ///   - dimensions: what the judge was asked to score.
    ///   - finishReason: the server's finish reason; `length` marks a reply cut
    ///     off by the token limit. An object that opens and never closes is
    ///   `truncated` when the reason is `length` or unknown (`nil`), and
    ///   `invalid-json` when the server says the reply ended otherwise (a
    ///   small judge that stops before closing its object, as SmolLM2-135M
    ///   does without the schema).
    /// - Throws: ``JudgeReplyError``.
    public static func parse(
        _ reply: String, dimensions: [ScoreDimension], finishReason: String? = nil
    ) throws(JudgeReplyError) -> [WrittenScore] {
        let object = try decodeObject(reply, finishReason: finishReason)
        var scores: [WrittenScore] = []
        for d in dimensions {
            guard let member = lookup(d.name, in: object.members) else { throw .missingDimension(d.name) }
            guard let written = member["score"], !written.isNull else { throw .missingScore(d.name) }
            guard let level = level(for: written, on: d.scale) else {
                throw .offScale(dimension: d.name, written: display(written), scale: d.scale.summary)
            }
            let rationale = try rationale(member["rationale"], dimension: d.name)
            let offset = scoreOffset(in: object.bytes, dimension: d.name).map { $0 + object.start } ?? object.start
            scores.append(WrittenScore(dimension: d.name, level: level, rationale: rationale, utf8Offset: offset))
        }
        return scores
    }

    /// The first JSON object in `reply` that decodes, with its UTF-8 bytes
    /// and start; prose before it may hold braces of its own.
    static func decodeObject(
        _ reply: String, finishReason: String?
    ) throws(JudgeReplyError) -> (members: [String: JSONValue], bytes: [UInt8], start: Int) {
        let spans = JSONObjectExtraction.objects(in: reply)
        guard !spans.isEmpty else {
            guard reply.contains("{") else { throw .noJSON(truncated: finishReason == "length") }
            guard finishReason == nil || finishReason == "length" else {
                let reason = finishReason ?? ""
                throw .invalidJSON("an object opens but never closes, and the reply ended with `\(reason)`, not the token limit")
            }
            throw .noJSON(truncated: true)
        }
        let utf8 = Array(reply.utf8)
        var firstProblem: JudgeReplyError?
        for span in spans {
            let bytes = Array(utf8[span])
            do {
                if case .object(let members) = try JSONValue.parse(Data(bytes), file: "reply") {
                    return (members, bytes, span.lowerBound)
                }
            } catch let error as InputError {
                let place = "line \(error.line ?? 1), column \(error.column ?? "?") of the object"
                firstProblem = firstProblem ?? .invalidJSON("\(error.message), at \(place)")
            } catch {
                firstProblem = firstProblem ?? .invalidJSON(String(describing: error))
            }
        }
        throw firstProblem ?? .noJSON(truncated: false)
    }

    /// The rationale written for `dimension`, without surrounding white space.
    ///
    /// - Throws: `missing-rationale` when there is none or it is blank;
    ///   `placeholder-rationale` when it is the prompt's placeholder
    ///   (``JudgePromptRenderer/rationalePlaceholder``) copied back, with or
    ///   without its angle brackets, in any case, with or without a final
    ///   full stop. Either way the judge gave no reason, and the reply is
    ///   repaired or counted as a failure like any other it cannot use.
    static func rationale(_ written: JSONValue?, dimension: String) throws(JudgeReplyError) -> String {
        guard let rationale = written?.string.map({ String(trimmed($0, where: \.isWhitespace)) }), !rationale.isEmpty else {
            throw .missingRationale(dimension)
        }
        guard bare(rationale) != placeholder else { throw .placeholderRationale(dimension) }
        return rationale
    }

    /// The prompt's rationale placeholder as ``bare(_:)`` leaves it.
    private static let placeholder = bare(JudgePromptRenderer.rationalePlaceholder)

    /// `text` in lower case without the angle brackets, full stops, spaces, tabs and line feeds around it.
    private static func bare(_ text: String) -> String {
        trimmed(text, where: { "<>. \t\n".contains($0) }).lowercased()
    }

    /// `text` without the characters around it that match `edge`.
    private static func trimmed(_ text: String, where edge: (Character) -> Bool) -> Substring {
        guard let first = text.firstIndex(where: { !edge($0) }), let last = text.lastIndex(where: { !edge($0) }) else { return "" }
        return text[first...last]
    }

    /// The member named `name`, or else the one whose name matches ignoring case.
    static func lookup(_ name: String, in members: [String: JSONValue]) -> JSONValue? {
        if let exact = members[name] { return exact }
        let lowered = name.lowercased()
        return members.first { $0.key.lowercased() == lowered }?.value
    }

    private static func level(for written: JSONValue, on scale: ScoringScale) -> ScaleLevel? {
        switch written {
        case .number(let n) where scale.isNumeric: scale.level(valued: n)
        case .string(let s): scale.level(labelled: s)
        default: nil
        }
    }

    private static func display(_ value: JSONValue) -> String {
        if case .number(let n) = value { return n.plainText }
        return value.description
    }

    /// The byte offset, within the object's bytes, of the value after the
    /// first `"score"` key that follows the key `"<dimension>"`; the opening
    /// quote of a string value is skipped.
    private static func scoreOffset(in bytes: [UInt8], dimension: String) -> Int? {
        guard let key = find(Array(JSONValue.quoted(dimension).utf8), in: bytes, from: 0),
            let score = find(Array("\"score\"".utf8), in: bytes, from: key)
        else { return nil }
        var i = score + 7
        while i < bytes.count, [UInt8(ascii: " "), UInt8(ascii: ":"), 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") { i += 1 }
        return i < bytes.count ? i : nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
