import AgreementStatistics

extension RubricComparison {
    /// The comparison as one self-contained HTML page (inline CSS and SVG, no script).
    ///
    /// Per dimension a `<section data-dimension="…">` with an SVG of class
    /// `comparison` showing the statistic under control and experimental
    /// with their intervals, and the paired difference (experimental −
    /// control) with its bootstrap interval against zero; the SVG's
    /// `data-control`, `data-experimental`, `data-difference`,
    /// `data-difference-lower` and `data-difference-upper` hold the figures.
    /// Then McNemar's test and the flipped rows. Text is escaped with ``HTMLEscaping``.
    public func renderHTML() -> String {
        var body = ["<h1>Rubric comparison: \(HTMLEscaping.text(controlName)) vs \(HTMLEscaping.text(experimentalName))</h1>"]
        body.append(
            ReportMarkup.infoTable(
                info,
                extra: [
                    ("Control", controlName), ("Experimental", experimentalName), ("Statistic", options.statistic.displayName),
                    ("Intervals", "\(Int((options.level * 100).rounded()))%; difference = experimental − control, paired bootstrap"),
                ]))
        if let split { body.append(split.html) }
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
                    title: "\(d.name): \(d.statistic.displayName) under each rubric"))
            body.append(
                difference.svg(
                    attributes: "class=\"chart difference\" data-dimension=\"\(name)\"", title: "\(d.name): experimental − control"))
            body.append("</div>")
            if let test = d.mcnemar {
                body.append(
                    "<p>McNemar (\(test.method.rawValue)): \(d.controlOnlyExact) rows only the control matched, \(d.experimentalOnlyExact) only the experimental; p = \(ReportNumber.number(test.pValue))</p>"
                )
            }
            if !d.flipped.isEmpty {
                body.append(
                    ReportMarkup.table(
                        header: ["row", "expert", "control", "experimental", "flipped"], rows: flippedRows(d), numeric: 1...3,
                        cssClass: "flipped"))
            }
            body.append("</section>")
        }
        return HTMLPage(title: "Rubric comparison: \(controlName) vs \(experimentalName)", body: body.joined(separator: "\n")).html
    }

    /// The comparison as Markdown: the summary table and each dimension's flipped rows, text escaped.
    public func renderMarkdown() -> String {
        var out = ["# Rubric comparison: \(HTMLEscaping.markdownCell(controlName)) vs \(HTMLEscaping.markdownCell(experimentalName))", ""]
        out.append(
            MarkdownTable(header: ["", ""], rows: ReportMarkdown.infoRows(info) + [["Statistic", options.statistic.displayName]]).rendered)
        if let split { out.append(split.markdown) }
        out.append(MarkdownTable(header: summaryHeader, rows: summaryRows).rendered)
        for d in dimensions where !d.flipped.isEmpty {
            out.append("## \(HTMLEscaping.markdownCell(d.name)): \(d.flipped.count) rows flipped\n")
            out.append(MarkdownTable(header: ["row", "expert", "control", "experimental", "flipped"], rows: flippedRows(d)).rendered)
        }
        return out.joined(separator: "\n")
    }

    private var summaryHeader: [String] {
        ["dimension", "paired", "control", "experimental", "difference [CI]", "McNemar p"]
    }

    private var summaryRows: [[String]] {
        dimensions.map { d in
            [
                d.name, String(d.paired), ReportNumber.withInterval(d.control), ReportNumber.withInterval(d.experimental),
                ReportNumber.withInterval(d.difference), ReportNumber.number(d.mcnemar?.pValue),
            ]
        }
    }

    private func flippedRows(_ d: DimensionComparison) -> [[String]] {
        d.flipped.map {
            [
                $0.rowID, ReportNumber.score($0.expert), ReportNumber.score($0.control), ReportNumber.score($0.experimental),
                $0.direction.rawValue,
            ]
        }
    }
}
