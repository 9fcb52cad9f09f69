/// A k×k table of paired ratings in which each pair counts with a sampling
/// weight: the Horvitz–Thompson table of a sample drawn with unequal
/// inclusion probabilities.
///
/// A pair of a row drawn with inclusion probability πᵣ weighs wᵣ = 1/πᵣ, so
/// cell (i, j) holds W_ij = Σ wᵣ over its pairs and estimates the number of
/// rows of the whole population (the run) in that cell (Horvitz & Thompson
/// 1952). Proportions p_ij = W_ij / W, W = Σ W_ij, are the Hájek estimates of
/// the population's cell shares, and any statistic of the table's proportions
/// (the kappa family: ``CohenKappa/init(_:weights:level:interval:)-(WeightedContingencyTable,_,_,_)``)
/// is then consistent for the population's value rather than the sample's.
///
/// Each cell also keeps S_ij = Σ wᵣ², which the linearised (with-replacement)
/// variance needs: for a statistic whose influence value in cell (i, j) is
/// a_ij, Var ≈ Σ S_ij (a_ij − ā)² / W² (Särndal, Swensson & Wretman 1992,
/// §5.5). With every weight 1 the table is a ``ContingencyTable``: W_ij = S_ij
/// = n_ij, and that variance is the usual Σ p_ij (a_ij − ā)² / n.
///
/// Kish's effective sample size n_eff = W² / Σ S_ij says how many equally
/// weighted pairs the table is worth.
public struct WeightedContingencyTable: Sendable, Hashable, Codable {
    /// The declared scale; both margins follow its order.
    public let scale: CategoryScale
    /// W_ij, the sum of the weights of the pairs in each cell, row-major.
    public private(set) var weights: [Double]
    /// S_ij, the sum of the squared weights of the pairs in each cell, row-major.
    public private(set) var squaredWeights: [Double]
    /// The number of pairs counted (each once, whatever its weight).
    public private(set) var pairs: Int
    /// Pairs left out because one or both ratings were missing.
    public private(set) var excludedPairs: Int

    /// An empty table on `scale`.
    public init(scale: CategoryScale) {
        self.scale = scale
        weights = Array(repeating: 0, count: scale.count * scale.count)
        squaredWeights = weights
        pairs = 0
        excludedPairs = 0
    }

    /// The counts of `table` with every pair weighing 1.
    public init(_ table: ContingencyTable) {
        scale = table.scale
        weights = table.counts.map(Double.init)
        squaredWeights = weights
        pairs = table.n
        excludedPairs = table.excludedPairs
    }

    /// A table from two raters' ratings of the same items and each item's
    /// inclusion probability: the item weighs 1/π.
    ///
    /// π above 1 is taken as given: it stands for a design weight below 1, which a combination of
    /// estimators can give a row (a later batch that takes most of a stratum's remaining rows, in
    /// `ExpertLabels`' batch-wise weights). Probabilities users give are checked where they are read.
    ///
    /// - Throws: ``RatingError`` when a rating is off the scale, the lists
    ///   differ in length, or a probability is not a positive finite number, naming its position.
    public init(scale: CategoryScale, first: [Double?], second: [Double?], inclusionProbabilities: [Double]) throws {
        guard first.count == second.count, first.count == inclusionProbabilities.count else {
            throw RatingError.lengthMismatch(first.count, min(second.count, inclusionProbabilities.count))
        }
        self.init(scale: scale)
        let lookup = CategoryLookup(scale)
        for position in first.indices {
            let pi = inclusionProbabilities[position]
            guard pi > 0, pi.isFinite else {
                throw RatingError(
                    message: "inclusion probability \(pi) at position \(position + 1) is not a positive finite number", position: position)
            }
            guard let a = first[position], let b = second[position] else {
                excludedPairs += 1
                continue
            }
            guard let i = lookup.index(of: a) else { throw RatingError.offScale(value: a, position: position, rater: 1, scale: scale) }
            guard let j = lookup.index(of: b) else { throw RatingError.offScale(value: b, position: position, rater: 2, scale: scale) }
            add(i, j, weight: 1 / pi)
        }
    }

    /// Counts one pair in cell (i, j) with weight `weight`.
    public mutating func add(_ i: Int, _ j: Int, weight: Double) {
        weights[i * k + j] += weight
        squaredWeights[i * k + j] += weight * weight
        pairs += 1
    }

    /// k, the number of categories.
    public var k: Int { scale.count }

    /// W, the sum of every pair's weight: the estimated number of rows in the population.
    public var total: Double { weights.reduce(0, +) }

    /// Kish's effective sample size W² / Σ S_ij (0 on an empty table).
    public var effectiveSize: Double {
        let s = squaredWeights.reduce(0, +)
        return s > 0 ? total * total / s : 0
    }

    /// W_ij.
    public subscript(i: Int, j: Int) -> Double { weights[i * k + j] }

    /// The weighted share of exact agreement, Σ_i W_ii / W, with n the pairs
    /// counted; undefined on an empty table.
    public var exactAgreement: Estimate {
        let w = total
        guard pairs > 0, w > 0 else { return Estimate(undefined: .noData("no paired ratings to compare"), n: 0) }
        return Estimate(value: (0..<k).reduce(0) { $0 + self[$1, $1] } / w, n: pairs)
    }
}

extension WeightedContingencyTable {
    /// The rows a statistic with only a count-table form sees — Krippendorff's alpha, Gwet's AC2 and
    /// the correlations through ``AgreementStatistic/tableStatistic(for:scale:)`` — so that their
    /// figures are the Horvitz–Thompson (Hájek) plug-in estimates, as the kappas' are.
    ///
    /// When every cell's weight is a whole number the table holds that many rows: every weight 1 is
    /// the unweighted table, and a row of weight 3 counts as three rows. Otherwise the weights are
    /// scaled to 10⁶ rows and rounded, which keeps each cell's share to within 5·10⁻⁷; a statistic's
    /// small-sample factor (alpha's n − 1) then reads the scaled total, a change below 1/(2n).
    ///
    /// Edge cases: an empty table stays empty; a cell under 5·10⁻⁷ of the total rounds to no rows.
    public var replicatedRows: ContingencyTable {
        let whole = weights.allSatisfy { abs($0 - $0.rounded()) < 1e-9 }
        let factor = whole || total <= 0 ? 1 : 1e6 / total
        return ContingencyTable(scale: scale, counts: weights.map { Int(($0 * factor).rounded()) }, excludedPairs: excludedPairs)
    }
}
