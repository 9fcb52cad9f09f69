import RunInference
import StatisticsCore
import Testing

@Suite("PPI++ with λ cross-fitted")
struct CrossFittedLambdaTests {
    static func sample() throws -> CorrectionSample {
        var generator = SplitMix64(seed: 9)
        let expert = (0..<61).map { _ in Double(Int.random(in: 1...4, using: &generator)) }
        let judge = expert.map { Double.random(in: 0..<1, using: &generator) < 0.7 ? $0 : Double(Int.random(in: 2...4, using: &generator)) }
        let unlabelled = (0..<500).map { _ in Double(Int.random(in: 1...4, using: &generator)) }
        return try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: unlabelled)
    }

    @Test("Each labelled row's rectifier takes the λ tuned on the other fold; the unlabelled term their mean")
    func byHand() throws {
        let s = try Self.sample()
        let fitted = RunMeanEstimate(crossFitting: s)
        // λ of each fold, tuned as usual on that fold's labelled rows and every unlabelled row.
        let folds = (0..<2).map { k in (0..<s.labelled).filter { $0 % 2 == k } }
        let lambdas = try folds.map { rows in
            try #require(
                RunMeanEstimate(
                    try CorrectionSample(
                        expert: rows.map { s.expert[$0] }, judge: rows.map { s.judge[$0] }, judgeUnlabelled: s.judgeUnlabelled)
                ).lambda)
        }
        let rowLambda = (0..<s.labelled).map { lambdas[1 - $0 % 2] }
        let meanLambda = rowLambda.reduce(0, +) / Double(s.labelled)
        let rectifier = (0..<s.labelled).map { s.expert[$0] - rowLambda[$0] * s.judge[$0] }.reduce(0, +) / Double(s.labelled)
        let imputed = meanLambda * s.judgeUnlabelled.reduce(0, +) / Double(s.unlabelled)
        #expect(abs(try #require(fitted.corrected.value) - (rectifier + imputed)) < 1e-12)
        #expect(abs(try #require(fitted.lambda) - meanLambda) < 1e-15)
        #expect(lambdas[0] != lambdas[1], "the folds differ, so the test would see a swapped λ")
        // The experts' and the judge's own means are the plain ones.
        let plain = RunMeanEstimate(s)
        #expect(fitted.expertsOnly == plain.expertsOnly && fitted.judgeOnly == plain.judgeOnly)
        #expect(fitted.corrected.value != plain.corrected.value)
    }

    @Test("Too few labelled rows: undefined as the plain estimate is")
    func tooFew() throws {
        let s = try CorrectionSample(expert: [1, 2, 3], judge: [1, 2, 3], judgeUnlabelled: [1, 2])
        #expect(RunMeanEstimate(crossFitting: s).corrected.undefinedReason?.code == "too-few")
    }
}
