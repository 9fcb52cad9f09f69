import Calibration
import CalibrationData
import StatisticsCore
import Testing

/// Alpha, AC2 and the correlations of a Horvitz–Thompson weighted label set, checked against two independent
/// computations of the same figure: the unweighted report when every weight is 1, and the unweighted report of
/// the rows replicated when the weights are whole numbers (a row of π = 1/3 is three rows).
@Suite("Weighted alpha, AC2 and correlations")
struct WeightedFiguresTests {
    static let scale = CategoryScale(1...4)
    static let expert: [Double] = (0..<30).map { Double(($0 * 7 + 1) % 4 + 1) }
    static let judge: [Double] = expert.enumerated().map { i, e in min(4, max(1, e + Double([0, 1, 0, -1, 0, 0][i % 6]))) }

    /// The report on `expert`/`judge` rows, each row `copies[i]` times (ids r0, r0-1, …), with π given when asked.
    static func figures(copies: [Int], pi: [Double]?) throws -> [AlignmentStatistic: Double?] {
        var ids: [String] = []
        var labels: [ExpertLabel] = []
        var scores: [String: JudgeScore] = [:]
        for i in expert.indices {
            for c in 0..<copies[i] {
                let id = c == 0 ? "r\(i)" : "r\(i)-\(c)"
                ids.append(id)
                labels.append(ExpertLabel(rowID: id, value: expert[i], inclusionProbability: pi?[i]))
                scores[id] = JudgeScore(judge[i])
            }
        }
        let input = AlignmentInput(
            runRowIDs: ids,
            dimensions: [.init(name: "q", scale: scale, judge: JudgeScores(scores: scores), expertLabels: labels)],
            sampling: pi == nil ? nil : LabelSampling(strategy: .judgeStratified, batches: 1))
        let d = try #require(try AlignmentReport(input, options: AlignmentSettings(resamples: 200, seed: 2)).dimensions.first)
        return [
            .alphaOrdinal: d.krippendorffAlphaOrdinal.value, .ac2: d.gwetAC2.value, .pearson: d.pearson.value,
            .spearman: d.spearman.value, .kendall: d.kendallTauB.value,
        ]
    }

    @Test("Every weight 1: the weighted figures equal the unweighted ones")
    func unitWeights() throws {
        let ones = [Int](repeating: 1, count: Self.expert.count)
        let weighted = try Self.figures(copies: ones, pi: ones.map { _ in 1 })
        let plain = try Self.figures(copies: ones, pi: nil)
        for (statistic, value) in plain {
            let w = try #require(weighted[statistic] ?? nil, "\(statistic)")
            #expect(abs(w - (try #require(value, "\(statistic)"))) < 1e-12, "\(statistic)")
        }
    }

    @Test("Whole-number weights: the weighted figures equal the unweighted figures of the rows replicated")
    func replicatedRows() throws {
        let copies = Self.expert.indices.map { [1, 2, 3][$0 % 3] }
        let weighted = try Self.figures(copies: [Int](repeating: 1, count: copies.count), pi: copies.map { 1 / Double($0) })
        let replicated = try Self.figures(copies: copies, pi: nil)
        let unweighted = try Self.figures(copies: [Int](repeating: 1, count: copies.count), pi: nil)
        for (statistic, value) in replicated {
            let w = try #require(weighted[statistic] ?? nil, "\(statistic)")
            #expect(abs(w - (try #require(value, "\(statistic)"))) < 1e-12, "\(statistic)")
            #expect(abs(w - (try #require(unweighted[statistic] ?? nil))) > 1e-4, "\(statistic): the weights change it")
        }
    }

    @Test("Fractional weights: the table's rows keep each cell's share to 5e-7")
    func fractionalShares() throws {
        let pi = Self.expert.indices.map { [0.3, 0.7, 0.11][$0 % 3] }
        let table = try WeightedContingencyTable(scale: Self.scale, first: Self.expert, second: Self.judge, inclusionProbabilities: pi)
        let rows = table.replicatedRows
        for c in table.weights.indices {
            #expect(abs(Double(rows.counts[c]) / Double(rows.n) - table.weights[c] / table.total) < 5e-7)
        }
    }
}
