public import Calibration
import CalibrationData
import StatisticsCore

extension AlignmentReport {
    /// The report as Markdown.
    ///
    /// Run information, the summary table, and per dimension the figures, the
    /// confusion matrix and the worst disagreements. Text from the run, the model or an expert is escaped
    /// (GitHub renders inline HTML), so it shows as written.
    public func renderMarkdown() -> String {
        var out = ["# Judge alignment" + (info.run.map { ": " + HTMLEscaping.markdownCell($0) } ?? ""), ""]
        out.append(
            MarkdownTable(
                header: ["", ""],
                rows: ReportMarkdown.infoRows(info) + [
                    ["Verdict statistic", options.statistic.displayName], ["Threshold", thresholdText],
                    ["Intervals", "\(Int((options.confidence * 100).rounded()))% (\(options.intervalsName))"],
                ] + (sampling.map { [["Sampling", $0.summary]] } ?? [])
            ).rendered)
        if let split { out.append(split.markdown) }
        if let sentence = info.rowsNotInRunSentence { out.append(sentence + "\n") }
        if let degenerate = degenerateJudge { out.append("**Warning:** " + HTMLEscaping.markdownCell(degenerate.message) + "\n") }
        out.append("## Summary\n")
        out.append(
            MarkdownTable(
                header: ["dimension", "rows in run", "scored", "failed", "excluded", "paired", "statistic [CI]", "verdict"],
                rows: dimensions.map { d in
                    [
                        d.name, String(d.counts.rowsInRun), String(d.counts.judged), String(d.counts.judgeFailures),
                        String(d.counts.excludedAsExamples),
                        String(d.counts.paired), ReportNumber.withInterval(d.statisticEstimate), d.verdict.outcome.rawValue,
                    ]
                }
            ).rendered)
        if let table = originTable {
            out.append("\(Self.originTableTitle).\n")
            out.append(MarkdownTable(header: table.header, rows: table.rows).rendered)
        }
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell(d.name))\n")
            out.append(ReportMarkdown.verdict(d.verdict))
            out.append(
                MarkdownTable(
                    header: ["exact", "within one", "κ (quadratic)", "α (ordinal)", "AC2", "Spearman", "Kendall τ-b", "bias"],
                    rows: [
                        [
                            d.exactAgreement, d.withinOne, d.cohenKappa.quadratic, d.krippendorffAlphaOrdinal, d.gwetAC2, d.spearman,
                            d.kendallTauB, d.bias,
                        ].map { ReportNumber.withInterval($0) }
                    ]
                ).rendered)
            if let h = d.humanCeiling, let raters = d.raterTable {
                out.append(HTMLEscaping.markdownCell(h.summarySentence) + "\n")
                out.append(MarkdownTable(header: raters.header, rows: raters.rows).rendered)
                for note in h.notes(threshold: d.verdict.figures.threshold) { out.append(HTMLEscaping.markdownCell(note) + "\n") }
            } else if let sentence = d.noCeilingSentence {
                out.append(HTMLEscaping.markdownCell(sentence) + "\n")
            }
            for sentence in d.raterSentences { out.append(HTMLEscaping.markdownCell(sentence) + "\n") }
            if d.showsAlternativeAnnotatorTest, let test = d.alternativeAnnotatorTest, let headline = test.headline {
                out.append(HTMLEscaping.markdownCell(headline) + "\n")
                if !test.raters.isEmpty {
                    out.append(MarkdownTable(header: AlternativeAnnotatorTest.raterColumns, rows: test.raterRows).rendered)
                }
            }
            if let m = d.confusionMatrix { out.append(contentsOf: ReportMarkdown.confusionTable(m)) }
            if !d.worstDisagreements.isEmpty {
                out.append("Worst disagreements\n")
                out.append(
                    MarkdownTable(
                        header: ["row", "judge", "expert", "judge's rationale", "expert's note"],
                        rows: d.worstDisagreements.map {
                            [
                                $0.rowID, ReportNumber.score($0.judge), ReportNumber.score($0.expert), $0.judgeRationale ?? "",
                                $0.expertNote ?? "",
                            ]
                        }
                    ).rendered)
            }
        }
        if dimensions.contains(where: \.showsAlternativeAnnotatorTest) {
            if let pooled = alternativeAnnotatorTest { out.append(HTMLEscaping.markdownCell(pooled.line) + "\n") }
            out.append(HTMLEscaping.markdownCell(AlternativeAnnotatorTest.epsilonGuidance) + "\n")
        }
        return out.joined(separator: "\n")
    }
}

/// Markdown pieces shared by the reports.
enum ReportMarkdown {
    /// The verdict in bold, then its explanation.
    static func verdict(_ verdict: Verdict<AlignmentOutcome>) -> String {
        "**Verdict: \(verdict.outcome.rawValue).** \(HTMLEscaping.markdownCell(verdict.reason))\n"
    }

    /// The confusion matrix with its totals, under a line saying which side is which.
    static func confusionTable(_ m: DimensionAlignment.ConfusionMatrix) -> [String] {
        let judgeTotals = m.labels.indices.map { j in m.counts.reduce(0) { $0 + $1[j] } }
        return [
            "Confusion matrix (rows: expert, columns: judge; last column and row: totals)\n",
            MarkdownTable(
                header: ["expert \\ judge"] + m.labels + ["total"],
                rows: zip(m.labels, m.counts).map { label, row in [label] + row.map(String.init) + [String(row.reduce(0, +))] }
                    + [["total"] + judgeTotals.map(String.init) + [String(judgeTotals.reduce(0, +))]]
            ).rendered,
        ]
    }

    /// The run information rows, absent fields left out.
    static func infoRows(_ info: AlignmentInfo) -> [[String]] {
        ReportMarkup.infoFacts(info).map { [$0.0, $0.1] }
    }
}
