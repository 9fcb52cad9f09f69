import AgreementCoefficients
public import Calibration
import CalibrationData
import StatisticsCore

extension DimensionAlignment {
    /// The human ceiling's table of raters, for the text, Markdown and HTML reports alike: each rater's
    /// rows, mean pair figure, the ceiling without them, α without them and the judge against them.
    var raterTable: (header: [String], rows: [[String]])? {
        guard let h = humanCeiling else { return nil }
        let without = Dictionary((raterReliability?.withoutRater ?? []).map { ($0.rater, $0.alpha) }, uniquingKeysWith: { a, _ in a })
        return (
            ["rater", "rows", "with the others", "ceiling without", "α without", "judge vs rater"],
            h.raters.map {
                [
                    $0.rater + ($0.agreesWithNobody ? " *" : ""), String($0.rows), ReportNumber.value($0.withOthers),
                    $0.ceilingWithout.map(ReportNumber.value) ?? "—", without[$0.rater].map(ReportNumber.value) ?? "—",
                    ReportNumber.value($0.judge),
                ]
            }
        )
    }

    /// The sentences on the raters beside the ceiling's table: α over every rater, where the verdict's
    /// threshold came from, and the judge against each rater when the verdict rests on it. α is said
    /// with two raters or more (with one, the combined value is that rater's label, and α needs two).
    var raterSentences: [String] {
        var lines: [String] = []
        if let r = raterReliability, r.raters.count >= RaterReliability.minimumRaters {
            lines.append(
                "Krippendorff's alpha (\(r.metric)) over all \(r.raters.count) raters: "
                    + (r.alpha.value == nil
                        ? "— (\(r.alpha.undefinedReason?.message ?? "no value"))"
                        : "\(ReportNumber.value(r.alpha)) (n = \(r.alpha.n) rows with two labels or more); α without each rater in the table"))
        }
        if let c = ceilingThreshold {
            lines.append(
                "threshold from the ceiling: \(ReportNumber.number(c.factor)) × the experts' mean pair \(statistic.displayName) "
                    + "\(ReportNumber.number(c.ceilingMean)) = \(ReportNumber.number(c.threshold))")
        }
        if let each = eachRater {
            let figures = each.raters.map { "\($0.rater) \(ReportNumber.value($0.estimate)) (n = \($0.estimate.n))" }
            lines.append(
                "verdict figure: the mean over raters of \(statistic.displayName) between the judge and each rater alone, "
                    + "\(ReportNumber.withInterval(each.mean, withReason: true)) over \(each.mean.n) rows (bootstrap over rows); "
                    + "each rater: \(figures.joined(separator: ", "))")
        }
        return lines
    }
}
