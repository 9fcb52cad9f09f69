import AgreementCoefficients
import RunInference
import StatisticsCore
import Testing

@Suite("Kappa's standard error at the threshold on a Horvitz–Thompson table")
struct WeightedThresholdSETests {
    static let scale = CategoryScale(1...4)
    /// Experts' and the judge's levels as in docs/PLANNING.md's studies.
    static let experts = [0.08, 0.17, 0.40, 0.35]
    static let judge = [0.05, 0.13, 0.44, 0.38]

    static func design(kappa: Double) throws -> AgreementDesign {
        var cells: [Double] = []
        for e in experts { for j in judge { cells.append(e * j) } }
        return try AgreementDesign(scale: scale, cells: cells).withKappa(kappa, weights: AgreementWeights.quadratic.matrix(on: scale))
    }

    @Test("every row weighing the same c gives the count table's SE at the threshold, whatever c")
    func equalWeights() throws {
        let table = try ContingencyTable(
            scale: Self.scale, first: [1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 2, 3], second: [2, 2, 3, 3, 3, 4, 3, 4, 4, 3, 2, 3])
        let counted = try #require(CohenKappa.standardError(at: 0.6, table: table, weights: .quadratic))
        for c in [1.0, 3.7, 250] {
            var weighted = WeightedContingencyTable(scale: Self.scale)
            for i in 0..<4 { for j in 0..<4 { for _ in 0..<table[i, j] { weighted.add(i, j, weight: c) } } }
            let se = try #require(CohenKappa.standardError(at: 0.6, weightedTable: weighted, weights: .quadratic))
            #expect(abs(se - counted) < 1e-12, "weight \(c): \(se) against \(counted)")
        }
        // And it is the Fleiss–Cohen–Everitt SE of the moved table, n·Var / n.
        let moved = try AgreementDesign(observed: table).withKappa(0.6, weights: AgreementWeights.quadratic.matrix(on: Self.scale))
        let unit = try #require(moved.unitVariance(weights: AgreementWeights.quadratic.matrix(on: Self.scale)))
        #expect(abs(counted - (unit / 12).squareRoot()) < 1e-12)
    }

    /// Rows drawn by the judge's level, 30 per level (so the rare levels weigh far less than the
    /// common ones: q_h / 30), from a run whose true κ_q is the threshold 0.6: the spread of the
    /// weighted κ̂ over 20,000 seeded samples against the mean SE the formula gives at 0.6.
    @Test("with judge-stratified weights it matches the spread of the weighted kappa in a seeded simulation within 5%")
    func stratifiedSimulation() throws {
        let truth = try Self.design(kappa: 0.6)
        let perStratum = 30
        var generator = Xoshiro256StarStar(seed: 14)
        var (sum, squares, seSum, count) = (0.0, 0.0, 0.0, 0)
        for _ in 0..<20_000 {
            var table = WeightedContingencyTable(scale: Self.scale)
            for h in 0..<4 {
                let column = (0..<4).map { Int((truth[$0, h] / Self.judge[h] * 0x1p40).rounded()) }
                var levels = [Int](repeating: 0, count: 4)
                generator.multinomial(total: perStratum, weights: column, into: &levels)
                for e in 0..<4 { for _ in 0..<levels[e] { table.add(e, h, weight: Self.judge[h] / Double(perStratum)) } }
            }
            guard let kappa = CohenKappa(table, weights: .quadratic).kappa.value,
                let se = CohenKappa.standardError(at: 0.6, weightedTable: table, weights: .quadratic)
            else { continue }
            sum += kappa
            squares += kappa * kappa
            seSum += se
            count += 1
        }
        #expect(count > 19_900)
        let mean = sum / Double(count)
        let spread = (squares / Double(count) - mean * mean).squareRoot()
        let formula = seSum / Double(count)
        #expect(abs(formula / spread - 1) < 0.05, "formula \(formula), simulated spread \(spread)")
    }
}
