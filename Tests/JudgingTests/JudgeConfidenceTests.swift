import Foundation
import Judging
import Testing

@Suite("A judge's confidence: the most probable or most sampled level, stored with the judgment")
struct JudgeConfidenceTests {
    @Test("The most probable level; a tie goes to the lower level; no probability, no confidence")
    func mostProbable() {
        let scale = ScoringScale.numeric([1: "", 2: "", 3: "", 4: ""])
        #expect(JudgeConfidence.mostProbable(["1": 0.1, "2": 0.2, "3": 0.6, "4": 0.1], on: scale)?.level == 3)
        #expect(JudgeConfidence.mostProbable(["2": 0.4, "3": 0.4, "4": 0.2], on: scale) == JudgeConfidence(method: .levelProbability, level: 2, value: 0.4))
        #expect(JudgeConfidence.mostProbable([:], on: scale) == nil)
        #expect(JudgeConfidence.mostProbable(["pass": 1], on: scale) == nil)
        let passFail = ScoringScale.passFail(passDescription: "", failDescription: "")
        #expect(JudgeConfidence.mostProbable(["pass": 0.7, "fail": 0.3], on: passFail) == JudgeConfidence(method: .levelProbability, level: 1, value: 0.7))
    }

    @Test("The most sampled level and its share; a tie goes to the lower level; no samples, no confidence")
    func mostSampled() {
        #expect(JudgeConfidence.mostSampled([4, 3, 4, 4, 2]) == JudgeConfidence(method: .sampleAgreement, level: 4, value: 0.6))
        #expect(JudgeConfidence.mostSampled([5, 3, 5, 3]) == JudgeConfidence(method: .sampleAgreement, level: 3, value: 0.5))
        #expect(JudgeConfidence.mostSampled([2]) == JudgeConfidence(method: .sampleAgreement, level: 2, value: 1))
        #expect(JudgeConfidence.mostSampled([]) == nil)
    }

    @Test("A judgments file keeps the confidence; one outside [0, 1] does not read")
    func stored() throws {
        let judged = DimensionJudgment(
            dimension: "Q", score: 3.2, label: "3", rationale: "", probabilities: ["3": 0.8, "4": 0.2],
            confidence: JudgeConfidence(method: .levelProbability, level: 3, value: 0.8))
        let data = try JSONEncoder().encode(judged)
        #expect(String(decoding: data, as: UTF8.self).contains(#""confidence":{"#))
        #expect(try JSONDecoder().decode(DimensionJudgment.self, from: data) == judged)
        let bad = #"{"dimension":"Q","score":3,"label":"3","rationale":"","confidence":{"method":"given","level":3,"value":1.5}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DimensionJudgment.self, from: Data(bad.utf8)) }
        let old = #"{"dimension":"Q","score":3,"label":"3","rationale":"","fellBack":false}"#
        #expect(try JSONDecoder().decode(DimensionJudgment.self, from: Data(old.utf8)).confidence == nil)
    }

    @Test("The level distribution: weighted probabilities, sampled shares, and a confidence alone on two levels only")
    func levelDistribution() {
        let passFail = ScoringScale.passFail(passDescription: "", failDescription: "")
        let fourLevels = ScoringScale.numeric([1: "", 2: "", 3: "", 4: ""])
        func judged(_ score: Double, probabilities: [String: Double]? = nil, values: [Double]? = nil, confidence: JudgeConfidence? = nil)
            -> DimensionJudgment
        {
            DimensionJudgment(
                dimension: "Q", score: score, label: "", rationale: "", probabilities: probabilities,
                sampling: values.map { SampledScores(values: $0, mean: 0, standardDeviation: nil, selfAgreement: nil) }, confidence: confidence)
        }
        #expect(judged(0.7, probabilities: ["pass": 0.7, "fail": 0.3]).levelDistribution(on: passFail) == [0.3, 0.7])
        #expect(judged(3, values: [3, 3, 4, 1]).levelDistribution(on: fourLevels) == [0.25, 0, 0.5, 0.25])
        // A given confidence: about its own level, the other of two levels gets the rest; a fraction is placed on the nearest level.
        #expect(judged(1, confidence: JudgeConfidence(method: .given, level: 1, value: 0.75)).levelDistribution(on: passFail) == [0.25, 0.75])
        #expect(judged(0, confidence: JudgeConfidence(method: .given, level: 0, value: 0.75)).levelDistribution(on: passFail) == [0.75, 0.25])
        #expect(judged(0.4, confidence: JudgeConfidence(method: .given, level: 0.4, value: 0.875)).levelDistribution(on: passFail) == [0.875, 0.125])
        // The rest as the decimal reads: 1 − 0.7 is 0.30000000000000004 in binary, the rest 0.3.
        #expect(judged(0, confidence: JudgeConfidence(method: .given, level: 0, value: 0.7)).levelDistribution(on: passFail) == [0.7, 0.3])
        #expect(judged(1, confidence: JudgeConfidence(method: .given, level: 1, value: 0.999999)).levelDistribution(on: passFail) == [1e-6, 0.999999])
        // On four levels a confidence alone does not say how the rest is spread; without anything, no distribution.
        #expect(judged(3, confidence: JudgeConfidence(method: .given, level: 3, value: 0.9)).levelDistribution(on: fourLevels) == nil)
        #expect(judged(1).levelDistribution(on: passFail) == nil)
    }
}
