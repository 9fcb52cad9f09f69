import LanguageModels

/// Asks a model until its reply parses, continuing the conversation with each
/// bad reply and what was wrong with it.
///
/// The conversation grows with every attempt (every bad reply and its
/// correction stay in it), so no two attempts send the same request: were
/// attempt 3 the same request as attempt 2, a response cache would replay
/// attempt 2's reply instead of asking again.
enum ReplyRetry {
    /// A reply that parsed, with every reply received on the way.
    struct Parsed<Value> {
        var value: Value
        var choice: ChatResponse.Choice
        var rawReplies: [String]
        var model: String
    }

    /// The first reply that `parse` accepts, within `maxAttempts` attempts.
    ///
    /// - Throws: ``JudgeFailure`` with every attempt when none parses; the
    ///   model's own error when it cannot answer.
    static func ask<Value>(
        _ model: any LanguageModel, _ first: ChatRequest, maxAttempts: Int,
        parse: (ChatResponse.Choice) throws(JudgeReplyError) -> Value
    ) async throws -> Parsed<Value> {
        var request = first
        var failed: [JudgeFailure.Attempt] = []
        while true {
            let response = try await model.respond(to: request)
            let error: JudgeReplyError
            let text: String
            if let choice = response.choices.first {
                text = choice.text
                do {
                    let value = try parse(choice)
                    return Parsed(value: value, choice: choice, rawReplies: failed.map(\.reply) + [text], model: response.model)
                } catch let e {
                    error = e
                }
            } else {
                text = ""
                error = .noChoices
            }
            failed.append(JudgeFailure.Attempt(reply: text, error: error))
            if failed.count >= maxAttempts { throw JudgeFailure(attempts: failed) }
            request.messages += [
                ChatMessage(.assistant, text),
                ChatMessage(.user, "That reply could not be used: \(error). Reply again with only the JSON object described above."),
            ]
        }
    }
}
