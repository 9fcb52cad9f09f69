import DataFormats
import Foundation
import Testing

@testable import LanguageModels

@Suite("The request body: the same bytes for the same request in every process")
struct RequestBodyTests {
    /// A reply schema with enough members that a dictionary's order would
    /// differ from name order.
    static let schema: JSONValue = .object(
        Dictionary(
            uniqueKeysWithValues: ["Usefulness", "Relevance", "Accuracy", "Tone", "Brevity", "Coverage", "Style"].map {
                ($0, JSONValue.object(["score": .object(["type": .string("integer")]), "rationale": .object(["type": .string("string")])]))
            }))

    @Test("Every JSON object in the body has its keys in name order, so a schema's member order cannot vary")
    func sortedMembers() throws {
        let request = ChatRequest(messages: [ChatMessage(.user, "judge this")], temperature: 0, seed: 42, schema: Self.schema)
        for form in [StructuredOutput.jsonSchema(name: "reply", schema: Self.schema), .jsonObjectWithSchema(Self.schema)] {
            let body = try ChatCompletionBody.encoder.encode(ChatCompletionBody(model: "m", request: request, form: form))
            let text = String(decoding: body, as: UTF8.self)
            let dimensions = ["Accuracy", "Brevity", "Coverage", "Relevance", "Style", "Tone", "Usefulness"]
            let positions = try dimensions.map { try #require(text.range(of: "\"\($0)\"")?.lowerBound) }
            #expect(positions == positions.sorted(), "dimensions out of name order in \(text)")
            let rationale = try #require(text.range(of: "\"rationale\"")?.lowerBound)
            let score = try #require(text.range(of: "\"score\"")?.lowerBound)
            #expect(rationale < score)
            #expect(body == (try ChatCompletionBody.encoder.encode(ChatCompletionBody(model: "m", request: request, form: form))))
        }
    }
}
