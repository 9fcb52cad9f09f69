import CalibrationData
import DataFormats
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

@Suite("Judge-scores files with confidences: read beside the scores, refused where they cannot be")
struct JudgeScoresConfidenceTests {
    func load(_ text: String, _ name: String) throws -> ExternalJudgeScores {
        try ExternalJudgeScores.load(from: SharedData.temporaryFile(text, named: name, in: "confidence"))
    }

    func problem(_ text: String, _ name: String) -> InputError? {
        do {
            _ = try load(text, name)
            return nil
        } catch let error as InputError {
            return error
        } catch {
            return nil
        }
    }

    static let scale = CategoryScale(values: [1, 2, 3, 4, 5])

    @Test("A CSV's <dimension>_confidence column is no dimension; each score carries its confidence")
    func csv() throws {
        let scores = try load("id,quality,quality_confidence,quality_rationale\nr1,4,0.9,fine\nr2,2,0.55,\nr3,,,\n", "c.csv")
        #expect(scores.dimensions == ["quality"])
        let judged = try scores.judgeScores(dimension: "quality", scale: Self.scale)
        #expect(judged.scores["r1"]?.confidence == JudgeConfidence(method: .given, level: 4, value: 0.9))
        #expect(judged.scores["r2"]?.confidence?.value == 0.55)
        #expect(judged.failures["r3"] == "no score")
    }

    @Test("JSON Lines: a <dimension>_confidence number beside the score")
    func jsonLines() throws {
        let scores = try load(#"{"id":"a","quality":4,"quality_confidence":0.8}"# + "\n" + #"{"id":"b","quality":3,"quality_confidence":1}"# + "\n", "j.jsonl")
        #expect(scores.dimensions == ["quality"])
        let judged = try scores.judgeScores(dimension: "quality", scale: Self.scale)
        #expect(judged.scores["b"]?.confidence == JudgeConfidence(method: .given, level: 3, value: 1))
    }

    @Test(
        "A confidence outside [0, 1], not a number, blank beside a score, or without its dimension is located",
        arguments: [
            ("id,q,q_confidence\nr1,4,1.5\n", "b1.csv", 2, "q_confidence", "not a confidence"),
            ("id,q,q_confidence\nr1,4,-0.1\n", "b2.csv", 2, "q_confidence", "not a confidence"),
            ("id,q,q_confidence\nr1,4,high\n", "b3.csv", 2, "q_confidence", "not a confidence"),
            ("id,q,q_confidence\nr1,4,nan\n", "b4.csv", 2, "q_confidence", "not a confidence"),
            ("id,q,q_confidence\nr1,4,0.5\nr2,3,\n", "b5.csv", 3, "q_confidence", "no confidence beside a score"),
            ("id,q,r_confidence\nr1,4,0.5\n", "b6.csv", 1, "r_confidence", "no dimension column r"),
            (#"{"id":"a","q":4,"q_confidence":0.5}"# + "\n" + #"{"id":"b","q":3}"# + "\n", "b7.jsonl", 2, "q_confidence", "no confidence beside a score"),
            (#"{"id":"a","q":4,"q_confidence":"0.5"}"# + "\n", "b8.jsonl", 1, "q_confidence", "not a confidence"),
            (#"{"id":"a","q":4,"r_confidence":0.5}"# + "\n", "b9.jsonl", 1, "r_confidence", "no dimension r"),
        ])
    func refused(text: String, name: String, line: Int, column: String, words: String) throws {
        let error = try #require(problem(text, name))
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.message.contains(words), "\(error.message)")
    }

    @Test("A judgments file's confidences carry through the judge-scores reader")
    func judgmentsFile() throws {
        let text = #"""
            {"judgments":{"model":"m","rubric":"r","run":"x"}}
            {"id":"a","model":"m","promptHash":"h","rawReplies":[],"retries":0,"scores":[{"dimension":"Q","score":3.4,"label":"3","rationale":"","fellBack":false,"probabilities":{"3":0.6,"4":0.4},"confidence":{"method":"level-probability","level":3,"value":0.6}}]}

            """#
        let scores = try load(text, "x.r.judgments.jsonl")
        let judged = try scores.judgeScores(dimension: "Q", scale: Self.scale)
        #expect(judged.scores["a"]?.confidence == JudgeConfidence(method: .levelProbability, level: 3, value: 0.6))
        #expect(judged.scores["a"]?.value == 3.4)
    }
}
