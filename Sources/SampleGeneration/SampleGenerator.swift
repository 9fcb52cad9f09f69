public import DataFormats
internal import Foundation
public import LanguageModels

/// Grows a few seed samples into a larger data set with a language model, keeping the samples a
/// validator accepts and listing the others with their reasons.
///
/// The target count **includes the seeds**, as in the seeds' framework: 13 seeds and a target of
/// 40 ask for 27 new samples, and a target at or below the number of seeds asks for none
/// (``GenerationSummary/StopReason/seedsMeetTarget``, no request made). The seeds themselves are
/// not in ``samples``; a caller wanting the whole data set appends the two.
///
/// Generation asks one request at a time (``request(number:)``): each shows a few seeds chosen by
/// the ``SeedSampling`` and asks for ``GenerationSettings/samplesPerRequest`` new samples. Each
/// candidate is checked in turn:
/// 1. it must read as a `Sample` (otherwise ``InvalidSampleKind/unreadable``, with the text);
/// 2. the validator, which sees one sample and nothing else, must accept it (otherwise
///    ``InvalidSampleKind/rejected`` with the validator's reason, and the duplicate it is, if any);
/// 3. it must not be a near-duplicate of a seed or of a sample already accepted, by word-set
///    similarity (Jaccard, or containment for a truncated copy: ``NearDuplicateIndex``; otherwise
///    ``InvalidSampleKind/duplicate``).
///    This is the one cross-sample check, which a per-sample validator cannot make.
///
/// It stops when seeds and accepted samples reach the target, or after the request cap
/// (``GenerationSettings/maxRequests``) whatever the replies held, so a model that keeps writing
/// invalid samples cannot keep it asking forever; ``summary`` says which.
///
/// It is an actor so that ``samples``, ``invalidSamples`` and ``summary`` can be read at any time,
/// from any task, while ``run()`` is filling them: each read sees a consistent state between two
/// samples. ``run()`` also streams the accepted samples in order as they come.
///
/// Over a ``CachedModel`` a generation is resumable: its requests do not depend on earlier
/// replies, so a generation stopped and started again asks the same requests, finds the answered
/// ones in the cache and reaches the same samples, then goes on.
public actor SampleGenerator<Sample: GeneratableSample> {
    /// Checks one generated sample, without any other sample in view.
    public typealias Validator = @Sendable (Sample) async -> SampleValidation

    /// What to generate: the task, in the user's words.
    public nonisolated let prompt: String
    /// The seed samples.
    public nonisolated let seeds: [Sample]
    /// The size of the whole data set wanted, seeds included.
    public nonisolated let targetCount: Int
    /// The model asked.
    public nonisolated let model: any LanguageModel
    /// The system instructions sent with every request.
    public nonisolated let instructions: String
    /// The JSON schema of one sample, sent for servers that enforce one; `nil` sends none.
    public nonisolated let sampleSchema: JSONValue?
    /// How requests are made and when generation stops.
    public nonisolated let options: GenerationSettings
    nonisolated let encodedSeeds: [String]
    private let validator: Validator

    /// The accepted samples with the request and seeds they came from, in order.
    public private(set) var generated: [GeneratedSample<Sample>] = []
    /// The samples and replies set aside, with their reasons, in order.
    public private(set) var invalidSamples: [InvalidSample<Sample>] = []
    /// Where the generation stands.
    public private(set) var summary: GenerationSummary
    private var duplicates: NearDuplicateIndex
    private var nextRequest = 0
    private var running = false

    /// The accepted samples, in order (seeds not included).
    public var samples: [Sample] { generated.map(\.sample) }

    /// A generator.
    ///
    /// - Parameters:
    ///   - prompt: the generation task ("Generate diverse book reviews and their tags…").
    ///   - seeds: the hand-written samples shown to the model; at least one.
    ///   - targetCount: the whole data set's size, seeds included.
    ///   - model: the model to ask; `nil` is the embedded local judge (``OpenAICompatibleModel``
    ///     with its default configuration).
    ///   - instructions: the system instructions, self-contained.
    ///   - sampleSchema: one sample's JSON schema, for servers that constrain replies to it.
    ///   - options: strategy, batch sizes, sampling, duplicate threshold and request cap.
    ///   - validator: accepts or rejects one sample with a reason; by default every sample passes.
    /// - Throws: ``SampleGenerationError`` for no seeds, a target below 1 or an option out of
    ///   range; ``LanguageModelError`` when the default model cannot be configured; an encoding
    ///   error for a seed that does not encode.
    public init(
        _ prompt: String,
        samples seeds: [Sample],
        targetCount: Int,
        model: (any LanguageModel)? = nil,
        instructions: String = GenerationInstructions.standard,
        sampleSchema: JSONValue? = nil,
        options: GenerationSettings = GenerationSettings(),
        validator: @escaping Validator = { _ in .valid }
    ) throws {
        guard !seeds.isEmpty else { throw SampleGenerationError("no seed samples; a generator shows the model at least one") }
        guard targetCount >= 1 else { throw SampleGenerationError("targetCount is \(targetCount); expected at least 1") }
        self.prompt = prompt
        self.seeds = seeds
        self.targetCount = targetCount
        self.model = try model ?? OpenAICompatibleModel()
        self.instructions = instructions
        self.sampleSchema = sampleSchema
        self.options = try options.validated()
        self.validator = validator
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encodedSeeds = try seeds.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        var index = NearDuplicateIndex(threshold: options.duplicateThreshold)
        for (number, seed) in seeds.enumerated() { index.insert(seed.duplicateText, label: "seed \(number + 1)") }
        duplicates = index
        let wanted = max(0, targetCount - seeds.count)
        summary = GenerationSummary(
            targetCount: targetCount, seedCount: seeds.count, wanted: wanted, requests: 0,
            requestCap: options.requestCap(newSamples: wanted), accepted: 0, unreadable: 0, rejected: 0, duplicates: 0,
            surplus: 0, stopReason: .running)
    }

    /// Starts generating and streams each accepted sample as it is accepted.
    ///
    /// The stream ends when the generation stops (``summary`` says why) and throws what the model
    /// threw when a request fails after the model's own retries; what was accepted before stays in
    /// ``samples``. Ending the iteration early cancels the generation. A generation stopped early
    /// goes on from where it stood when `run()` is called again; calling it while a run is under
    /// way throws ``SampleGenerationError``.
    public nonisolated func run() -> AsyncThrowingStream<Sample, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Sample.self)
        let task = Task { await self.generate(into: continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func generate(into continuation: AsyncThrowingStream<Sample, any Error>.Continuation) async {
        guard !running else {
            continuation.finish(throwing: SampleGenerationError("this generator is already running; read its samples instead"))
            return
        }
        running = true
        defer { running = false }
        do {
            while summary.accepted < summary.wanted && nextRequest < summary.requestCap {
                try Task.checkCancellation()
                let number = nextRequest
                let response = try await model.respond(to: request(number: number))
                nextRequest += 1
                summary.requests = nextRequest
                for sample in await examine(reply: response.choices.first?.text ?? "", request: number) {
                    continuation.yield(sample)
                }
            }
            summary.stopReason =
                summary.wanted == 0 ? .seedsMeetTarget : summary.accepted >= summary.wanted ? .reachedTarget : .requestCapReached
            continuation.finish()
        } catch {
            continuation.finish(throwing: error)
        }
    }

    /// Checks each candidate of one reply in turn and returns those accepted.
    private func examine(reply: String, request number: Int) async -> [Sample] {
        var accepted: [Sample] = []
        for candidate in GenerationReply.candidates(in: reply, as: Sample.self) {
            guard summary.accepted < summary.wanted else {
                summary.surplus += 1
                continue
            }
            switch candidate {
            case .unreadable(let text, let reason):
                setAside(.unreadable, reason, text: text, request: number)
            case .sample(let sample):
                let duplicate = duplicates.match(for: sample.duplicateText).map { match in
                    let similarity = match.similarity.formatted(.number.precision(.fractionLength(2)))
                    return "a near-duplicate of \(match.label) (word-set similarity \(similarity) ≥ \(options.duplicateThreshold))"
                }
                if case .invalid(let reason) = await validator(sample) {
                    setAside(.rejected, duplicate.map { "\(reason); also \($0)" } ?? reason, sample: sample, request: number)
                } else if let duplicate {
                    setAside(.duplicate, duplicate, sample: sample, request: number)
                } else {
                    generated.append(GeneratedSample(sample: sample, request: number, seedIndices: seedIndices(request: number)))
                    summary.accepted += 1
                    duplicates.insert(sample.duplicateText, label: "generated sample \(summary.accepted)")
                    accepted.append(sample)
                }
            }
        }
        return accepted
    }

    private func setAside(_ kind: InvalidSampleKind, _ reason: String, sample: Sample? = nil, text: String? = nil, request: Int) {
        invalidSamples.append(InvalidSample(kind: kind, reason: reason, sample: sample, text: text, request: request))
        switch kind {
        case .unreadable: summary.unreadable += 1
        case .rejected: summary.rejected += 1
        case .duplicate: summary.duplicates += 1
        }
    }
}
