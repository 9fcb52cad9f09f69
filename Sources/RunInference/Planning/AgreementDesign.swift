public import AgreementCoefficients
public import StatisticsCore

/// A planned joint distribution of two raters' categories on a declared scale:
/// the k×k cell probabilities a labelling study is expected to draw from.
///
/// A sample-size calculation needs the whole table, not just kappa: kappa's
/// large-sample variance depends on both margins and on where the disagreement
/// falls. A design is built from what is known before labelling (the judge's
/// level distribution on the run, a pilot sheet's table) and then moved to
/// each true kappa of interest by ``withKappa(_:weights:)``.
///
/// Every table here keeps its margins when its kappa is moved, so chance
/// agreement p_e stays fixed and kappa is linear in a mixture of two tables
/// with the same margins: (1 − t)·A + t·B has κ = (1 − t)·κ_A + t·κ_B.
public struct AgreementDesign: Sendable, Hashable, Codable {
    /// The declared scale; both margins follow its order.
    public let scale: CategoryScale
    /// The cell probabilities, row-major (rows: the first rater, the expert in a plan); they sum to 1.
    public let cells: [Double]

    /// A design from cell probabilities, row-major.
    ///
    /// - Throws: ``AgreementDesignError`` when there are not k² cells, a cell is negative or
    ///   not finite, or the cells do not sum to 1 (within 1e-9).
    public init(scale: CategoryScale, cells: [Double]) throws(AgreementDesignError) {
        let k = scale.count
        guard k >= 2 else { throw .scaleTooSmall(k) }
        guard cells.count == k * k else { throw .shape(cells: cells.count, k: k) }
        guard cells.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw .negativeCell }
        let total = cells.reduce(0, +)
        guard abs(total - 1) <= 1e-9 else { throw .notNormalised(total) }
        self.scale = scale
        self.cells = cells
    }

    /// The design of two raters with the same level distribution `marginal`
    /// who agree perfectly: diag(p), whose kappa is 1 with any weights.
    ///
    /// - Throws: ``AgreementDesignError`` when `marginal` has not one share per
    ///   level, a share is negative, or the shares do not sum to 1.
    public static func perfectAgreement(scale: CategoryScale, marginal: [Double]) throws(AgreementDesignError) -> AgreementDesign {
        let k = scale.count
        guard marginal.count == k else { throw .shape(cells: marginal.count, k: k) }
        var cells = [Double](repeating: 0, count: k * k)
        for i in 0..<k { cells[i * k + i] = marginal[i] }
        return try AgreementDesign(scale: scale, cells: cells)
    }

    /// The design of observed counts, as proportions.
    ///
    /// - Throws: ``AgreementDesignError/empty`` for a table of no pairs.
    public init(observed table: ContingencyTable) throws(AgreementDesignError) {
        let n = Double(table.n)
        guard n > 0 else { throw .empty }
        try self.init(scale: table.scale, cells: table.counts.map { Double($0) / n })
    }

    /// The number of categories k.
    public var k: Int { scale.count }

    /// The probability of cell (i, j).
    public subscript(i: Int, j: Int) -> Double { cells[i * k + j] }

    /// The first rater's level distribution p_i·.
    public var rowMarginal: [Double] { (0..<k).map { i in (0..<k).reduce(0) { $0 + self[i, $1] } } }

    /// The second rater's level distribution p_·j.
    public var columnMarginal: [Double] { (0..<k).map { j in (0..<k).reduce(0) { $0 + self[$1, j] } } }

    /// Chance agreement p_e = Σ w_ij p_i· p_·j.
    public func chanceAgreement(weights: WeightMatrix) -> Double {
        let (r, c) = (rowMarginal, columnMarginal)
        var pe = 0.0
        for i in 0..<k { for j in 0..<k { pe += weights[i, j] * r[i] * c[j] } }
        return pe
    }

    /// The design's kappa with `weights`; `nil` when p_e = 1 (a rater with one level), where kappa is 0/0.
    public func kappa(weights: WeightMatrix) -> Double? {
        let pe = chanceAgreement(weights: weights)
        guard !ChanceCorrectedAgreement.isChanceCertain(pe) else { return nil }
        var po = 0.0
        for i in 0..<k { for j in 0..<k { po += weights[i, j] * self[i, j] } }
        return (po - pe) / (1 - pe)
    }

    /// n·Var(κ̂), kappa's large-sample variance on n rows of this design, times n.
    ///
    /// The Fleiss–Cohen–Everitt formula (``CohenKappa``'s), on the design's
    /// probabilities. `nil` where kappa is undefined.
    public func unitVariance(weights: WeightMatrix) -> Double? {
        guard let kappa = kappa(weights: weights) else { return nil }
        let (r, c) = (rowMarginal, columnMarginal)
        return CohenKappa.unitVariances(
            k: k, cell: { self[$0, $1] }, rows: { r[$0] }, columns: { c[$0] }, weights: weights, kappa: kappa,
            chanceAgreement: chanceAgreement(weights: weights)
        ).variance
    }

    /// The table of most agreement with this design's margins.
    ///
    /// The comonotone coupling (the north-west corner rule on the two
    /// cumulative margins) puts as much probability as the margins allow on and
    /// next to the diagonal. With equal margins it is diag(p); for weights that
    /// fall with the distance between levels (linear, quadratic) no table with
    /// these margins has a larger weighted agreement.
    public var mostAgreement: AgreementDesign {
        var (r, c) = (rowMarginal, columnMarginal)
        var cells = [Double](repeating: 0, count: k * k)
        var (i, j) = (0, 0)
        while i < k, j < k {
            let mass = min(r[i], c[j])
            cells[i * k + j] += mass
            r[i] -= mass
            c[j] -= mass
            if r[i] <= 1e-15 { i += 1 } else { j += 1 }
        }
        return AgreementDesign(unchecked: scale, cells: cells)
    }

    /// The table of no agreement beyond chance with this design's margins, p_i·p_·j (κ = 0).
    public var independence: AgreementDesign {
        let (r, c) = (rowMarginal, columnMarginal)
        return AgreementDesign(unchecked: scale, cells: (0..<(k * k)).map { r[$0 / k] * c[$0 % k] })
    }

    /// This design moved to kappa `target` with `weights`, its margins kept.
    ///
    /// From 0 to the design's own kappa κ_D the result mixes the independence
    /// table with the design, (1 − t)·I + t·D with t = target / κ_D, so the
    /// disagreement keeps the design's pattern, scaled; above κ_D it mixes the
    /// design with ``mostAgreement`` (kappa κ_M), the disagreement shrinking
    /// towards the diagonal. A design with no agreement beyond chance (κ_D ≤ 0)
    /// is replaced by ``mostAgreement`` first.
    ///
    /// - Throws: ``AgreementDesignError/unreachable(_:maximum:)`` when `target`
    ///   is negative or above κ_M, the most these margins allow;
    ///   ``AgreementDesignError/undefinedKappa`` when a margin has one level.
    public func withKappa(_ target: Double, weights: WeightMatrix) throws(AgreementDesignError) -> AgreementDesign {
        let most = mostAgreement
        guard let own = kappa(weights: weights), let maximum = most.kappa(weights: weights) else { throw .undefinedKappa }
        guard target >= 0, target <= maximum + 1e-12 else { throw .unreachable(target, maximum: maximum) }
        let base = own > 1e-12 ? self : most
        let baseKappa = own > 1e-12 ? own : maximum
        if target <= baseKappa { return independence.mixed(with: base, share: target / baseKappa) }
        let span = maximum - baseKappa
        return base.mixed(with: most, share: span > 1e-12 ? min(1, (target - baseKappa) / span) : 1)
    }

    /// (1 − share)·self + share·other, cell by cell.
    func mixed(with other: AgreementDesign, share: Double) -> AgreementDesign {
        AgreementDesign(unchecked: scale, cells: zip(cells, other.cells).map { (1 - share) * $0 + share * $1 })
    }

    private init(unchecked scale: CategoryScale, cells: [Double]) {
        self.scale = scale
        self.cells = cells
    }
}

/// A planned table that cannot be built or moved.
public enum AgreementDesignError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A scale of fewer than two levels, on which agreement cannot be measured.
    case scaleTooSmall(Int)
    /// Cells (or marginal shares) that do not fit a scale of k levels.
    case shape(cells: Int, k: Int)
    /// A negative or non-finite probability.
    case negativeCell
    /// Probabilities that do not sum to 1.
    case notNormalised(Double)
    /// A table of no pairs.
    case empty
    /// A margin with a single level, where kappa is 0/0.
    case undefinedKappa
    /// A kappa the margins cannot reach.
    case unreachable(Double, maximum: Double)

    public var description: String {
        switch self {
        case .scaleTooSmall(let k): "a plan needs a scale of at least two levels; this one has \(k)"
        case .shape(let cells, let k): "\(cells) probabilities do not fit a scale of \(k) levels"
        case .negativeCell: "a probability is negative or not a number"
        case .notNormalised(let total): "the probabilities sum to \(total), not 1"
        case .empty: "the pilot table has no paired rows"
        case .undefinedKappa:
            "one rater uses a single level, so chance agreement is 1 and kappa is undefined whatever the number of rows"
        case .unreachable(let target, let maximum):
            "kappa \(target) cannot be reached with these level distributions (from 0 to \(maximum))"
        }
    }
}
