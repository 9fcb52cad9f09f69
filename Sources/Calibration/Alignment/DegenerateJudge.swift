import CalibrationData
import DataFormats

/// A judge that gave every row the same scores: it did not read the rows, whatever its agreement.
///
/// Over the rows the judge scored on every dimension (at least ``minimumRows``), the vector of its
/// scores, one per dimension in the rubric's order, is the same on each row. When that vector is
/// 1, 2, …, k (k ≥ 2 dimensions) the judge scored each dimension by its position, a failure seen when
/// a model copies the rubric's numbering. With one dimension it is a constant judge, whose kappa is
/// 0 by its formula and whose correlations are undefined; the note says why in words.
public struct DegenerateJudge: Sendable, Hashable, Codable {
    /// The rows judged on every dimension.
    public var rows: Int
    /// The scores every one of those rows got, one per dimension.
    public var scores: [Double]
    /// Whether the scores are the dimensions' positions, 1, 2, …, k.
    public var byPosition: Bool

    /// The fewest rows on which one repeated vector is called degenerate.
    public static let minimumRows = 5

    /// The degenerate pattern of `judges` (one per dimension, in order) over `rows` in run order, or
    /// `nil` when the rows' scores differ or fewer than ``minimumRows`` are judged on every dimension.
    init?(_ judges: [JudgeScores], rows: [String]) {
        let vectors = rows.compactMap { id -> [Double]? in
            let scores = judges.compactMap { $0.scores[id]?.value }
            return scores.count == judges.count ? scores : nil
        }
        guard !judges.isEmpty, vectors.count >= Self.minimumRows, let first = vectors.first, vectors.allSatisfy({ $0 == first })
        else { return nil }
        self.rows = vectors.count
        self.scores = first
        self.byPosition = first.count >= 2 && first == (1...first.count).map(Double.init)
    }

    /// One sentence for a report.
    public var message: String {
        let given = scores.map(ReportNumber.score).joined(separator: ", ")
        if byPosition {
            return "the judge scored each dimension by its position (\(given)) on all \(rows) rows it scored: it numbered the rubric's dimensions instead of reading the rows"
        }
        return scores.count == 1
            ? "the judge gave \(given) on all \(rows) rows it scored: a constant judge reads no row, whatever its agreement"
            : "the judge gave the same scores (\(given)) on all \(rows) rows it scored: it reads no row, whatever its agreement"
    }
}
