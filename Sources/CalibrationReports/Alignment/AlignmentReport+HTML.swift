import AgreementCoefficients
public import Calibration
import CalibrationData
import Foundation
import StatisticsCore

extension AlignmentReport {
    /// The report as one self-contained HTML page (inline CSS, SVG charts
    /// drawn by the project, no script, no network).
    ///
    /// Run information and row counts; a summary table; then per dimension a
    /// `<section data-dimension="…">` with the verdict's statistic and its
    /// interval against the threshold (an SVG with class `statistic` whose
    /// `data-value`, `data-lower`, `data-upper`, `data-threshold` and
    /// `data-verdict` hold the figures), the confusion heatmap (class
    /// `confusion`, `data-counts` = `counts[expert][judge]` as JSON), the
    /// judge's and the expert's score distributions (class `distribution`,
    /// `data-judge` and `data-expert` = counts per level, read off the
    /// confusion matrix's column and row sums), and the worst disagreements with
    /// the judge's rationale and the expert's note. Every text from the run,
    /// the rubric, the model or an expert is escaped with ``HTMLEscaping``.
    public func renderHTML() -> String {
        var body = ["<h1>Judge alignment\(info.run.map { ": " + HTMLEscaping.text($0) } ?? "")</h1>"]
        body.append(
            ReportMarkup.infoTable(
                info,
                extra: [
                    ("Verdict statistic", options.statistic.displayName),
                    ("Threshold", thresholdText),
                    ("Intervals", "\(Int((options.confidence * 100).rounded()))% (\(options.intervalsName))"),
                ]))
        if let split { body.append(split.html) }
        if let sentence = info.rowsNotInRunSentence { body.append("<p>\(HTMLEscaping.text(sentence))</p>") }
        if let degenerate = degenerateJudge { body.append("<p><strong>Warning:</strong> \(HTMLEscaping.text(degenerate.message))</p>") }
        if let sampling { body.append("<p>Sampling: \(HTMLEscaping.text(sampling.summary)).</p>") }
        if !exampleRows.isEmpty {
            body.append(
                "<p>Worked-example rows \(exampleRowsIncluded ? "included in" : "left out of") the figures: \(HTMLEscaping.text(exampleRows.joined(separator: ", ")))</p>"
            )
        }
        body.append("<h2>Summary</h2>")
        body.append(
            ReportMarkup.table(
                header: ["dimension", "rows in run", "scored", "failed", "excluded", "paired", "statistic [CI]", "verdict"],
                rows: dimensions.map { d in
                    [
                        d.name, String(d.counts.rowsInRun), String(d.counts.judged), String(d.counts.judgeFailures),
                        String(d.counts.excludedAsExamples),
                        String(d.counts.paired), ReportNumber.withInterval(d.statisticEstimate), d.verdict.outcome.rawValue,
                    ]
                }, numeric: 1...6))
        if let table = originTable {
            body.append("<p>\(HTMLEscaping.text(Self.originTableTitle)).</p>")
            body.append(ReportMarkup.table(header: table.header, rows: table.rows, numeric: 2...3, cssClass: "origins"))
        }
        for (index, d) in dimensions.enumerated() {
            body.append(d.htmlSection(index: index))
        }
        if dimensions.contains(where: \.showsAlternativeAnnotatorTest) {
            if let pooled = alternativeAnnotatorTest { body.append("<p>\(HTMLEscaping.text(pooled.line))</p>") }
            body.append("<p class=\"muted\">\(HTMLEscaping.text(AlternativeAnnotatorTest.epsilonGuidance))</p>")
        }
        body.append(
            "<h2>Halo</h2><p>First-eigenvalue share λ₁/d, judge − expert: \(HTMLEscaping.text(ReportNumber.withInterval(halo.shareDifference, withReason: true)))</p>"
        )
        return HTMLPage(title: "Judge alignment" + (info.run.map { ": " + $0 } ?? ""), body: body.joined(separator: "\n")).html
    }
}

extension DimensionAlignment {
    /// Judge and expert counts per level: the confusion matrix's column and row sums.
    var levelCounts: (labels: [String], judge: [Int], expert: [Int])? {
        guard let m = confusionMatrix else { return nil }
        let k = m.labels.count
        return (m.labels, (0..<k).map { j in m.counts.reduce(0) { $0 + $1[j] } }, m.counts.map { $0.reduce(0, +) })
    }

    /// This dimension's section of the HTML report.
    func htmlSection(index: Int) -> String {
        let threshold = verdict.figures.threshold
        let name = HTMLEscaping.attribute(self.name)
        var out = [
            "<section class=\"dimension\" data-dimension=\"\(name)\">",
            "<h2>\(HTMLEscaping.text(self.name))\(scale.map { " <span class=\"muted\">(scale \(HTMLEscaping.text("\($0)")))</span>" } ?? "")</h2>",
        ]
        out.append(contentsOf: ReportMarkup.verdict(verdict))
        out.append("<div class=\"charts\">")
        out.append(
            ReportMarkup.statisticChart(
                dimension: self.name, statistic: statistic.rawValue, displayName: statistic.displayName, estimate: statisticEstimate,
                threshold: threshold, verdict: verdict.outcome))
        if let m = confusionMatrix, let levels = levelCounts {
            out.append(ReportMarkup.confusionChart(m, dimension: self.name))
            out.append(
                SVGChart.distribution(
                    labels: levels.labels, judge: levels.judge, expert: levels.expert, patternID: "hatch-\(index)",
                    attributes:
                        "class=\"chart distribution\" data-dimension=\"\(name)\" data-judge=\"\(SVGChart.data(levels.judge))\" data-expert=\"\(SVGChart.data(levels.expert))\"",
                    title: "\(self.name): how often judge and expert gave each level"))
        } else {
            out.append("<p class=\"muted\">No declared scale: no confusion matrix or distribution.</p>")
        }
        out.append("</div>")
        out.append(
            ReportMarkup.table(
                header: [
                    "exact", "within one", "κ (unweighted)", "κ (linear)", "κ (quadratic)", "α (ordinal)", "AC2", "Pearson", "Spearman",
                    "Kendall τ-b", "bias",
                ],
                rows: [
                    [
                        exactAgreement, withinOne, cohenKappa.unweighted, cohenKappa.linear, cohenKappa.quadratic, krippendorffAlphaOrdinal,
                        gwetAC2, pearson, spearman, kendallTauB, bias,
                    ].map { ReportNumber.withInterval($0) }
                ],
                numeric: 0...10))
        if let h = humanCeiling, let raters = raterTable {
            out.append("<p>\(HTMLEscaping.text(h.summarySentence))</p>")
            out.append(ReportMarkup.table(header: raters.header, rows: raters.rows, numeric: 1...5))
            if h.pairs.count > 6 {
                out.append(
                    ReportMarkup.table(
                        header: ["rater", "rater", "rows", h.statistic.displayName, "exact"],
                        rows: h.pairs.map {
                            [
                                $0.firstRater, $0.secondRater, String($0.n), ReportNumber.withInterval($0.statisticEstimate),
                                ReportNumber.value($0.exactAgreement),
                            ]
                        }, numeric: 2...4))
            }
            for note in h.notes(threshold: verdict.figures.threshold) { out.append("<p>\(HTMLEscaping.text(note))</p>") }
        } else if let sentence = noCeilingSentence {
            out.append("<p>\(HTMLEscaping.text(sentence))</p>")
        }
        for sentence in raterSentences { out.append("<p>\(HTMLEscaping.text(sentence))</p>") }
        if showsAlternativeAnnotatorTest, let test = alternativeAnnotatorTest, let headline = test.headline {
            out.append("<h3>Can the judge replace an expert?</h3>")
            out.append("<p>\(HTMLEscaping.text(headline))</p>")
            if !test.raters.isEmpty {
                out.append(
                    ReportMarkup.table(
                        header: AlternativeAnnotatorTest.raterColumns, rows: test.raterRows, numeric: 1...5, cssClass: "alt-test"))
            }
        }
        if let r = rounding { out.append("<p class=\"muted\">\(HTMLEscaping.text(r.note))</p>") }
        out.append("<h3>Worst disagreements</h3>")
        if worstDisagreements.isEmpty {
            out.append("<p class=\"muted\">None: judge and expert agree on every paired row.</p>")
        } else {
            out.append(
                ReportMarkup.table(
                    header: ["row", "judge", "expert", "|difference|", "judge's rationale", "expert's note"],
                    rows: worstDisagreements.map {
                        [
                            $0.rowID, ReportNumber.score($0.judge), ReportNumber.score($0.expert), ReportNumber.score($0.difference),
                            $0.judgeRationale ?? "", $0.expertNote ?? "",
                        ]
                    }, numeric: 1...3, cssClass: "disagreements"))
        }
        out.append("</section>")
        return out.joined(separator: "\n")
    }
}

/// Markup shared by the HTML reports: tables of escaped cells, the verdict, its chart, the confusion heatmap.
enum ReportMarkup {
    /// The verdict in bold (with how many more labelled rows would decide an inconclusive one), then its explanation.
    static func verdict(_ verdict: Verdict<AlignmentOutcome>) -> [String] {
        let more = verdict.figures.additionalRowsNeeded.map { " (about \($0) more labelled rows would decide it)" } ?? ""
        return [
            "<p class=\"verdict\">Verdict: \(verdict.outcome.rawValue)\(more)</p>", "<p>\(HTMLEscaping.text(verdict.reason))</p>",
        ]
    }

    /// The verdict's statistic and its interval against the threshold: an SVG of class `statistic` whose
    /// `data-value`, `data-lower`, `data-upper`, `data-threshold`, `data-verdict` and `data-n` hold the figures.
    ///
    /// - Parameters:
    ///   - statistic: the statistic's name as options give it (`quadratic-kappa`), for `data-statistic` and the row label.
    ///   - displayName: the statistic as the chart's title names it.
    static func statisticChart(
        dimension: String, statistic: String, displayName: String, estimate: Estimate, threshold: Double, verdict: AlignmentOutcome
    ) -> String {
        let name = HTMLEscaping.attribute(dimension), interval = estimate.interval
        let plot = SVGChart.IntervalPlot(
            rows: [.init(label: statistic, estimate: estimate)], reference: threshold,
            referenceLabel: "threshold \(ReportNumber.number(threshold))")
        return plot.svg(
            attributes:
                "class=\"chart statistic\" data-dimension=\"\(name)\" data-statistic=\"\(HTMLEscaping.attribute(statistic))\" data-value=\"\(SVGChart.data(estimate.value))\" data-lower=\"\(SVGChart.data(interval?.lower))\" data-upper=\"\(SVGChart.data(interval?.upper))\" data-threshold=\"\(SVGChart.data(threshold))\" data-verdict=\"\(verdict.rawValue)\" data-n=\"\(estimate.n)\"",
            title: "\(dimension): \(displayName) against the threshold")
    }

    /// The heatmap of expert (rows) against judge (columns), class `confusion`, `data-counts` = `counts[expert][judge]`
    /// as JSON.
    static func confusionChart(_ m: DimensionAlignment.ConfusionMatrix, dimension: String) -> String {
        SVGChart.heatmap(
            m,
            attributes:
                "class=\"chart confusion\" data-dimension=\"\(HTMLEscaping.attribute(dimension))\" data-counts=\"\(HTMLEscaping.attribute("[" + m.counts.map(SVGChart.data).joined(separator: ",") + "]"))\"",
            title: "\(dimension): expert level (rows) against judge level (columns)")
    }

    /// A table; every cell's text is escaped, cells in `numeric` columns right-aligned; no header row when `header` is empty.
    static func table(header: [String], rows: [[String]], numeric: ClosedRange<Int>? = nil, cssClass: String? = nil) -> String {
        let head = header.isEmpty ? "" : "<thead><tr>" + header.map { "<th>\(HTMLEscaping.text($0))</th>" }.joined() + "</tr></thead>"
        var out = ["<table\(cssClass.map { " class=\"\($0)\"" } ?? "")>\(head)<tbody>"]
        for row in rows {
            out.append(
                "<tr>"
                    + row.enumerated().map { c, cell in
                        let isNumber = numeric?.contains(c) ?? false
                        return "<td\(isNumber ? " class=\"num\"" : "")><pre class=\"text\">\(HTMLEscaping.text(cell))</pre></td>"
                    }.joined() + "</tr>")
        }
        out.append("</tbody></table>")
        return out.joined(separator: "\n")
    }

    /// The run information as a two-column table, absent fields left out.
    static func infoTable(_ info: AlignmentInfo, extra: [(String, String)]) -> String {
        table(header: [], rows: (infoFacts(info) + extra).map { [$0.0, $0.1] }, cssClass: "info")
    }

    /// Run, rubric, version, model and data set, as given; absent ones left out.
    static func infoFacts(_ info: AlignmentInfo) -> [(String, String)] {
        let facts: [(String, String?)] = [
            ("Run", info.run), ("Rubric", info.rubric), ("Rubric version", info.rubricVersion), ("Rubric SHA-256", info.rubricHash),
            ("Model", info.model),
            ("Data set", info.dataset),
        ]
        return facts.compactMap { key, value in value.map { (key, $0) } }
    }
}
