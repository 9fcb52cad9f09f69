import AgreementCoefficients
import RunInference
import StatisticsCore

/// The realistic judge tables both studies draw from: a 1–4 scale, the judge's scores skewed to
/// 3 and 4 as judges' are, the experts a little less so, moved to each true quadratic kappa.
enum StudyTables {
    static let scale = CategoryScale(1...4)
    /// The experts' levels (rows).
    static let experts = [0.08, 0.17, 0.40, 0.35]
    /// The judge's levels (columns): 82% of rows a 3 or a 4.
    static let judge = [0.05, 0.13, 0.44, 0.38]
    /// A harsher judge: nearly every row a 3 or a 4.
    static let harshlySkewed = [0.01, 0.04, 0.45, 0.50]

    /// The table with the experts' and `judge` levels whose quadratic kappa is `kappa`: the
    /// independence table mixed with the most agreement these margins allow.
    static func design(kappa: Double, judge: [Double] = judge) throws -> AgreementDesign {
        var cells: [Double] = []
        for e in experts { for j in judge { cells.append(e * j) } }
        return try AgreementDesign(scale: scale, cells: cells)
            .withKappa(kappa, weights: AgreementWeights.quadratic.matrix(on: scale))
    }

    /// One label set of `rows` rows drawn from `design`, as a table.
    static func draw(_ design: AgreementDesign, rows: Int, generator: inout Xoshiro256StarStar) -> ContingencyTable {
        var counts = [Int](repeating: 0, count: design.cells.count)
        generator.multinomial(total: rows, weights: design.cells.map { Int(($0 * 0x1p40).rounded()) }, into: &counts)
        return ContingencyTable(scale: design.scale, counts: counts, excludedPairs: 0)
    }

    /// A seed for one cell of a study, mixed from the base seed and the cell's numbers.
    static func seed(_ base: UInt64, _ parts: [UInt64]) -> UInt64 {
        SplitMix64.mixed(base, parts.lazy.map { $0 &* 0x9E37_79B9_7F4A_7C15 })
    }
}
