public import StatisticsCore

/// How much credit a pair of ratings in categories i and j earns: the weights
/// of weighted kappa, Gwet's AC2 and weighted Fleiss' kappa.
///
/// Weights come from the category *values* of the declared scale, never from
/// the positions of the labels observed:
/// - unweighted (identity): w_ij = 1 when i = j, else 0;
/// - linear (Cicchetti–Allison): w_ij = 1 − |v_i − v_j| / (v_max − v_min);
/// - quadratic (Fleiss–Cohen): w_ij = 1 − (v_i − v_j)² / (v_max − v_min)².
///
/// On an equally spaced scale these equal the index forms 1 − |i − j|/(k − 1)
/// and 1 − (i − j)²/(k − 1)². On a scale with a single category every weight is
/// 1 (there is nothing to disagree about). R `irr::kappa2` and scikit-learn
/// without `labels` index the *observed* levels instead, so an unused scale point
/// vanishes: `weighted_kappa_quadratic_unobserved_scale_points_declared` gives
/// 0.4433 on the declared 1–5 scale against their 0.3636.
public enum AgreementWeights: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Identity weights: only exact agreement counts.
    case unweighted
    /// Linear weights from the category values.
    case linear
    /// Quadratic weights from the category values.
    case quadratic
    /// Any k×k matrix of weights, rows and columns in scale order; agreement
    /// weights lie in [0, 1] with 1 on the diagonal.
    case custom([[Double]])

    /// The weight matrix on `scale`.
    ///
    /// - Precondition: a custom matrix is k×k for the scale's k categories.
    public func matrix(on scale: CategoryScale) -> WeightMatrix {
        let k = scale.count
        switch self {
        case .unweighted:
            return WeightMatrix(k: k, values: (0..<(k * k)).map { $0 / k == $0 % k ? 1 : 0 })
        case .linear:
            return Self.fromDistances(on: scale) { 1 - $0 }
        case .quadratic:
            return Self.fromDistances(on: scale) { 1 - $0 * $0 }
        case .custom(let rows):
            precondition(rows.count == k && rows.allSatisfy { $0.count == k }, "custom weights must be \(k)×\(k) for the scale \(scale)")
            return WeightMatrix(k: k, values: rows.flatMap { $0 })
        }
    }

    /// Weights f(d_ij) of the normalised value distances d_ij = |v_i − v_j| / (v_max − v_min),
    /// with every distance 0 on a one-category scale.
    private static func fromDistances(on scale: CategoryScale, _ f: (Double) -> Double) -> WeightMatrix {
        let v = scale.values
        let k = v.count
        let range = (v.max() ?? 0) - (v.min() ?? 0)
        var w = [Double](repeating: 0, count: k * k)
        for i in 0..<k {
            for j in 0..<k { w[i * k + j] = f(range > 0 ? abs(v[i] - v[j]) / range : 0) }
        }
        return WeightMatrix(k: k, values: w)
    }

    /// A short name for reports: `unweighted`, `linear`, `quadratic` or `custom`.
    public var description: String {
        switch self {
        case .unweighted: "unweighted"
        case .linear: "linear"
        case .quadratic: "quadratic"
        case .custom: "custom"
        }
    }
}

/// A k×k matrix of agreement weights, computed once from ``AgreementWeights``
/// and a scale so that repeated statistics (a bootstrap) do not rebuild it.
public struct WeightMatrix: Sendable, Hashable, Codable {
    /// The number of categories.
    public let k: Int
    /// The weights, row-major: `values[i * k + j]` is w_ij.
    public let values: [Double]

    /// The weight of the pair (i, j).
    public subscript(i: Int, j: Int) -> Double { values[i * k + j] }

    /// Σ_ij w_ij, which Gwet's chance agreement scales by.
    public var total: Double { values.reduce(0, +) }

    /// Whether the matrix is the identity (unweighted).
    public var isIdentity: Bool {
        (0..<k).allSatisfy { i in (0..<k).allSatisfy { j in values[i * k + j] == (i == j ? 1 : 0) } }
    }
}
