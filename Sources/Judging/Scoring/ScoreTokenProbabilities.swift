import Foundation
import LanguageModels

/// Reads the probabilities a judge gave each level at the token where it
/// wrote a score.
enum ScoreTokenProbabilities {
    /// Characters that may share a token with a score without being part of it.
    private static let padding = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\":,{}"))

    /// The expected score Σ pᵢ·vᵢ / Σ pᵢ over the levels among the top
    /// alternatives at the score's token, and the renormalised probabilities.
    ///
    /// - Throws: ``JudgeReplyError`` (`no-logprobs`) when the choice has no
    ///   tokens, the tokens have no alternatives, the score's token cannot be
    ///   found, or no alternative is a level.
    static func expectedScore(
        of written: WrittenScore, dimension: ScoreDimension, choice: ChatResponse.Choice, dimensions: [ScoreDimension]
    ) throws(JudgeReplyError) -> (expected: Double, probabilities: [String: Double]) {
        guard let tokens = choice.tokens, !tokens.isEmpty else {
            throw .noLogprobs("the server returned no log-probabilities")
        }
        let spelled = tokens.map(\.token).joined()
        var offset = written.utf8Offset
        if spelled != choice.text {
            // Some servers trim the text but not the tokens: locate the score in the tokens' own spelling.
            guard let again = try? JudgeReplyParser.parse(spelled, dimensions: dimensions),
                let match = again.first(where: { $0.dimension == written.dimension })
            else { throw .noLogprobs("the tokens do not spell the reply") }
            offset = match.utf8Offset
        }
        var start = 0
        var found: TokenLogprob?
        for token in tokens {
            let end = start + token.token.utf8.count
            if offset >= start && offset < end {
                found = token
                break
            }
            start = end
        }
        guard let token = found else { throw .noLogprobs("no token covers the score") }
        guard !token.top.isEmpty else { throw .noLogprobs("the score's token came without alternatives") }

        var mass: [String: Double] = [:]
        for alternative in token.top {
            let text = alternative.token.trimmingCharacters(in: padding)
            guard let level = dimension.scale.level(labelled: text) else { continue }
            mass[level.label, default: 0] += exp(alternative.logprob)
        }
        let total = mass.values.reduce(0, +)
        guard total > 0 else {
            throw .noLogprobs("none of the \(token.top.count) most likely tokens at the score is a level of \(dimension.scale.summary)")
        }
        var expected = 0.0
        var probabilities: [String: Double] = [:]
        for level in dimension.scale.levels {
            let p = (mass[level.label] ?? 0) / total
            probabilities[level.label] = p
            expected += p * level.value
        }
        return (expected, probabilities)
    }
}
