import Foundation
import StatisticsCore

extension AbstainBand {
    /// The binary Hoeffding–Bentkus p-value of "the risk exceeds α" when `wrong` of `trials` rows
    /// behind it went wrong: min(exp(−m·h(min(r̂, α), α)), P(Binomial(m, α) ≤ k)) with r̂ = k/m;
    /// 1 when no row is behind the risk.
    public static func hoeffdingBentkusPValue(wrong k: Int, trials m: Int, level alpha: Double) -> Double {
        guard m > 0 else { return 1 }
        let r = min(Double(k) / Double(m), alpha)
        let first = r == 0 ? 0 : r * log(r / alpha)
        let h = first + (1 - r) * log((1 - r) / (1 - alpha))
        let hoeffding = exp(-Double(m) * h)
        let bentkus = BinomialDistribution.lowerTail(events: k, trials: m, probability: alpha)
        return min(hoeffding, bentkus)
    }

    /// The fewest rows behind a risk at level α with which a band can be the first of `candidates`
    /// that Holm's procedure certifies at δ = `error`: the smallest m whose p-value with no row wrong,
    /// (1 − α)^m (both terms of the Hoeffding–Bentkus p-value are that at k = 0), is at most δ/K.
    /// Holm certifies nothing unless some band's p-value is, so with fewer rows decided negative on
    /// every band (or positive, at their levels) no band is certified, however right the judge.
    ///
    /// At α 0.15 (a minimum NPV of 0.85), δ 0.1 and 36 candidates: 37 rows; at α 0.2: 27.
    public static func minimumRows(level alpha: Double, error: Double, candidates: Int) -> Int {
        let bound = error / Double(max(candidates, 1))
        var m = max(0, Int((log(bound) / log(1 - alpha)).rounded(.down)) - 1)
        while hoeffdingBentkusPValue(wrong: 0, trials: m, level: alpha) > bound { m += 1 }
        return m
    }

    /// The indices Bonferroni–Holm rejects at family-wise error δ: in increasing order of p-value
    /// (ties by index), the i-th (from 0) is rejected when p ≤ δ/(m − i), stopping at the first
    /// that is not.
    static func holm(_ pValues: [Double], error: Double) -> [Int] {
        let order = pValues.indices.sorted { pValues[$0] != pValues[$1] ? pValues[$0] < pValues[$1] : $0 < $1 }
        var rejected: [Int] = []
        for (step, index) in order.enumerated() {
            guard pValues[index] <= error / Double(pValues.count - step) else { break }
            rejected.append(index)
        }
        return rejected
    }

    /// One band's counts and p-values on `rows` (not yet tested), at the three risks' `levels`.
    static func measure(_ rows: [Row], _ band: Thresholds, levels: [Double]) -> Candidate {
        var candidate = Candidate(
            thresholds: band, decidedNegative: 0, wrongNegative: 0, decidedPositive: 0, wrongPositive: 0,
            abstained: 0, pValues: [], valid: false)
        for row in rows {
            switch Self.decision(score: row.score, thresholds: band) {
            case .negative:
                candidate.decidedNegative += 1
                if row.positive { candidate.wrongNegative += 1 }
            case .positive:
                candidate.decidedPositive += 1
                if !row.positive { candidate.wrongPositive += 1 }
            case .abstain:
                candidate.abstained += 1
            }
        }
        candidate.pValues = [
            hoeffdingBentkusPValue(wrong: candidate.wrongNegative, trials: candidate.decidedNegative, level: levels[0]),
            hoeffdingBentkusPValue(wrong: candidate.wrongPositive, trials: candidate.decidedPositive, level: levels[1]),
            hoeffdingBentkusPValue(wrong: candidate.abstained, trials: rows.count, level: levels[2]),
        ]
        return candidate
    }
}
