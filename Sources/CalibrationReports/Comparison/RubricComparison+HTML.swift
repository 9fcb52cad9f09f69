public import Calibration
import CalibrationData
import StatisticsCore

extension RubricComparison {
    /// The comparison as one self-contained HTML page (inline CSS and SVG, no script).
    ///
    /// The information, with the count of labelled rows outside the run when a sheet covered more. Per
    /// dimension a `<section data-dimension="…">` with an SVG of class
    /// `comparison` showing the statistic under control and experimental
    /// with their intervals, and the paired difference (experimental −
    /// control) with its bootstrap interval against zero; the SVG's
    /// `data-control`, `data-experimental`, `data-difference`,
    /// `data-difference-lower` and `data-difference-upper` hold the figures.
    /// Then the verdict (`data-verdict`), McNemar's test or why there is none, the
    /// slices, the worst disagreements with what was judged, and the flipped rows.
    /// Text is escaped with ``HTMLEscaping``.
    public func renderHTML() -> String {
        var body = ["<h1>Comparison: \(HTMLEscaping.text(controlName)) vs \(HTMLEscaping.text(experimentalName))</h1>"]
        body.append(ReportMarkup.infoTable(info, extra: infoExtra))
        if let split { body.append(split.html) }
        if let sentence = info.rowsNotInRunSentence { body.append("<p>\(HTMLEscaping.text(sentence))</p>") }
        body.append("<h2>Summary</h2>")
        body.append(ReportMarkup.table(header: summaryHeader, rows: summaryRows, numeric: 1...4))
        for d in dimensions {
            let name = HTMLEscaping.attribute(d.name)
            body.append("<section class=\"dimension\" data-dimension=\"\(name)\"><h2>\(HTMLEscaping.text(d.name))</h2>")
            if let reason = d.undefinedReason {
                body.append("<p>Not compared: \(HTMLEscaping.text(reason.message))</p></section>")
                continue
            }
            let levels = SVGChart.IntervalPlot(
                rows: [.init(label: "control", estimate: d.control), .init(label: "experimental", estimate: d.experimental)],
                reference: options.threshold, referenceLabel: "threshold \(ReportNumber.number(options.threshold))")
            let difference = SVGChart.IntervalPlot(
                rows: [.init(label: "difference", estimate: d.difference)], reference: 0, referenceLabel: "no difference", symmetric: true)
            body.append("<div class=\"charts\">")
            body.append(
                levels.svg(
                    attributes:
                        "class=\"chart comparison\" data-dimension=\"\(name)\" data-control=\"\(SVGChart.data(d.control.value))\" data-experimental=\"\(SVGChart.data(d.experimental.value))\" data-difference=\"\(SVGChart.data(d.difference.value))\" data-difference-lower=\"\(SVGChart.data(d.difference.interval?.lower))\" data-difference-upper=\"\(SVGChart.data(d.difference.interval?.upper))\"",
                    title: "\(d.name): \(d.statistic.displayName) under each side"))
            body.append(
                difference.svg(
                    attributes: "class=\"chart difference\" data-dimension=\"\(name)\"", title: "\(d.name): experimental − control"))
            body.append("</div>")
            body.append("<p class=\"verdict\" data-verdict=\"\(d.verdict.outcome.rawValue)\">\(HTMLEscaping.text(verdictSentence(d)))</p>")
            body.append("<p>\(HTMLEscaping.text(mcnemarSentence(d)))</p>")
            for (title, header, rows, css) in detailTables(d) {
                body.append("<h3>\(HTMLEscaping.text(title))</h3>")
                body.append(ReportMarkup.table(header: header, rows: rows, cssClass: css))
            }
            body.append("</section>")
        }
        return HTMLPage(title: "Comparison: \(controlName) vs \(experimentalName)", body: body.joined(separator: "\n")).html
    }

    /// The comparison as Markdown, with everything the page holds but its charts (whose figures are in the
    /// tables): the information, each side's failures, the labelled rows outside the run, the summary, and per dimension the verdict, McNemar's
    /// test (or why there is none), the slices, the worst disagreements with what was judged and the flipped rows.
    public func renderMarkdown() -> String {
        var out = ["# Comparison: \(HTMLEscaping.markdownCell(controlName)) vs \(HTMLEscaping.markdownCell(experimentalName))", ""]
        out.append(MarkdownTable(header: ["", ""], rows: ReportMarkdown.infoRows(info) + infoExtra.map { [$0.0, $0.1] }).rendered)
        if let split { out.append(split.markdown) }
        if let sentence = info.rowsNotInRunSentence { out.append(sentence + "\n") }
        out.append("## Summary\n")
        out.append(MarkdownTable(header: summaryHeader, rows: summaryRows).rendered)
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell(d.name))\n")
            if let reason = d.undefinedReason {
                out.append("Not compared: \(HTMLEscaping.markdownCell(reason.message))\n")
                continue
            }
            out.append("**Verdict: \(HTMLEscaping.markdownCell(verdictSentence(d))).**\n")
            out.append(HTMLEscaping.markdownCell(mcnemarSentence(d)) + "\n")
            for (title, header, rows, _) in detailTables(d) {
                out.append("### \(HTMLEscaping.markdownCell(title))\n")
                out.append(MarkdownTable(header: header, rows: rows).rendered)
            }
        }
        return out.joined(separator: "\n")
    }

    /// The facts under the title: both sides, the statistic, the intervals and each side's failures.
    private var infoExtra: [(String, String)] {
        [
            ("Control", controlName), ("Experimental", experimentalName), ("Statistic", options.statistic.displayName),
            ("Intervals", "\(Int((options.confidence * 100).rounded()))%; difference = experimental − control, \(differenceIntervalName)"),
            ("Control failures", controlFailures.summary), ("Experimental failures", experimentalFailures.summary),
        ] + (failureComparison.map { [("Failures compared", $0)] } ?? []) + (groupedBy.map { [("Slices by", $0)] } ?? [])
    }

    /// A dimension's tables after its verdict: slices, worst disagreements, flipped rows (each only when it has rows).
    private func detailTables(_ d: DimensionComparison) -> [(String, [String], [[String]], String)] {
        var tables: [(String, [String], [[String]], String)] = []
        if !d.slices.isEmpty { tables.append(("Per \(groupedBy ?? "group")", sliceHeader, sliceRows(d), "slices")) }
        if !d.worstDisagreements.isEmpty {
            let header = [
                "row", "expert", "control", "experimental", "control's rationale", "experimental's rationale", "expert's note", "input",
                "output",
            ]
            let rows = d.worstDisagreements.map {
                [
                    $0.rowID, ReportNumber.score($0.expert), ReportNumber.score($0.control), ReportNumber.score($0.experimental),
                    $0.controlRationale ?? "", $0.experimentalRationale ?? "", $0.expertNote ?? "", $0.judged?.input ?? "",
                    $0.judged?.output ?? "",
                ]
            }
            tables.append(("Worst disagreements", header, rows, "worst"))
        }
        if !d.flipped.isEmpty {
            let rows = d.flipped.map {
                [
                    $0.rowID, ReportNumber.score($0.expert), ReportNumber.score($0.control), ReportNumber.score($0.experimental),
                    $0.direction.rawValue,
                ]
            }
            tables.append(("\(d.flipped.count) rows flipped", ["row", "expert", "control", "experimental", "flipped"], rows, "flipped"))
        }
        return tables
    }
}
