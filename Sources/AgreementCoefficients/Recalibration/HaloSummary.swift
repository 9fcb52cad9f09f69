import LinearAlgebra
public import StatisticsCore

/// How much one rater's score dimensions move together: the Pearson
/// correlation matrix of the dimensions over the items, its eigenvalues by
/// LAPACK's `dsyev`, and the share of the first, λ₁/d.
///
/// The eigenvalues of a d × d correlation matrix are non-negative and sum to
/// d. If the dimensions were unrelated each would be 1 and λ₁/d = 1/d; if they
/// were one score in disguise, λ₁ = d and the share is 1. A judge whose share
/// is far above the experts' shows a halo effect: its rating on one dimension
/// leaks into the others. ``HaloComparison`` puts a judge beside the experts.
///
/// Undefined (``firstEigenvalueShare`` without a value, with a reason) when there
/// are fewer than 2 dimensions or 3 items, or a dimension is constant (its
/// correlations are 0/0); the reason names the dimension.
public struct HaloSummary: Sendable, Hashable, Codable {
    /// The dimension names, in column order.
    public var dimensions: [String]
    /// The Pearson correlations between dimensions (d × d), empty when undefined.
    public var correlations: [[Double]]
    /// The eigenvalues of ``correlations``, largest first; empty when undefined.
    public var eigenvalues: [Double]
    /// The unit eigenvector of the largest eigenvalue (the dimensions' loadings
    /// on the common factor), signed so that its entries sum to a non-negative value.
    public var leadingEigenvector: [Double]
    /// λ₁/d, with n = items; undefined with a reason.
    public var firstEigenvalueShare: Estimate

    /// The summary of one rater's scores, one row per item and one column per
    /// dimension.
    ///
    /// - Throws: ``RatingError`` when rows are ragged, a value is not finite, or
    ///   the names do not match the columns.
    public init(scores: [[Double]], dimensions names: [String]) throws {
        let d = names.count
        let n = scores.count
        for (position, row) in scores.enumerated() {
            guard row.count == d else {
                throw RatingError(
                    message: "item \(position + 1) has \(row.count) scores for \(d) dimensions (\(names.joined(separator: ", ")))",
                    position: position)
            }
            for (j, v) in row.enumerated() where !v.isFinite {
                throw RatingError.notFinite(v, position: position, source: "dimension \(names[j])")
            }
        }
        self.dimensions = names
        self.correlations = []
        self.eigenvalues = []
        self.leadingEigenvector = []
        guard d >= 2, n >= 3 else {
            firstEigenvalueShare = Estimate(
                undefined: .tooFew("a halo summary needs at least 2 dimensions and 3 items; there are \(d) and \(n)"), n: n)
            return
        }
        let columns = (0..<d).map { j in scores.map { $0[j] } }
        var matrix = [Double](repeating: 0, count: d * d)
        for i in 0..<d {
            matrix[i * d + i] = 1
            for j in (i + 1)..<d {
                // Both columns are finite and equal in length, so only a constant one is undefined.
                guard let r = try? Correlation.pearson(columns[i], columns[j]).value else {
                    let constant = Set(columns[i]).count == 1 ? i : j
                    firstEigenvalueShare = Estimate(
                        undefined: .noVariation(
                            "dimension \(names[constant]) has the same score on every item, so its correlations are undefined"), n: n)
                    return
                }
                matrix[i * d + j] = r
                matrix[j * d + i] = r
            }
        }
        guard let eigen = LAPACK.symmetricEigen(matrix, dimension: d) else {
            firstEigenvalueShare = Estimate(
                undefined: UndefinedReason(code: "no-convergence", message: "LAPACK dsyev did not converge on the correlation matrix"), n: n
            )
            return
        }
        self.correlations = (0..<d).map { Array(matrix[($0 * d)..<($0 * d + d)]) }
        self.eigenvalues = eigen.values
        let v = eigen.vectors[0]
        self.leadingEigenvector = v.reduce(0, +) < 0 ? v.map { -$0 } : v
        self.firstEigenvalueShare = Estimate(value: eigen.values[0] / Double(d), n: n)
    }
}

/// A judge's halo summary beside the experts' on the same items and dimensions.
public struct HaloComparison: Sendable, Hashable, Codable {
    /// The judge's summary.
    public var judge: HaloSummary
    /// The experts' summary.
    public var expert: HaloSummary
    /// Judge λ₁/d minus expert λ₁/d: positive when the judge's dimensions move
    /// together more than the experts' do.
    ///
    /// Undefined when either share is.
    public var shareDifference: Estimate

    /// Compares two summaries.
    public init(judge: HaloSummary, expert: HaloSummary) {
        self.judge = judge
        self.expert = expert
        if let j = judge.firstEigenvalueShare.value, let e = expert.firstEigenvalueShare.value {
            shareDifference = Estimate(value: j - e, n: min(judge.firstEigenvalueShare.n, expert.firstEigenvalueShare.n))
        } else {
            let reason =
                judge.firstEigenvalueShare.undefinedReason ?? expert.firstEigenvalueShare.undefinedReason
                ?? .noData()
            shareDifference = Estimate(undefined: reason, n: 0)
        }
    }
}
