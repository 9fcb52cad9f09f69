import Foundation
import LanguageModelTesting
import LanguageModels

/// Records, from the local judge, the replies `RecordedRepliesModelTests`
/// replays: a plain reply, a structured one, and one with log-probabilities,
/// for a few short prompts.
enum RecordReplies {
    /// The requests recorded; the tests ask the same ones.
    static let requests: [ChatRequest] = ["a cat", "a storm", "a library"].flatMap { topic in
        [
            ChatRequest(messages: [ChatMessage(.user, "Describe \(topic) in five words.")], temperature: 0, maxTokens: 12, seed: 1),
            ChatRequest(
                messages: [ChatMessage(.user, "Rate from 1 to 5 how calm \(topic) is.")], temperature: 0, maxTokens: 12, seed: 1,
                logprobs: true, topLogprobs: 2),
        ]
    }

    static func run(_ options: Options) async throws {
        let file = URL(fileURLWithPath: try options.string("out"))
        let model = RecordingModel(try OpenAICompatibleModel(configuration: .resolved()), appendingTo: file)
        for request in requests { _ = try await model.respond(to: request) }
        print("recorded \(requests.count) replies into \(file.path)")
    }
}
