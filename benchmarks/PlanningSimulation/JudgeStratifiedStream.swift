import AgreementCoefficients
import RunInference
import StatisticsCore

/// One stream of labels drawn as `extract --next 10 --strategy judge-stratified` draws them.
///
/// The run is unbounded and its rows follow a design: strata are the judge's levels (the design's columns,
/// shares q_h). The first batch's quota goes to the strata in proportion to √q_h; each later batch's in
/// proportion to q_h·S_h, the Neyman allocation for the test at the threshold with S_h estimated from the
/// labels so far (``KappaNeymanAllocation``), rounded by largest remainders — the allocation of
/// `LabelSheet`'s judge-stratified batches, with the rows left ∝ q_h in a run much larger than the labels.
/// A row of stratum h weighs q_h / m_h after m_h of its rows are drawn (1/π up to a constant,
/// π = m_h / N_h), as `ExpertLabels` brings every batch's probability up to date.
struct JudgeStratifiedStream {
    let design: AgreementDesign
    /// counts[e * k + h]: labelled rows with expert level e in the judge's stratum h.
    private(set) var counts: [Int]
    private let shares: [Double]

    init(design: AgreementDesign) {
        self.design = design
        counts = [Int](repeating: 0, count: design.cells.count)
        shares = design.columnMarginal
    }

    var k: Int { design.k }

    /// Rows drawn from stratum h so far.
    func drawn(_ h: Int) -> Int { (0..<k).reduce(0) { $0 + counts[$1 * k + h] } }

    /// Draws the next batch of `size` rows.
    mutating func drawBatch(_ size: Int, generator: inout Xoshiro256StarStar) {
        let spreads = KappaNeymanAllocation.spreads(
            labelled: counts, scale: design.scale, columnShares: shares, weights: .quadratic, threshold: SequentialStudy.threshold)
        let weights = (0..<k).map { h in spreads.map { shares[h] * $0[h] } ?? shares[h].squareRoot() }
        let total = weights.reduce(0, +)
        let exact = weights.map { Double(size) * $0 / total }
        var quota = exact.map { Int($0) }
        let order = exact.indices.sorted { (exact[$0] - Double(quota[$0]), $1) > (exact[$1] - Double(quota[$1]), $0) }
        for h in order.prefix(size - quota.reduce(0, +)) { quota[h] += 1 }
        for h in 0..<k where quota[h] > 0 {
            // The expert's level given the judge's: column h of the design, scaled to integers as StudyTables draws.
            let column = (0..<k).map { Int((design[$0, h] / shares[h] * 0x1p40).rounded()) }
            var levels = [Int](repeating: 0, count: k)
            generator.multinomial(total: quota[h], weights: column, into: &levels)
            for e in 0..<k { counts[e * k + h] += levels[e] }
        }
    }

    /// The Horvitz–Thompson table of the rows so far: a row of stratum h weighs q_h / m_h.
    var weightedTable: WeightedContingencyTable {
        var table = WeightedContingencyTable(scale: design.scale)
        for h in 0..<k {
            let m = drawn(h)
            guard m > 0 else { continue }
            for e in 0..<k {
                for _ in 0..<counts[e * k + h] { table.add(e, h, weight: shares[h] / Double(m)) }
            }
        }
        return table
    }
}
