import DataFormats
import EvaluationCore
import EvaluationTesting
import Foundation
import Judging
import LanguageModelTesting
import LanguageModels
import StatisticsCore
import Testing

/// The book-tag value of Apple's sample.
struct BookTags: Codable, Sendable, Hashable {
    var tags: [String]
}

/// Apple's book-tag evaluation shape, replaying frozen tags: a closure
/// evaluator and a two-dimension model judge in one `evaluators` block.
struct FrozenBookTagging: Evaluation {
    let dataset: ArrayLoader<ModelSample<BookTags>>
    let produced: [String: BookTags]
    let judgeEvaluator: ModelJudgeEvaluator<ModelSample<BookTags>, ModelSubject<BookTags>>
    let tagCount = Metric("Tag Count")

    static let relevance = ScoreDimension(
        "Relevance", description: "Whether each tag describes the book itself.",
        scale: .numeric([4: "Every tag describes the book", 3: "Most do", 2: "Some do", 1: "None do"]))
    static let usefulness = ScoreDimension(
        "Usefulness", description: "Whether the tags help browsing.",
        scale: .numeric([4: "All help", 3: "Most help", 2: "Some help", 1: "None help"]))

    /// The judge: off the scale for book-004 (tagged `loved-it`), 3s for
    /// book-030 (the only one tagged `gothic`), 4s elsewhere.
    static let judge = ScriptedModel(name: "scripted-judge") { request, _ in
        let user = request.messages[1].content
        let reply: (Int, Int) = user.contains("loved-it") ? (5, 4) : user.contains("gothic") ? (3, 3) : (4, 4)
        return ScriptedModel.Reply(text: ModelJudgeTests.reply(reply.0, reply.1))
    }

    init() throws {
        let rows = try Fixtures.bookRows()
        var samples: [ModelSample<BookTags>] = []
        var produced: [String: BookTags] = [:]
        for row in rows {
            let prompt = row["input"]?["review"]?.string ?? ""
            let expected = row["expected"]?["tags"]?.array.map { BookTags(tags: $0.compactMap(\.string)) }
            samples.append(ModelSample(prompt: prompt, expected: expected))
            produced[prompt] = BookTags(tags: row["response"]?["tags"]?.array?.compactMap(\.string) ?? [])
        }
        dataset = ArrayLoader(samples)
        self.produced = produced
        judgeEvaluator = ModelJudgeEvaluator(
            judge: Self.judge,
            dimensions: [Self.relevance, Self.usefulness],
            prompt: ModelJudgePrompt(
                instructions: "You are evaluating tags generated for a personal book-tracking app.",
                evaluationTarget: { value in "\(value.tags.count) Generated tags: " + value.tags.joined(separator: ", ") },
                reference: { input, _ in
                    ["Expected Tags": input.expected?.tags.joined(separator: ", ") ?? "No expected tags defined"]
                }
            )
        )
    }

    func subject(from sample: ModelSample<BookTags>) async throws -> ModelSubject<BookTags> {
        ModelSubject(value: produced[sample.prompt] ?? BookTags(tags: []))
    }

    var evaluators: Evaluators {
        Evaluator { _, subject in
            (3...8).contains(subject.value.tags.count) ? tagCount.passing() : tagCount.failing()
        }
        judgeEvaluator
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: tagCount)
        aggregator.group("Quality") { group in
            group.computeMean(of: Self.relevance.metric)
            group.computeMean(of: Self.usefulness.metric)
        }
    }
}

@Suite("ModelJudgeEvaluator in an evaluation")
struct ModelJudgeEvaluatorTests {
    static let evaluation: FrozenBookTagging = {
        do { return try FrozenBookTagging() } catch { fatalError("cannot build the frozen book-tag evaluation: \(error)") }
    }()

    @Test(
        "Apple's shape, run with .evaluates: a judge failure is counted, kept out of the means, and never a score",
        .evaluates(evaluation, info: ["Judge": "scripted"]))
    func bookTags() throws {
        let result = EvaluationContext.current.result
        #expect(result.samples.count == 42)
        #expect(result.errors.evaluatorFailures == 1)
        #expect(result.errors.failedEvaluators == ["#2 ModelJudgeEvaluator": 1])
        // The tag-count evaluator still scored every row; 009 and 026 have 12
        // tags, 010 and 027 one, so 38 of 42 are within 3–8.
        #expect(result.aggregateValue(.mean(of: Self.evaluation.tagCount)) == 38.0 / 42.0)
        // Relevance over the 41 judged rows: forty 4s and book-030's 3.
        let relevance = try #require(result.aggregate(.mean(of: FrozenBookTagging.relevance.metric)))
        #expect(abs((relevance.value ?? 0) - 163.0 / 41.0) < 1e-12)
        #expect(relevance.n == 41)
        #expect(relevance.groups == ["Quality"])

        let failed = try #require(result.samples.first { $0.prompt?.contains("Four hundred years into the voyage") == true })
        #expect(failed.metric("Relevance") == nil)
        #expect(failed.metric("Tag Count") != nil)
        let message = try #require(failed.evaluatorErrors.first?.message)
        #expect(message.contains("judge failure after 3 attempts"))
        #expect(message.contains(#"\"score\": 5"#))

        let scale = FrozenBookTagging.relevance.categoryScale
        for sample in result.samples {
            for m in sample.metrics where m.name == "Relevance" || m.name == "Usefulness" {
                #expect(scale.index(of: m.doubleValue ?? -1) != nil, "\(m.name) = \(m.value) is off the scale")
                #expect(m.rationale == (m.name == "Relevance" ? "relevance reason" : "usefulness reason"))
            }
        }
        let counts = Self.evaluation.judgeEvaluator.tally.counts
        #expect(counts.judged == 41)
        #expect(counts.failures == 1)
        #expect(counts.failuresByCode == ["off-scale": 1])
        #expect(counts.retries == 2)
    }
}

/// A frozen run judged by a rubric: the subject's value is the whole row.
struct FrozenRubricRun: Evaluation {
    struct Row: SampleProtocol {
        var row: JSONValue
        var expected: JSONValue? { row["expected"] }
    }

    let dataset: ArrayLoader<Row>
    let judge: ModelJudgeEvaluator<Row, ModelSubject<JSONValue>>
    let model: ScriptedModel

    func subject(from sample: Row) async throws -> ModelSubject<JSONValue> { ModelSubject(value: sample.row) }

    var evaluators: Evaluators {
        judge
        // Apple's single-scale form, typed by the builder.
        ModelJudgeEvaluator("TagQuality", scale: .numeric([4: "great", 3: "good", 2: "weak", 1: "useless"]), judge: model)
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: Metric("Relevance (discrete fallback)"))
        aggregator.computeMean(of: Metric("TagQuality"))
    }
}

@Suite("A rubric's judge in an evaluation")
struct RubricEvaluationTests {
    @Test("Probability-weighted scoring without log-probabilities falls back visibly; the single-scale form names its metric")
    func fallbackIsCounted() async throws {
        let rubric = try Fixtures.rubric("book-tags.md")
        let model = ScriptedModel(name: "scripted-judge") { request, _ in
            if request.messages[1].content.contains("## TagQuality") {
                return ScriptedModel.Reply(text: #"{"TagQuality": {"rationale": "fine", "score": 3}}"#)
            }
            return ScriptedModel.Reply(text: ModelJudgeTests.reply(4, 2))
        }
        let run = FrozenRubricRun(
            dataset: ArrayLoader(try Fixtures.bookRows().map { FrozenRubricRun.Row(row: $0) }),
            judge: ModelJudgeEvaluator(
                judge: model, rubric: rubric, options: JudgeSettings(mode: .probabilityWeighted(whenUnavailable: .discrete))),
            model: model
        )
        let result = try await run.run()
        #expect(result.errors.evaluatorFailures == 0)
        #expect(result.aggregateValue(.mean(of: "Relevance (discrete fallback)")) == 1)
        #expect(result.aggregateValue(.custom(label: "none")) == nil)
        #expect(result.aggregateValue(.mean(of: "TagQuality")) == 3)
        #expect(run.judge.tally.counts.fallbacks == 84)
        #expect(result.samples.allSatisfy { $0.metric("Usefulness")?.doubleValue == 2 })
        let fallback = try #require(result.samples[0].metric("Relevance (discrete fallback)"))
        #expect(fallback.rationale == "no log-probabilities: the written score 4 was used")
    }
}

extension RubricEvaluationTests {
    @Test("Sampled mode records the mean with its spread and self-agreement as metrics of their own")
    func sampledMetrics() async throws {
        let model = ScriptedModel(name: "scripted-judge") { request, _ in
            if request.messages[1].content.contains("## TagQuality") {
                return ScriptedModel.Reply(text: #"{"TagQuality": {"rationale": "fine", "score": 2}}"#)
            }
            return ScriptedModel.Reply(text: request.sampleIndex == 0 ? ModelJudgeTests.reply(4, 2) : ModelJudgeTests.reply(3, 2))
        }
        let rows = try Fixtures.bookRows().prefix(2).map { FrozenRubricRun.Row(row: $0) }
        let run = FrozenRubricRun(
            dataset: ArrayLoader(rows),
            judge: ModelJudgeEvaluator(
                judge: model, rubric: try Fixtures.rubric("book-tags.md"), options: JudgeSettings(mode: .sampled(count: 2))),
            model: model)
        let result = try await run.run()
        let sample = try #require(result.samples.first)
        #expect(sample.metric("Relevance")?.doubleValue == 3.5)
        #expect(abs((sample.metric("Relevance (spread)")?.doubleValue ?? 0) - 0.5.squareRoot()) < 1e-12)
        #expect(sample.metric("Relevance (self-agreement)")?.doubleValue == 0)
        #expect(sample.metric("Usefulness (spread)")?.doubleValue == 0)
        #expect(sample.metric("Usefulness (self-agreement)")?.doubleValue == 1)
        #expect(result.aggregateValue(.mean(of: "TagQuality")) == 2)
        // Two samples per row for the rubric's judge, one call per row for TagQuality.
        #expect(model.requests.count == 6)
    }
}
