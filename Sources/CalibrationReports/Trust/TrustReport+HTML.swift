import Calibration
import CalibrationData
import DataFormats
public import Foundation
import RunInference
public import SelectiveTrust
import StatisticsCore

extension TrustReport {
    /// The report as a self-contained HTML page: per dimension the outcome and why, a reliability
    /// diagram of the confidence (each bin's mean confidence against its agreement, sized by its rows,
    /// beside the diagonal) and the coverage–risk curve (the share of labelled rows kept against the
    /// exact bound on their disagreement and the disagreement seen, beside α, the threshold chosen
    /// marked), then both as tables. No script; every text escaped; each chart's root carries its
    /// figures at full precision in `data-` attributes (`data-bins`, `data-curve`).
    public func renderHTML() -> String {
        var body = ["<h1>\(HTMLEscaping.text(headLine))</h1>", "<p>\(HTMLEscaping.text(guaranteeLine))</p>"]
        for d in dimensions {
            let name = HTMLEscaping.attribute(d.name)
            body.append("<section class=\"dimension\" data-dimension=\"\(name)\" data-outcome=\"\(HTMLEscaping.attribute(d.verdict.outcome.rawValue))\">")
            body.append("<h2>\(HTMLEscaping.text(d.name)): \(HTMLEscaping.text(d.verdict.outcome.rawValue))</h2>")
            body.append(contentsOf: Self.sentences(d).map { "<p>\(HTMLEscaping.text($0))</p>" })
            body.append("<div class=\"charts\">")
            body.append(reliabilityChart(d))
            body.append(curveChart(d))
            body.append("</div>")
            body.append(ReportMarkup.table(header: Self.binHeader, rows: Self.binRows(d), numeric: 1...3, cssClass: "reliability"))
            body.append(ReportMarkup.table(header: Self.curveHeader, rows: Self.curveRows(d), numeric: 0...4, cssClass: "coverage-risk"))
            body.append("</section>")
        }
        if let outside = info.rowsNotInRunSentence { body.append("<p class=\"note\">\(HTMLEscaping.text(outside))</p>") }
        return HTMLPage(title: headLine, body: body.joined(separator: "\n")).html
    }

    /// The report as Markdown: the guarantee, then per dimension the outcome, its sentences and both tables; text escaped.
    public func renderMarkdown() -> String {
        var out = ["# " + HTMLEscaping.markdownCell(headLine), "", HTMLEscaping.markdownCell(guaranteeLine), ""]
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell(d.name)): \(d.verdict.outcome.rawValue)\n")
            out.append(contentsOf: Self.sentences(d).map { HTMLEscaping.markdownCell($0) + "\n" })
            out.append(MarkdownTable(header: Self.binHeader, rows: Self.binRows(d)).rendered)
            out.append(MarkdownTable(header: Self.curveHeader, rows: Self.curveRows(d)).rendered)
        }
        return out.joined(separator: "\n")
    }

    /// The report as a file to write at `path`: `.html` the page, `.md` Markdown, anything else the JSON ``renderJSON()`` prints.
    ///
    /// - Throws: when the report cannot be encoded as JSON.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data: Data =
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "html", "htm": Data(renderHTML().utf8)
            case "md", "markdown": Data(renderMarkdown().utf8)
            default: Data(try renderJSON().utf8)
            }
        return (data, path, "report")
    }

    private func reliabilityChart(_ d: Dimension) -> String {
        let filled = d.calibration.bins.filter { $0.rows > 0 }
        let plot = SVGChart.UnitSquarePlot(
            series: [
                .init(
                    name: "a bin of rows: its share agreeing at its mean confidence",
                    points: filled.compactMap { b in b.meanConfidence.flatMap { x in b.agreement.map { .init(x: x, y: $0, count: b.rows) } } },
                    dots: true)
            ],
            xLabel: "judge's confidence", yLabel: "agreement with the experts", diagonal: true)
        let data = d.calibration.bins.map { b in
            "[" + [b.lower, b.upper].map(SVGChart.data).joined(separator: ",") + ",\(b.rows),"
                + [b.meanConfidence, b.agreement].map { SVGChart.data($0).isEmpty ? "null" : SVGChart.data($0) }.joined(separator: ",") + "]"
        }
        let attributes =
            "class=\"chart reliability\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\" data-bins=\"[\(data.joined(separator: ","))]\""
        return "<figure><figcaption>reliability: ECE \(HTMLEscaping.text(ReportNumber.withInterval(d.calibration.expectedCalibrationError)))</figcaption>"
            + plot.svg(attributes: attributes, title: "\(d.name): agreement by confidence") + "</figure>"
    }

    private func curveChart(_ d: Dimension) -> String {
        let rows = Double(max(d.threshold.rows, 1))
        let candidates = d.threshold.candidates
        let plot = SVGChart.UnitSquarePlot(
            series: [
                .init(name: "exact bound on the disagreement of the rows kept", points: candidates.map { .init(x: Double($0.kept) / rows, y: $0.riskBound) }, dots: false),
                .init(
                    name: "disagreement seen on the rows kept",
                    points: candidates.map { .init(x: Double($0.kept) / rows, y: Double($0.disagreements) / Double($0.kept)) }, dots: false,
                    dashed: true),
            ],
            xLabel: "share of labelled rows kept (most confident first)", yLabel: "disagreement", levels: [(settings.risk, "α \(ReportNumber.percent(settings.risk))")],
            marker: d.threshold.chosen.map { (Double($0.kept) / rows, "threshold \(ReportNumber.number($0.threshold))") })
        let data = candidates.map { "[\(SVGChart.data($0.threshold)),\($0.kept),\($0.disagreements),\(SVGChart.data($0.riskBound))]" }
        let attributes =
            "class=\"chart coverage-risk\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\" data-rows=\"\(d.threshold.rows)\" "
            + "data-threshold=\"\(SVGChart.data(d.threshold.threshold))\" data-curve=\"[\(data.joined(separator: ","))]\""
        return "<figure><figcaption>coverage–risk</figcaption>" + plot.svg(attributes: attributes, title: "\(d.name): coverage against risk") + "</figure>"
    }
}
