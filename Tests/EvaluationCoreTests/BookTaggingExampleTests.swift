import EvaluationCore
import EvaluationTesting
import Foundation
import Testing

/// The tag sets a book-tagging feature produced, as in Apple's Book Tracker sample.
struct BookTags: Codable, Sendable, Hashable {
    var tags: [String]
    var genre: String
}

/// A deterministic stand-in for the tagging feature: the "model output" for
/// each review is fixed in the dataset below, so the aggregates are known.
struct BookTaggingEvaluation: Evaluation {
    static let knownGenres: Set<String> = ["fantasy", "mystery", "romance", "science-fiction", "history", "thriller"]

    /// Reviews and what the feature produced for them.
    static let outputs: [String: BookTags] = [
        "A quiet village, a locked library and a librarian who lies.":
            BookTags(tags: ["mystery", "village", "library", "secrets"], genre: "mystery"),
        "Dragons bargain with a failing kingdom in this sprawling epic.":
            BookTags(tags: ["fantasy", "dragons", "politics", "epic", "kingdom", "war"], genre: "fantasy"),
        "Two rival bakers fall for each other over one hot summer.":
            BookTags(tags: ["romance", "baking", "rivals"], genre: "romance"),
        "A generation ship's AI must choose which crew to wake.":
            BookTags(
                tags: ["science-fiction", "ai", "generation ship", "ethics", "space", "survival", "crew", "choice", "isolation"],
                genre: "science-fiction"),
        "I cried for an hour, loved it, my favourite this year!":
            BookTags(tags: ["loved-it", "tearjerker", "favourite"], genre: "feelings"),
    ]

    var dataset = ArrayLoader(outputs.keys.sorted().map { ModelSample<BookTags>(prompt: $0) })

    func subject(from sample: ModelSample<BookTags>) async throws -> ModelSubject<BookTags> {
        guard let tags = Self.outputs[sample.prompt] else { throw CocoaError(.fileNoSuchFile) }
        return ModelSubject(value: tags)
    }

    let tagCount = Metric("Tag Count")
    let tagTotal = Metric("Tag Total")
    let singleWord = Metric("Single-Word Tags")
    let knownGenre = Metric("Known Genre")

    var evaluators: Evaluators {
        Evaluator { _, subject in
            let count = subject.value.tags.count
            return (3...8).contains(count)
                ? tagCount.passing(rationale: "\(count) tags")
                : tagCount.failing(rationale: "got \(count) tags, expected 3–8")
        }
        Evaluator { _, subject in
            tagTotal.scoring(Double(subject.value.tags.count))
        }
        Evaluator { _, subject in
            for tag in subject.value.tags where tag.contains(" ") {
                return singleWord.failing(rationale: "tag \"\(tag)\" has several words")
            }
            return singleWord.passing()
        }
        Evaluator { _, subject in
            Self.knownGenres.contains(subject.value.genre)
                ? knownGenre.passing()
                : knownGenre.failing(rationale: "\(subject.value.genre) is not a known genre")
        }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.group("Heuristics") { group in
            group.computeMean(of: tagCount)
            group.computeMean(of: singleWord)
            group.computeMean(of: knownGenre)
        }
        aggregator.group("Distribution") { group in
            group.computeMean(of: tagTotal)
            group.computeStandardDeviation(of: tagTotal)
            group.computeVariance(of: tagTotal)
            group.computeMinimum(of: tagTotal)
            group.computeMaximum(of: tagTotal)
            group.computeMedian(of: tagTotal)
        }
    }
}

@Suite("Book Tracker–shaped worked example")
struct BookTaggingExampleTests {
    static let evaluation = BookTaggingEvaluation()
    static let info = ["Model": "fixed outputs", "Feature": "tag generation"]

    @Test("Aggregates of the book-tagging evaluation", .evaluates(evaluation, info: info))
    func aggregates() throws {
        let result = EvaluationContext.current.result
        let e = Self.evaluation
        #expect(result.samples.count == 5)
        #expect(result.info == Self.info)
        #expect(!result.errors.hasFailures)
        // Tag counts 4, 6, 3, 9, 3: four of five within 3…8.
        #expect(result.aggregateValue(.mean(of: e.tagCount)) == 0.8)
        // One tag set has "generation ship".
        #expect(result.aggregateValue(.mean(of: e.singleWord)) == 0.8)
        // "feelings" is not a genre.
        #expect(result.aggregateValue(.mean(of: e.knownGenre)) == 0.8)
        let mean = try #require(result.aggregateValue(.mean(of: e.tagTotal)))
        #expect(abs(mean - 5.0) < 1e-12)
        // Deviations −1, 1, −2, 4, −2: Σ² = 26, sample variance 26/4.
        let variance = try #require(result.aggregateValue(.variance(of: e.tagTotal)))
        #expect(abs(variance - 6.5) < 1e-12)
        let sd = try #require(result.aggregateValue(.standardDeviation(of: e.tagTotal)))
        #expect(abs(sd - 6.5.squareRoot()) < 1e-12)
        #expect(result.aggregateValue(.minimum(of: e.tagTotal)) == 3)
        #expect(result.aggregateValue(.maximum(of: e.tagTotal)) == 9)
        #expect(result.aggregateValue(.median(of: e.tagTotal)) == 4)
        #expect(result.aggregate(.mean(of: e.tagTotal))?.groups == ["Distribution"])
        #expect(result.aggregate(.mean(of: e.tagTotal))?.n == 5)
    }

    @Test("The failing rationale is kept per sample")
    func rationale() async throws {
        let result = try await Self.evaluation.run()
        let nine = try #require(result.samples.first { $0.prompt?.hasPrefix("A generation ship") == true })
        #expect(nine.metric("Tag Count")?.rationale == "got 9 tags, expected 3–8")
        #expect(nine.metric("Tag Count")?.value == .failing)
        #expect(
            result.detailed.columns == [
                "Sample", "Prompt", "Response", "Tag Count", "Tag Total", "Single-Word Tags", "Known Genre", "Error",
            ])
    }
}
