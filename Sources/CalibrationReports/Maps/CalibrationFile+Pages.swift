public import CalibrationMaps
import DataFormats
public import Foundation
import RunInference

extension CalibrationFile {
    /// The report as a self-contained HTML page.
    ///
    /// Per dimension its rows and folds, the sentences of the text report and the map as a table; each
    /// dimension's section carries its figures at full precision in `data-` attributes (`data-rows`, `data-folds`, `data-oof-rmse`, `data-raw-rmse`,
    /// `data-mean-residual`). No script; every text escaped.
    public func renderHTML() -> String {
        var body = ["<h1>\(HTMLEscaping.text(headLine))</h1>", "<p>\(HTMLEscaping.text(methodLine))</p>"]
        for d in dimensions {
            let g = d.diagnostics
            body.append(
                "<section class=\"dimension\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\" data-rows=\"\(d.rows)\" "
                    + "data-folds=\"\(d.map.folds)\" data-oof-rmse=\"\(SVGChart.data(g.outOfFoldRMSE))\" "
                    + "data-raw-rmse=\"\(SVGChart.data(g.rawRMSE))\" data-mean-residual=\"\(SVGChart.data(g.meanResidual))\">")
            body.append("<h2>\(HTMLEscaping.text("\(d.name): \(d.rows) rows, \(foldsPhrase(d))"))</h2>")
            body.append(contentsOf: Self.sentences(d).map { "<p>\(HTMLEscaping.text($0))</p>" })
            body.append(ReportMarkup.table(header: Self.mapHeader(d), rows: Self.mapRows(d), numeric: 0...1, cssClass: "calibration-map"))
            body.append("</section>")
        }
        for u in unfitted {
            body.append("<section class=\"dimension\" data-dimension=\"\(HTMLEscaping.attribute(u.name))\" data-outcome=\"too few rows\">")
            body.append("<h2>\(HTMLEscaping.text("\(u.name): \(CalibrationOutcome.tooFewRows.rawValue)"))</h2>")
            body.append(contentsOf: Self.sentences(u).map { "<p>\(HTMLEscaping.text($0))</p>" })
            body.append("</section>")
        }
        return HTMLPage(title: headLine, body: body.joined(separator: "\n")).html
    }

    /// The report as Markdown: the method, then per dimension its sentences and the map's table; text escaped.
    public func renderMarkdown() -> String {
        var out = ["# " + HTMLEscaping.markdownCell(headLine), "", HTMLEscaping.markdownCell(methodLine), ""]
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell("\(d.name): \(d.rows) rows, \(foldsPhrase(d))"))\n")
            out.append(contentsOf: Self.sentences(d).map { HTMLEscaping.markdownCell($0) + "\n" })
            out.append(MarkdownTable(header: Self.mapHeader(d), rows: Self.mapRows(d)).rendered)
        }
        for u in unfitted {
            out.append("## \(HTMLEscaping.markdownCell(u.name)): \(CalibrationOutcome.tooFewRows.rawValue)\n")
            out.append(contentsOf: Self.sentences(u).map { HTMLEscaping.markdownCell($0) + "\n" })
        }
        return out.joined(separator: "\n")
    }

    /// The report as a file to write at `path`, in the form its extension names (``ReportFileFormat``):
    /// the page, Markdown, or the JSON ``renderJSON()`` prints.
    ///
    /// - Throws: when the report cannot be encoded as JSON.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data = try ReportFileFormat(URL(fileURLWithPath: path)).contents(
            html: renderHTML, markdown: renderMarkdown, json: { Data(try renderJSON().utf8) })
        return (data, path, "report")
    }
}
