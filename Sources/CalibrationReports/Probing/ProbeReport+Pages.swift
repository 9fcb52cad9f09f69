import Calibration
import CalibrationData
import DataFormats
public import Foundation
public import JudgeProbes
import RunInference
import StatisticsCore

extension ProbeReport {
    /// The report as Markdown: the headline, the figures table, and per probe its verdict and the
    /// rows it moved most, every cell escaped (``HTMLEscaping/markdownCell(_:)``).
    public func renderMarkdown() -> String {
        var out = ["# Bias probes: \(HTMLEscaping.markdownCell(run)) with \(HTMLEscaping.markdownCell(rubric))", ""]
        out += headline.map { "- " + HTMLEscaping.markdownCell($0) } + [""]
        out.append(MarkdownTable(header: Self.columns, rows: probes.flatMap { p in p.dimensions.map { Self.cells(p, $0) } }).rendered)
        for probe in probes {
            out.append("## \(HTMLEscaping.markdownCell(probe.name)): \(probe.verdict.outcome.rawValue)\n")
            out.append(HTMLEscaping.markdownCell("\(probe.summary). Expected: \(probe.expectation). \(probe.verdict.reason)") + "\n")
            if let note = probe.degradationNote { out.append(HTMLEscaping.markdownCell(note) + "\n") }
            guard !probe.mostAffected.isEmpty else { continue }
            out.append(
                MarkdownTable(
                    header: ["row", "dimension", "unchanged", "probed", "planted", "rationale under the probe"],
                    rows: probe.mostAffected.map {
                        [
                            $0.id, $0.dimension, ReportNumber.score($0.unchangedScore), ReportNumber.score($0.probedScore), $0.note ?? "",
                            $0.rationale,
                        ]
                    }
                ).rendered)
        }
        return out.joined(separator: "\n")
    }

    /// The report as a self-contained HTML page with one chart per probe.
    ///
    /// Each chart draws every dimension's shift with its interval against zero, beside the
    /// placebo's (``SVGChart/IntervalPlot``). Every text is escaped, so markup planted in a row or
    /// a rationale is shown, never run.
    public func renderHTML() -> String {
        var body = ["<h1>Bias probes: \(HTMLEscaping.text(run)) with \(HTMLEscaping.text(rubric))</h1>"]
        body.append("<ul>" + headline.map { "<li>\(HTMLEscaping.text($0))</li>" }.joined() + "</ul>")
        body.append("<table><tr>" + Self.columns.map { "<th>\(HTMLEscaping.text($0))</th>" }.joined() + "</tr>")
        for probe in probes {
            for d in probe.dimensions {
                body.append("<tr>" + Self.cells(probe, d).map { "<td>\(HTMLEscaping.text($0))</td>" }.joined() + "</tr>")
            }
        }
        body.append("</table>")
        for probe in probes {
            body.append("<section><h2>\(HTMLEscaping.text(probe.name)): \(HTMLEscaping.text(probe.verdict.outcome.rawValue))</h2>")
            body.append("<p>\(HTMLEscaping.text("\(probe.summary). Expected: \(probe.expectation). \(probe.verdict.reason)"))</p>")
            if let note = probe.degradationNote { body.append("<p>\(HTMLEscaping.text(note))</p>") }
            let rows = probe.dimensions.flatMap { d in
                [
                    SVGChart.IntervalPlot.Row(label: d.dimension, estimate: d.shift.estimate),
                    SVGChart.IntervalPlot.Row(
                        label: "\(d.dimension) placebo",
                        estimate: placebo.dimensions.first { $0.dimension == d.dimension }?.shift.estimate
                            ?? Estimate(undefined: .noData(), n: 0)),
                ]
            }
            let plot = SVGChart.IntervalPlot(rows: rows, reference: 0, referenceLabel: "no shift", symmetric: true)
            let attributes =
                "class=\"probe-chart\" data-probe=\"\(HTMLEscaping.attribute(probe.name))\" data-shifts=\"\(HTMLEscaping.attribute(probe.dimensions.map { SVGChart.data($0.shift.estimate.value) }.joined(separator: ",")))\""
            body.append(
                "<figure>" + plot.svg(attributes: attributes, title: "\(probe.name): score shift against the unchanged rows") + "</figure>")
            if !probe.mostAffected.isEmpty {
                body.append(
                    "<table><tr><th>row</th><th>dimension</th><th>unchanged</th><th>probed</th><th>planted</th><th>rationale</th></tr>")
                for row in probe.mostAffected {
                    let cells = [
                        row.id, row.dimension, ReportNumber.score(row.unchangedScore), ReportNumber.score(row.probedScore), row.note ?? "",
                        row.rationale,
                    ]
                    body.append("<tr>" + cells.map { "<td>\(HTMLEscaping.text($0))</td>" }.joined() + "</tr>")
                }
                body.append("</table>")
            }
            body.append("</section>")
        }
        return HTMLPage(title: "Bias probes: \(run) with \(rubric)", body: body.joined(separator: "\n")).html
    }

    /// The report as JSON, keys sorted (docs/FORMATS.md, "Probe report").
    public func renderJSON() throws -> String {
        String(decoding: try JSONEncoder.report.encode(self), as: UTF8.self)
    }

    /// The report as the file at `path` should hold it — HTML for `.html`/`.htm`, Markdown for
    /// `.md`/`.markdown`, JSON otherwise — for ``StagedOutputs/writeAllOrNone(_:after:)``.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data: Data
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "html", "htm": data = Data(renderHTML().utf8)
        case "md", "markdown": data = Data(renderMarkdown().utf8)
        default: data = try JSONEncoder.report.encode(self)
        }
        return (data, path, "report")
    }
}
