import AgreementCoefficients
public import Calibration
import CalibrationData
import Judging
import StatisticsCore

extension PreferenceAlignment {
    /// The report as one self-contained HTML page (inline CSS, SVG charts, no script), drawn with the
    /// alignment report's pieces (``ReportMarkup``).
    ///
    /// The information and counts, then a `<section data-dimension="preference">` with the verdict, kappa
    /// against the threshold (an SVG of class `statistic`, `data-statistic="kappa"`, its figures in `data-`
    /// attributes as in the alignment report), the human × judge heatmap (class `confusion`, `data-counts` =
    /// `counts[human][judge]` over a, tie, b) and the three figures with their intervals. The run, rubric
    /// and model names are escaped with ``HTMLEscaping``.
    public func renderHTML() -> String {
        var body = ["<h1>Preference alignment: \(HTMLEscaping.text(run))</h1>", ReportMarkup.infoTable(info, extra: facts)]
        if let sentence = info.rowsNotInRunSentence { body.append("<p>\(HTMLEscaping.text(sentence))</p>") }
        body.append("<section class=\"dimension\" data-dimension=\"\(HTMLEscaping.attribute(Self.labelDimension.name))\">")
        body.append(contentsOf: ReportMarkup.verdict(verdict))
        body.append("<div class=\"charts\">")
        body.append(
            ReportMarkup.statisticChart(
                dimension: Self.labelDimension.name, statistic: AlignmentStatistic.kappa.rawValue, displayName: Self.statistic,
                estimate: agreement.kappa.kappa, threshold: verdict.figures.threshold, verdict: verdict.outcome))
        body.append(ReportMarkup.confusionChart(humanByJudge, dimension: Self.labelDimension.name))
        body.append("</div>")
        body.append(ReportMarkup.table(header: Self.figureHeader, rows: figureRows, numeric: 1...2))
        body.append("</section>")
        return HTMLPage(title: "Preference alignment: " + run, body: body.joined(separator: "\n")).html
    }

    /// The report as Markdown: what the page holds but its chart (whose figures are in the tables).
    /// Text from the run, the rubric and the model is escaped (``HTMLEscaping/markdownCell(_:)``).
    public func renderMarkdown() -> String {
        var out = ["# Preference alignment: \(HTMLEscaping.markdownCell(run))", ""]
        out.append(MarkdownTable(header: ["", ""], rows: ReportMarkdown.infoRows(info) + facts.map { [$0.0, $0.1] }).rendered)
        if let sentence = info.rowsNotInRunSentence { out.append(sentence + "\n") }
        out.append(ReportMarkdown.verdict(verdict))
        out.append(MarkdownTable(header: Self.figureHeader, rows: figureRows).rendered)
        out.append(contentsOf: ReportMarkdown.confusionTable(humanByJudge))
        return out.joined(separator: "\n")
    }

    /// The facts under the information: the verdict's statistic and threshold, and what was counted.
    private var facts: [(String, String)] {
        [
            ("Verdict statistic", Self.statistic), ("Threshold", ReportNumber.number(verdict.figures.threshold)),
            ("Pairs in run", String(rows)), ("Failed (either order)", String(failed)),
            ("Changed with the order (counted as ties)", String(inconsistentAsTies)), ("Human labels", String(labels)),
            ("Labels without a judge outcome", String(agreement.table.excludedPairs)),
        ]
    }

    private static let figureHeader = ["figure", "value [CI]", "n"]

    /// Agreement, kappa and position consistency, each with its interval (or why it has no value) and n.
    private var figureRows: [[String]] {
        [
            ("win/tie/loss agreement", agreement.percentAgreement), (Self.statistic, agreement.kappa.kappa),
            ("position consistency", agreement.positionConsistency),
        ].map { [$0.0, ReportNumber.withInterval($0.1, withReason: true), String($0.1.n)] }
    }

    /// The table with the human's outcome as rows and the judge's as columns, the alignment report's orientation.
    private var humanByJudge: DimensionAlignment.ConfusionMatrix {
        DimensionAlignment.ConfusionMatrix(labels: PreferenceOutcome.allCases.map(\.rawValue), counts: agreement.table.transposed.rows)
    }
}
