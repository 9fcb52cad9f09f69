import CalibrationData
import DataFormats
import Foundation
import RunInference
public import SelectiveTrust
import StatisticsCore

/// What `judgecal trust` writes with an abstain band: each judged row's decision per two-level dimension, abstained rows first.
public enum TrustBandFile {
    /// The columns: `id`, `dimension`, the judge's `probability` of the upper level (s), the `decision` (the lower or upper
    /// level's label, or `abstain`), and whether the row is `labelled`.
    public static let columns = ["id", "dimension", "probability", "decision", "labelled"]

    /// The decisions as the file holds them, each dimension's abstained rows first; every cell spreadsheet-safe.
    public static func csv(_ band: TrustAbstainBand) -> String {
        let writer = CSVWriter()
        var out = writer.record(columns)
        for d in band.dimensions {
            for row in d.rows {
                let cells = [row.id, d.name, JSONValue.number(row.score).plainText, decision(row.decision, scale: d), row.labelled ? "yes" : "no"]
                out += writer.record(cells.map(CSVWriter.spreadsheetSafe))
            }
        }
        return out
    }

    /// One line per two-level dimension, the band chosen or why there is none, and one per dimension left out.
    public static func summary(_ band: TrustAbstainBand) -> [String] {
        let targets =
            "targets NPV ≥ \(band.settings.minimumNegativePredictiveValue.plainText), PPV ≥ \(band.settings.minimumPositivePredictiveValue.plainText), "
            + "at most \(ReportNumber.percent(band.settings.maximumAbstentionRate)) abstained, with probability \(ReportNumber.percent(1 - band.error))"
        let lines = band.dimensions.map { d in
            let tested = "among \(d.band.candidates.count) candidates on \(d.calibrationRows) labelled rows"
            guard let chosen = d.chosen else {
                let closest = d.closest.map { c in
                    "; the closest, \(thresholds(c)), has p-value \(significant(c.pValue)) where Holm's first test asks at most "
                        + "\(significant(band.error / Double(d.band.candidates.count))) (δ/\(d.band.candidates.count)): \(figures(c, d))"
                } ?? ""
                return "\(d.name): no band certified \(tested) (\(targets)), so all \(d.rows.count) judged rows abstain; "
                    + "certifying one needs, even with no row wrong, \(d.minimumRows) labelled rows or more, a band deciding "
                    + "\(d.scale.labels[0]) on \(d.minimumNegativeRows) and \(d.scale.labels[1]) on \(d.minimumPositiveRows)" + closest
            }
            return "\(d.name): \(thresholds(chosen)), abstaining least of the \(d.band.valid.count) certified \(tested) (\(targets)); "
                + "there \(figures(chosen, d)); \(d.abstained) of \(d.rows.count) judged rows abstain"
        }
        return lines + band.leftOut.map { "\($0.dimension) left out: its scale has \($0.levels) levels, and a band is drawn on two" }
    }

    /// A p-value to two significant digits: `0.0028`, `0.31`.
    private static func significant(_ p: Double) -> String {
        String(format: "%.2g", p)
    }

    /// `(λ₁, λ₂) = (0.4, 0.5)`.
    private static func thresholds(_ c: AbstainBand.Candidate) -> String {
        "(λ₁, λ₂) = (\(c.thresholds.lower.plainText), \(c.thresholds.upper.plainText))"
    }

    /// A candidate's predictive values and abstention on the labelled rows.
    private static func figures(_ c: AbstainBand.Candidate, _ d: TrustAbstainBand.Dimension) -> String {
        "NPV \(ReportNumber.number(c.negativePredictiveValue)) on \(c.decidedNegative) rows decided \(d.scale.labels[0]), "
            + "PPV \(ReportNumber.number(c.positivePredictiveValue)) on \(c.decidedPositive) decided \(d.scale.labels[1]), "
            + "\(ReportNumber.percent(c.abstentionRate ?? 0)) abstained"
    }

    /// A decision as the file writes it: the level's label, or `abstain`.
    private static func decision(_ decision: AbstainBand.Decision, scale d: TrustAbstainBand.Dimension) -> String {
        switch decision {
        case .negative: d.scale.labels[0]
        case .positive: d.scale.labels[1]
        case .abstain: "abstain"
        }
    }
}
