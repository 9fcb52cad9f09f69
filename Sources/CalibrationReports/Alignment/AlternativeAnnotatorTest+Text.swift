import AgreementCoefficients
public import Calibration
import CalibrationData
import DataFormats

extension AlternativeAnnotatorTest {
    /// The paper's guidance on ε, printed once under the dimensions that were tested.
    public static let epsilonGuidance =
        "alternative annotator test (Calderon, Reichart & Dror, ACL 2025): the judge wins against a rater when it trails "
        + "the rater, in representing the other raters, by less than the margin ε (one-sided t-test per rater, "
        + "Benjamini–Yekutieli over raters at q \(falseDiscoveryRate.plainText)); it passes at a winning rate ω ≥ 0.5; "
        + "ρ ranks judges. The paper's ε: 0.2 for expert raters, 0.15 for skilled annotators, 0.1 for crowd workers, "
        + "and smaller when the raters agree little."

    /// One dimension's block: the outcome with ε, the scorer, ω and ρ, then one line per rater; or why
    /// the test was not run.
    public var lines: [String] {
        guard let headline else { return [] }
        var table = TextTable(columns: Self.raterColumns)
        raterRows.forEach { table.append($0) }
        return raters.isEmpty ? [headline] : [headline, table.rendered()]
    }

    /// The outcome in one line (ε, the scorer, the wins, ω, whether it passes, ρ), or why the test was not run.
    var headline: String? {
        if let refusal { return "alternative annotator test: not run — \(refusal)" }
        guard let winningRate, let advantageProbability, let passes else { return nil }
        return "alternative annotator test (ε \(epsilon.plainText), \(scorer.rawValue)): the judge wins against "
            + "\(raters.count(where: \.judgeWins)) of \(raters.count) raters, ω \(ReportNumber.number(winningRate)) — "
            + "\(passes ? "passes" : "does not pass"); ρ \(ReportNumber.number(advantageProbability))"
    }

    /// The columns of the table of raters, one row each in ``raterRows``.
    static let raterColumns = ["left out", "rows", "judge ≥ rater", "rater ≥ judge", "p", "p (BY)", "judge wins"]

    /// One row per rater left out: rows compared, each side's share of rows at least as good, p, adjusted p, the win.
    var raterRows: [[String]] {
        raters.map { r in
            [
                r.rater, String(r.n), ReportNumber.number(r.judgeAdvantage), ReportNumber.number(r.raterAdvantage),
                Self.pValueText(r.pValue), Self.pValueText(r.adjustedPValue), r.judgeWins ? "yes" : "no",
            ]
        }
    }

    /// A p-value to four decimals, or "< 0.0001".
    static func pValueText(_ p: Double) -> String {
        p < 0.0001 ? "< 0.0001" : p.fixed(decimals: 4)
    }
}

extension AlternativeAnnotatorTest.Pooled {
    /// The pooled outcome in one line.
    public var line: String {
        "alternative annotator test over every dimension (Benjamini–Yekutieli over \(comparisons) comparisons): the judge "
            + "passes in \(dimensionsPassing.count) of \(dimensionsTested.count) dimensions"
            + (dimensionsPassing.isEmpty ? "" : " (\(dimensionsPassing.joined(separator: ", ")))")
            + "; wins \(wins) of \(comparisons), ρ \(ReportNumber.number(advantageProbability))"
            + (dimensionsRefused.isEmpty ? "" : "; not run on \(dimensionsRefused.joined(separator: ", "))")
    }
}
