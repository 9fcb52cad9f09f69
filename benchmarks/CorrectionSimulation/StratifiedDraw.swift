import AgreementStatistics

/// A labelled sample drawn with unequal inclusion probabilities, as a stratified
/// extraction that over-samples the rows the judge scored low would draw it.
///
/// Each row is labelled independently (Poisson sampling) with probability
/// πᵢ = c·s(judge level of row i), where s weights the levels (4, 2, 1, 1 on a
/// 1–4 scale; 3, 1 on a binary one) and c = n / Σᵢ s makes the expected number
/// of labelled rows n. The labelled rows then over-represent the judge's low
/// scores; the estimators undo that with the Horvitz–Thompson weights 1/π (and
/// 1/(1 − π) for the unlabelled rows), and the unweighted experts' mean shows the
/// bias they remove.
struct StratifiedDraw {
    /// The sample with its inclusion probabilities.
    let weighted: CorrectionSample
    /// The same rows, taken as if drawn uniformly.
    let unweighted: CorrectionSample

    init(
        expert: [Int], judge: [Int], values: [Double], expectedLabelled n: Int,
        using generator: inout Xoshiro256StarStar
    ) throws {
        let oversampling: [Double] =
            values.count == 2 ? [3, 1] : [4, 2] + Array(repeating: 1, count: values.count - 2)
        let total = judge.reduce(0) { $0 + oversampling[$1] }
        let c = Double(n) / total
        var labelled: (expert: [Double], judge: [Double], probability: [Double]) = ([], [], [])
        var unlabelled: (judge: [Double], probability: [Double]) = ([], [])
        for r in judge.indices {
            let pi = c * oversampling[judge[r]]
            if generator.nextUniform() < pi {
                labelled.expert.append(values[expert[r]])
                labelled.judge.append(values[judge[r]])
                labelled.probability.append(pi)
            } else {
                unlabelled.judge.append(values[judge[r]])
                unlabelled.probability.append(pi)
            }
        }
        weighted = try CorrectionSample(
            expert: labelled.expert, judge: labelled.judge, judgeUnlabelled: unlabelled.judge,
            design: .inclusionProbabilities(labelled: labelled.probability, unlabelled: unlabelled.probability))
        unweighted = try CorrectionSample(
            expert: labelled.expert, judge: labelled.judge, judgeUnlabelled: unlabelled.judge)
    }
}
