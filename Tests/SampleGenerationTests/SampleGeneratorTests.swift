import DataFormats
import EvaluationCore
import Foundation
import LanguageModelTesting
import LanguageModels
import SampleGeneration
import Testing
import _TestSupport

@Suite("SampleGenerator: target, validator, invalid samples, duplicates, cap, requests")
struct SampleGeneratorTests {
    static func collect<S: GeneratableSample>(_ generator: SampleGenerator<S>) async throws -> [S] {
        var out: [S] = []
        for try await sample in generator.run() { out.append(sample) }
        return out
    }

    @Test(
        "targetCount counts the seeds (as the seeds' framework does): 3 seeds and a target of 5 make 2; 3 or fewer make none, asking nothing"
    )
    func inclusiveTarget() async throws {
        let model = ScriptedModel { reply([fresh($0, 1), fresh($0, 2), fresh($0, 3)]) }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 5, model: model, options: GenerationSettings(samplesPerRequest: 3))
        let made = try await Self.collect(generator)
        #expect(made.count == 2)
        let summary = await generator.summary
        #expect(summary.wanted == 2 && summary.accepted == 2 && summary.requests == 1)
        #expect(summary.surplus == 1, "the third sample of the reply is beyond the target: counted, not kept")
        #expect(summary.stopReason == .reachedTarget)
        for target in [1, 3] {
            let idle = ScriptedModel { _ in "" }
            let none = try SampleGenerator("Book reviews", samples: seeds, targetCount: target, model: idle)
            #expect(try await Self.collect(none).isEmpty)
            #expect(await none.summary.stopReason == .seedsMeetTarget)
            #expect(idle.requests.isEmpty, "target \(target): nothing asked")
        }
    }

    @Test("Passing samples go to samples, failed ones to invalidSamples with the validator's reason")
    func validatorSplits() async throws {
        let model = ScriptedModel { _ in
            reply([
                ("A gothic novel of a ruined abbey", ["gothic", "abbey", "ruin"]), ("Two tags only", ["a", "b"]),
                ("Shouting tags", ["Horror", "night", "fog"]),
            ])
        }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 6, model: model, options: GenerationSettings(maxRequests: 1),
            validator: tagRules)
        _ = try await Self.collect(generator)
        #expect(await generator.samples.map(\.prompt) == ["A gothic novel of a ruined abbey"])
        let invalid = await generator.invalidSamples
        #expect(invalid.map(\.reason) == ["2 tags; expected 3–8", "tag \"Horror\" is not lowercase"])
        #expect(invalid.allSatisfy { $0.kind == .rejected && $0.sample != nil && $0.request == 0 })
    }

    @Test("samples and invalidSamples can be read while the generation runs, and grow as it goes")
    func readableWhileRunning() async throws {
        let model = ScriptedModel { reply([fresh($0, 1), ("Bad", ["x"])]) }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 6, model: model, options: GenerationSettings(samplesPerRequest: 2),
            validator: tagRules)
        var seen: [(Int, Int)] = []
        for try await _ in generator.run() {
            seen.append((await generator.samples.count, await generator.invalidSamples.count))
        }
        #expect(seen.count == 3)
        for (index, counts) in seen.enumerated() {
            #expect(counts.0 >= index + 1 && counts.1 >= index, "sample \(index + 1) is in samples when it arrives")
        }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 <= $1.1 }, "the lists only grow")
        #expect(await generator.invalidSamples.count == 2)
        #expect(await generator.summary.surplus == 1, "the last reply's invalid sample comes after the target was met")
    }

    @Test("A model that never writes a valid sample stops at the request cap, and the summary says so")
    func capStopsEndlessInvalid() async throws {
        let model = ScriptedModel { _ in reply([("Lonely tag", ["x"])]) }
        let defaulted = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 13, model: model, options: GenerationSettings(samplesPerRequest: 4),
            validator: tagRules)
        #expect(try await Self.collect(defaulted).isEmpty)
        let summary = await defaulted.summary
        #expect(summary.requestCap == 9, "three times the ⌈10 / 4⌉ = 3 requests 10 samples need")
        #expect(summary.requests == 9 && summary.rejected == 9 && summary.stopReason == .requestCapReached)
        #expect(summary.renderLine().hasSuffix("9 of 9 requests; stopped: request cap reached before the target"))
        let capped = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 13, model: ScriptedModel { _ in "no JSON here" },
            options: GenerationSettings(maxRequests: 2))
        _ = try await Self.collect(capped)
        #expect(await capped.summary.requests == 2)
        #expect(await capped.invalidSamples.map(\.kind) == [.unreadable, .unreadable])
        #expect(await capped.invalidSamples.first?.text == "no JSON here")
    }

    @Test("Near-duplicates of a seed or of an accepted sample are set aside, named, whatever their case and punctuation")
    func duplicates() async throws {
        let model = ScriptedModel { _ in
            reply([
                ("a village MYSTERY, solved by bell-ringers!", ["mystery", "bells", "village"]),
                ("An island lighthouse keeper keeps a diary", ["diary", "island", "sea"]),
                ("A lighthouse keeper on an island keeps a diary", ["diary", "island", "sea"]),
            ])
        }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 6, model: model, options: GenerationSettings(maxRequests: 1))
        _ = try await Self.collect(generator)
        #expect(await generator.samples.count == 1)
        let reasons = await generator.invalidSamples.map(\.reason)
        #expect(
            reasons == [
                "a near-duplicate of seed 2 (word-set similarity 1.00 ≥ 0.8)",
                "a near-duplicate of generated sample 1 (word-set similarity 0.88 ≥ 0.8)",
            ])
        #expect(await generator.invalidSamples.allSatisfy { $0.kind == .duplicate })
        let a = NearDuplicateIndex.words(of: "a b c")
        #expect(NearDuplicateIndex.jaccard(a, NearDuplicateIndex.words(of: "A, b; d")) == 0.5)
        #expect(NearDuplicateIndex.jaccard([], []) == 1 && NearDuplicateIndex.jaccard(a, []) == 0)
        // A truncated copy: 12 of a 24-word review's words, J = 0.5 but all contained; a 9-word one is too short for containment.
        let review = NearDuplicateIndex.words(of: (1...24).map { "word\($0)" }.joined(separator: " "))
        let prefix = NearDuplicateIndex.words(of: (1...12).map { "word\($0)" }.joined(separator: " "))
        let short = NearDuplicateIndex.words(of: (1...9).map { "word\($0)" }.joined(separator: " "))
        #expect(NearDuplicateIndex.similarity(review, prefix) == 1 && NearDuplicateIndex.jaccard(review, prefix) == 0.5)
        #expect(NearDuplicateIndex.similarity(review, short) == 0.375)
    }

    @Test("A sample the validator rejects that is also a near-duplicate says both (the local model copies seeds)")
    func rejectedDuplicate() async throws {
        let model = ScriptedModel { _ in reply([("A village mystery solved by bell ringers", ["", "", ""])]) }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 4, model: model, options: GenerationSettings(maxRequests: 1),
            validator: { $0.expected?.tags.contains("") == true ? .invalid("an empty tag") : .valid })
        _ = try await Self.collect(generator)
        let invalid = try #require(await generator.invalidSamples.first)
        #expect(invalid.kind == .rejected)
        #expect(invalid.reason == "an empty tag; also a near-duplicate of seed 2 (word-set similarity 1.00 ≥ 0.8)")
    }

    @Test("One unreadable element of a reply is listed with its text; the others still count")
    func unreadableElement() async throws {
        let model = ScriptedModel { _ in
            #"Here you go: {"samples": [{"prompt": 7}, {"prompt": "A quiet novel of a clockmaker's widow", "expected": {"tags": ["a","b","c"]}}]}"#
        }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 4, model: model, options: GenerationSettings(maxRequests: 1))
        _ = try await Self.collect(generator)
        #expect(await generator.samples.count == 1, "the text around the JSON is tolerated")
        let invalid = try #require(await generator.invalidSamples.first)
        #expect(invalid.kind == .unreadable && invalid.text == #"{"prompt":7}"#)
        #expect(invalid.reason.hasPrefix("not a sample: "), "\(invalid.reason)")
    }

    @Test("Every request is self-contained: the instructions, then one user message; no earlier reply in any")
    func selfContainedRequests() async throws {
        let model = ScriptedModel { reply([fresh($0, 1)]) }
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 6, model: model, instructions: "Rules: lowercase tags.",
            options: GenerationSettings(samplesPerRequest: 1))
        _ = try await Self.collect(generator)
        #expect(model.requests.count == 3)
        for (number, asked) in model.requests.enumerated() {
            #expect(asked.messages.map(\.role) == [.system, .user])
            #expect(asked.messages[0].content == "Rules: lowercase tags.")
            #expect(!asked.messages[1].content.contains("topic0x1"), "request \(number) holds no generated sample")
            #expect(asked == generator.request(number: number), "the same request before and after the replies")
            #expect(asked.sampleIndex == number && asked.seed == number)
        }
    }

    @Test("makeSamples streams target − seeds new samples")
    func makeSamples() async throws {
        let model = ScriptedModel { request in reply((1...4).map { fresh(request, $0) }) }
        var made: [ModelSample<BookTags>] = []
        for try await sample in try seeds.makeSamples("Book reviews", targetCount: 10, model: model) { made.append(sample) }
        #expect(made.count == 7)
        #expect(model.requests.count == 2)
    }

    @Test("Bad settings are errors that say what was expected, never a trap")
    func badSettings() throws {
        let model = ScriptedModel { _ in "" }
        #expect(throws: SampleGenerationError("no seed samples; a generator shows the model at least one")) {
            try SampleGenerator("x", samples: [ModelSample<BookTags>](), targetCount: 5, model: model)
        }
        #expect(throws: SampleGenerationError("targetCount is 0; expected at least 1")) {
            try SampleGenerator("x", samples: seeds, targetCount: 0, model: model)
        }
        #expect(throws: SampleGenerationError("samplesPerRequest is 0; a request asks for at least 1 sample")) {
            try SampleGenerator("x", samples: seeds, targetCount: 5, model: model, options: GenerationSettings(samplesPerRequest: 0))
        }
    }

    @Test("Resumable through the response cache: a generation started again asks nothing already answered")
    func resumesFromCache() async throws {
        let folder = try SharedData.temporaryFolder("generate-cache")
        let base = ScriptedModel { reply([fresh($0, 1), fresh($0, 2)]) }
        let cached = CachedModel(base, cache: try ResponseCache(url: folder.appendingPathComponent("cache.sqlite")))
        let options = GenerationSettings(samplesPerRequest: 2)
        let first = try SampleGenerator("Book reviews", samples: seeds, targetCount: 7, model: cached, options: options)
        let stopped = try await Self.collect(first)
        #expect(stopped.count == 4 && base.requests.count == 2, "a first generation stopped at 7")
        let again = try SampleGenerator("Book reviews", samples: seeds, targetCount: 11, model: cached, options: options)
        let resumed = try await Self.collect(again)
        #expect(resumed.prefix(4).map(\.prompt) == stopped.map(\.prompt), "the same samples again, from the cache")
        #expect(resumed.count == 8)
        #expect(base.requests.count == 4, "only requests 2 and 3 reached the model")
    }

    @Test("A second run while one is under way is refused; the first goes on")
    func oneRunAtATime() async throws {
        let generator = try SampleGenerator(
            "Book reviews", samples: seeds, targetCount: 5, model: ScriptedModel { reply([fresh($0, 1)]) },
            options: GenerationSettings(samplesPerRequest: 1))
        let first = generator.run()
        let second = generator.run()
        var made = 0
        var refusals = 0
        // Whichever stream starts first runs; on a loaded machine that can be either, so neither is assumed.
        for stream in [second, first] {
            do {
                for try await _ in stream { made += 1 }
            } catch {
                refusals += 1
                #expect("\(error)".contains("already running"), "\(error)")
            }
        }
        #expect(made == 2, "the samples of one run, whichever ran: never both")
        #expect(refusals <= 1, "one run refused, or none when the other had already finished")
        #expect(await generator.summary.requests == 2)
    }
}
