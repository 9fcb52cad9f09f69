public import Calibration
import CalibrationData
import DataFormats
public import Foundation
import RunInference
import StatisticsCore

extension EstimationReport {
    /// The estimates as a self-contained HTML page.
    ///
    /// Per dimension, a chart of the judge-only, experts-only and corrected estimates with their intervals on one
    /// axis (the mean, and the pass rate when asked for), then the table of every
    /// figure. No script; every text escaped; each chart's root carries its figures
    /// at full precision in `data-` attributes.
    public func renderHTML() -> String {
        var body = ["<h1>\(HTMLEscaping.text(headLines[0]))</h1>"]
        body.append(contentsOf: headLines.dropFirst().map { "<p class=\"sampling\">\(HTMLEscaping.text($0))</p>" })
        for d in dimensions {
            let name = HTMLEscaping.attribute(d.name)
            body.append("<section class=\"dimension\" data-dimension=\"\(name)\"><h2>\(HTMLEscaping.text(d.name))</h2>")
            body.append("<p>\(HTMLEscaping.text(Self.rowsLine(d.rows)))</p>")
            body.append("<div class=\"charts\">")
            body.append(
                chart(
                    d, figure: "mean",
                    [("judge only", d.mean.judgeOnly), ("experts only", d.mean.expertsOnly), ("corrected: PPI++", d.mean.corrected)]))
            if let p = d.passRate {
                body.append(
                    chart(
                        d, figure: "pass rate ≥ \(ReportNumber.score(p.passLevel))",
                        [
                            ("judge only", p.judgeOnly), ("experts only", p.expertsOnly),
                            (Self.correctionName(p.corrected, otherwise: "Rogan–Gladen"), p.corrected),
                            ("PPI++", p.predictionPowered.corrected),
                        ]))
            }
            body.append("</div>")
            body.append(contentsOf: Self.notes(d, stratified: d.name.lowercased() == judgeStratifiedBy?.lowercased()).map { "<p class=\"note\">\(HTMLEscaping.text($0))</p>" })
            body.append(ReportMarkup.table(header: Self.tableHeader, rows: tableRows(d), numeric: 2...2, cssClass: "estimates"))
            body.append("</section>")
        }
        return HTMLPage(title: headLines[0], body: body.joined(separator: "\n")).html
    }

    /// One figure's estimates on one axis, against the judge's own value, captioned with the figure's name.
    private func chart(_ d: DimensionEstimate, figure: String, _ rows: [(String, Estimate)]) -> String {
        let plot = SVGChart.IntervalPlot(
            rows: rows.map { .init(label: $0.0, estimate: $0.1) }, reference: rows[0].1.value ?? 0,
            referenceLabel: "judge only")
        let data = rows.map { label, e in
            [SVGChart.data(e.value), SVGChart.data(e.interval?.lower), SVGChart.data(e.interval?.upper)]
                .map { $0.isEmpty ? "null" : $0 }.joined(separator: ",")
        }
        let attributes =
            "class=\"chart estimate\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\" data-figure=\"\(HTMLEscaping.attribute(figure))\" "
            + "data-estimates=\"[\(data.map { "[\($0)]" }.joined(separator: ","))]\""
        return "<figure><figcaption>\(HTMLEscaping.text(figure))</figcaption>"
            + plot.svg(attributes: attributes, title: "\(d.name): \(figure)") + "</figure>"
    }

    /// The report as a file: `.html` the page, `.md` Markdown, anything else JSON.
    ///
    /// - Throws: when the report cannot be encoded as JSON.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data: Data =
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "html", "htm": Data(renderHTML().utf8)
            case "md", "markdown": Data(renderMarkdown().utf8)
            default: try JSONEncoder.report.encode(self)
            }
        return (data, path, "report")
    }

    /// The report as JSON (keys sorted, pretty), the form printed as JSON and written to a `.json` report file.
    ///
    /// - Throws: when a value cannot be encoded.
    public func json() throws -> String {
        String(decoding: try JSONEncoder.report.encode(self), as: UTF8.self)
    }
}
