import RunInference
import StatisticsCore

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

extension StratifiedDraw {
    /// Which rows `judgecal extract --strategy judge-stratified --sample n` draws as its first batch, and the
    /// inclusion probability of every row: the frame it writes beside the sheet.
    ///
    /// The strata are the judge's levels (`stratum`, an index per row); n is allocated in proportion to √N_h
    /// (every stratum's likely disagreement is ½ before any label) by largest remainders, each stratum's m_h
    /// rows are drawn uniformly without replacement, and every row of stratum h, labelled or not, has
    /// π = m_h / N_h.
    static func judgeStratified(
        stratum: [Int], strata: Int, labelled n: Int, using generator: inout Xoshiro256StarStar
    ) -> (labelled: Set<Int>, probability: [Double]) {
        var members = Array(repeating: [Int](), count: strata)
        for r in stratum.indices { members[stratum[r]].append(r) }
        let weights = members.map { Double($0.count).squareRoot() }
        let shares = weights.map { Double(n) * $0 / weights.reduce(0, +) }
        var quotas = zip(shares, members).map { min(Int($0.0.rounded(.down)), $0.1.count) }
        let byRemainder = shares.indices.sorted { shares[$0] - shares[$0].rounded(.down) > shares[$1] - shares[$1].rounded(.down) }
        var left = n - quotas.reduce(0, +)
        while left > 0, let h = byRemainder.first(where: { quotas[$0] < members[$0].count }) {
            quotas[h] += 1
            left -= 1
        }
        var labelled: Set<Int> = []
        var probability = Array(repeating: 0.0, count: stratum.count)
        for h in members.indices where !members[h].isEmpty {
            var rows = members[h]
            for i in 0..<quotas[h] { rows.swapAt(i, i + generator.nextIndex(below: rows.count - i)) }
            labelled.formUnion(rows.prefix(quotas[h]))
            for r in rows { probability[r] = Double(quotas[h]) / Double(rows.count) }
        }
        return (labelled, probability)
    }

    /// A labelled sample drawn as ``judgeStratified(stratum:strata:labelled:using:)`` draws it, weighted by its frame.
    init(
        judgeStratifiedExpert expert: [Int], judge: [Int], values: [Double], labelled n: Int,
        using generator: inout Xoshiro256StarStar
    ) throws {
        let draw = Self.judgeStratified(stratum: judge, strata: values.count, labelled: n, using: &generator)
        try self.init(expert: expert.map { values[$0] }, judge: judge.map { values[$0] }, draw: draw)
    }

    /// The weighted and unweighted samples of a draw over rows scored `expert` and `judge`.
    init(expert: [Double], judge: [Double], draw: (labelled: Set<Int>, probability: [Double])) throws {
        let rows = judge.indices
        let (inSample, outside) = (rows.filter { draw.labelled.contains($0) }, rows.filter { !draw.labelled.contains($0) })
        weighted = try CorrectionSample(
            expert: inSample.map { expert[$0] }, judge: inSample.map { judge[$0] }, judgeUnlabelled: outside.map { judge[$0] },
            design: .inclusionProbabilities(
                labelled: inSample.map { draw.probability[$0] }, unlabelled: outside.map { draw.probability[$0] }))
        unweighted = try CorrectionSample(
            expert: inSample.map { expert[$0] }, judge: inSample.map { judge[$0] }, judgeUnlabelled: outside.map { judge[$0] })
    }
}
