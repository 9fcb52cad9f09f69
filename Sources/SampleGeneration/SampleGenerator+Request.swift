internal import DataFormats
public import LanguageModels

/// The instructions a generator sends when it is given none.
public enum GenerationInstructions {
    /// Self-contained instructions (no request sees another's reply, so none may say "as before").
    public static let standard = """
        You write samples for the evaluation data set of an app's intelligent feature. Each sample you \
        write is new: a different subject from the examples shown and from the other samples you write, \
        realistic, varied in length and style, and in exactly the JSON form of the examples. Reply with \
        JSON only.
        """
}

extension SampleGenerator {
    /// The request numbered `number` (0, 1, 2…): the instructions as the system message, then one
    /// user message with the task, the seeds the strategy picks and the form of the reply.
    ///
    /// It depends on nothing but the generator's settings and `number`: never on earlier replies,
    /// so no request carries another's context and a stopped generation asks the same requests
    /// again. With a ``sampleSchema``, the reply's schema asks for exactly
    /// ``GenerationSettings/samplesPerRequest`` samples (a server that enforces it cannot stop at
    /// one). Its ``ChatRequest/sampleIndex`` is `number`, so each request has its own cache key
    /// (as ``RepeatedModel`` keeps repetitions apart), and its seed is the options' seed + `number`.
    public nonisolated func request(number: Int) -> ChatRequest {
        let shown = seedIndices(request: number)
        let count = options.samplesPerRequest
        let examples = shown.map { encodedSeeds[$0] }.joined(separator: "\n")
        let user = """
            \(prompt)

            Examples from the data set, one JSON object a line:
            \(examples)

            Write \(count) new sample\(count == 1 ? "" : "s") of the same form, each different from the \
            examples and from the others. Reply with one JSON object: {"samples": [...]}.
            """
        let schema = sampleSchema.map { item -> JSONValue in
            .object([
                "type": .string("object"), "required": .array([.string("samples")]),
                "properties": .object([
                    "samples": .object([
                        "type": .string("array"), "items": item, "minItems": .number(Double(count)),
                        "maxItems": .number(Double(count)),
                    ])
                ]),
            ])
        }
        return ChatRequest(
            messages: [ChatMessage(.system, instructions), ChatMessage(.user, user)],
            temperature: options.temperature, maxTokens: options.maxTokens,
            seed: Int(truncatingIfNeeded: options.seed &+ UInt64(number)), schema: schema, sampleIndex: number)
    }

    /// The seeds request `number` shows, as indices into ``seeds``.
    public nonisolated func seedIndices(request number: Int) -> [Int] {
        options.strategy.seedIndices(
            request: number, seedCount: seeds.count, window: options.seedsPerRequest, seed: options.seed)
    }
}
