public import CalibrationMaps
import DataFormats
public import Foundation
import RunInference

extension CalibrationAudit {
    /// The report as a self-contained HTML page.
    ///
    /// Per dimension its outcome, the sentences of the text report and the residuals by calibrated
    /// score as a table; each audited dimension's section carries its figures at full precision in
    /// `data-` attributes (`data-outcome`, `data-rows`, `data-effective-rows`, `data-mean-residual`,
    /// `data-lower`, `data-upper`; a bound that is not finite is empty). No script; every text escaped.
    public func renderHTML() -> String {
        HTMLPage(title: headLine, body: htmlBody(level: 1).joined(separator: "\n")).html
    }

    /// The page's body: the head line as a heading of `level`, each dimension's under one a level deeper.
    func htmlBody(level: Int) -> [String] {
        var body = ["<h\(level)>\(HTMLEscaping.text(headLine))</h\(level)>", "<p>\(HTMLEscaping.text(methodLine))</p>"]
        body.append(contentsOf: notes.map { "<p class=\"note\">\(HTMLEscaping.text("note: " + $0))</p>" })
        for d in dimensions {
            var attributes = "data-dimension=\"\(HTMLEscaping.attribute(d.name))\""
            if let a = d.audit {
                let finite = { (x: Double) in x.isFinite ? x : nil }
                attributes +=
                    " data-outcome=\"\(a.outcome.rawValue)\" data-rows=\"\(a.rows)\" data-effective-rows=\"\(SVGChart.data(a.effectiveRows))\" "
                    + "data-mean-residual=\"\(SVGChart.data(a.meanResidual))\" data-lower=\"\(SVGChart.data(finite(a.lower)))\" "
                    + "data-upper=\"\(SVGChart.data(finite(a.upper)))\""
            } else if let why = d.notAudited {
                attributes += " data-not-audited=\"\(why.rawValue)\""
            }
            body.append("<section class=\"dimension\" \(attributes)>")
            body.append("<h\(level + 1)>\(HTMLEscaping.text("\(d.name): \(Self.outcomeWords(d))"))</h\(level + 1)>")
            body.append(contentsOf: sentences(d).map { "<p>\(HTMLEscaping.text($0))</p>" })
            if let a = d.audit {
                body.append(ReportMarkup.table(header: Self.binHeader, rows: Self.binRows(a), numeric: 1...2, cssClass: "audit-bins"))
            }
            body.append("</section>")
        }
        body.append("<p class=\"outcome\">\(HTMLEscaping.text("Outcome: \(Self.words(outcome))"))</p>")
        return body
    }

    /// The report as Markdown: the method, the notes, then per dimension its sentences and the bins' table; text escaped.
    public func renderMarkdown() -> String {
        markdownBody(level: 1).joined(separator: "\n")
    }

    /// The Markdown's lines: the head line as a heading of `level`, each dimension's under one a level deeper.
    func markdownBody(level: Int) -> [String] {
        let heading = String(repeating: "#", count: level)
        var out = ["\(heading) " + HTMLEscaping.markdownCell(headLine), "", HTMLEscaping.markdownCell(methodLine), ""]
        out.append(contentsOf: notes.map { HTMLEscaping.markdownCell("note: " + $0) + "\n" })
        for d in dimensions {
            out.append("\(heading)# \(HTMLEscaping.markdownCell("\(d.name): \(Self.outcomeWords(d))"))\n")
            out.append(contentsOf: sentences(d).map { HTMLEscaping.markdownCell($0) + "\n" })
            if let a = d.audit { out.append(MarkdownTable(header: Self.binHeader, rows: Self.binRows(a)).rendered) }
        }
        out.append("Outcome: \(Self.words(outcome))")
        return out
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
