import CalibrationData
import Foundation
import Judging
import Testing
import _TestSupport

@Suite("Judgments files: today's files still read, and the sampled values now survive the file")
struct JudgmentsFileCompatibilityTests {
    /// A judgments file as `judgecal judge` wrote it before the row model was
    /// one type (commit 0ff03a9): a discrete row, a probability-weighted row
    /// that fell back, a sampled row with only its spread and self-agreement,
    /// and a failed row with `{code, message}` only.
    static let todaysFile = #"""
        {"judgments":{"model":"qwen","rubric":"book-tags","rubricVersion":"2","run":"books"}}
        {"id":"b1","model":"qwen","promptHash":"h1","rawReplies":["{\"Relevance\":{\"score\":4}}"],"retries":0,"scores":[{"dimension":"Relevance","fellBack":false,"label":"4","rationale":"on topic","score":4}]}
        {"id":"b2","model":"qwen","promptHash":"h2","rawReplies":["r"],"retries":1,"scores":[{"dimension":"Relevance","fellBack":true,"label":"3","probabilities":{"1":0,"2":0.25,"3":0.75,"4":0},"rationale":"partly","score":2.75}]}
        {"id":"b3","model":"qwen","promptHash":"h3","rawReplies":["a","b","c"],"retries":0,"scores":[{"dimension":"Relevance","fellBack":false,"label":"3","rationale":"first sample","sampledStandardDeviation":0.5773502691896257,"score":3.3333333333333335,"selfAgreement":0.3333333333333333}]}
        {"failure":{"code":"no-json","message":"judge failure after 2 attempts: attempt 1: the reply holds no JSON object"},"id":"b4","model":"qwen","promptHash":"h4","rawReplies":["sorry","sorry"],"retries":1,"scores":[]}

        """#

    func write(_ text: String, _ name: String) throws -> URL {
        try SharedData.temporaryFile(text, named: name, in: "judgments")
    }

    @Test("A file in today's format loads with every score, label, probability, spread and failure code")
    func todaysFormat() throws {
        let set = try JudgmentSet.load(from: write(Self.todaysFile, "books.book-tags.judgments.jsonl"))
        #expect(set.run == "books" && set.rubric == "book-tags" && set.rubricVersion == "2" && set.model == "qwen")
        #expect(set.judgments.map(\.id) == ["b1", "b2", "b3", "b4"])
        #expect(set.judgments.map { $0.score("relevance")?.score } == [4, 2.75, 3.3333333333333335, nil])
        #expect(set.scoredCount == 3 && set.failedCount == 1)

        let discrete = try #require(set.judgments[0].score("Relevance"))
        #expect(discrete.label == "4" && discrete.rationale == "on topic" && !discrete.fellBack)
        #expect(discrete.probabilities == nil && discrete.sampling == nil)

        let weighted = try #require(set.judgments[1].score("Relevance"))
        #expect(weighted.fellBack && weighted.probabilities?["3"] == 0.75)
        #expect(set.judgments[1].retries == 1)

        let sampling = try #require(set.judgments[2].score("Relevance")?.sampling)
        #expect(sampling.values.isEmpty)
        #expect(sampling.mean == 3.3333333333333335)
        #expect(sampling.standardDeviation == 0.5773502691896257)
        #expect(sampling.selfAgreement == 0.3333333333333333)
        #expect(set.judgments[2].failedSamples == 0)

        let failed = set.judgments[3]
        #expect(failed.failure?.code == "no-json")
        #expect(failed.failure?.message == "judge failure after 2 attempts: attempt 1: the reply holds no JSON object")
        #expect(failed.failure?.attempts.isEmpty == true)
        #expect(failed.rawReplies == ["sorry", "sorry"] && failed.scores.isEmpty)
    }

    @Test("Today's file gives the same tidy CSV and the same judge scores to align")
    func sameFigures() throws {
        let url = try write(Self.todaysFile, "figures.judgments.jsonl")
        let set = try JudgmentSet.load(from: url)
        #expect(
            set.tidyCSV(dimensions: ["Relevance"])
                == """
                id,dimension,rater,score,label,rationale,failure,confidence
                b1,Relevance,judge:qwen,4,4,on topic,,
                b2,Relevance,judge:qwen,2.75,3,partly,,
                b3,Relevance,judge:qwen,3.3333333333333335,3,first sample,,
                b4,Relevance,judge:qwen,,,,no-json,

                """)
        let scores = try ExternalJudgeScores.load(from: url)
        #expect(scores.scores["Relevance"]?["b2"]?.value == 2.75)
        #expect(scores.scores["Relevance"]?["b3"]?.value == 3.3333333333333335)
        #expect(scores.failures["Relevance"]?["b4"] == "judge failure after 2 attempts: attempt 1: the reply holds no JSON object")
    }

    @Test("A sampled row's values and a failure's attempts are written and read back whole")
    func roundTrip() throws {
        let sampled = DimensionJudgment(
            dimension: "Relevance", score: 10.0 / 3.0, label: "3", rationale: "first sample",
            sampling: SampledScores(
                values: [3, 3, 4], mean: 10.0 / 3.0, standardDeviation: (1.0 / 3.0).squareRoot(), selfAgreement: 1.0 / 3.0))
        let failure = try #require(
            try JSONDecoder().decode(
                JudgeFailure.self,
                from: Data(
                    #"{"code":"off-scale","message":"m","attempts":[{"reply":"{\"Relevance\":7}","code":"off-scale","message":"Relevance: 7 is not on the scale 1–4"}]}"#
                        .utf8)))
        let set = JudgmentSet(
            run: "books", rubric: "book-tags", rubricVersion: nil, model: "qwen",
            judgments: [
                Judgment(
                    id: "b1", scores: [sampled], rawReplies: ["a", "b", "c", "d"], retries: 0, failedSamples: 1, model: "qwen",
                    promptHash: "h1"),
                Judgment(id: "b2", failure: failure, model: "qwen", promptHash: "h2"),
            ])
        let url = try write(String(decoding: try set.jsonLines(), as: UTF8.self), "round.judgments.jsonl")
        let back = try JudgmentSet.load(from: url)
        #expect(back == set)
        #expect(back.judgments[0].score("Relevance")?.sampling?.values == [3, 3, 4])
        #expect(back.judgments[0].failedSamples == 1)
        #expect(back.judgments[1].failure?.attempts.map(\.error.code) == ["off-scale"])
        #expect(back.judgments[1].rawReplies == [#"{"Relevance":7}"#])
    }
}
