public import Calibration

extension DisagreementDigest {
    /// The digest as one self-contained HTML page (inline CSS, no script).
    ///
    /// Per dimension a `<section class="dimension" data-dimension="…">`; per
    /// confusion pair an `<article class="pair">` whose `data-expert`,
    /// `data-judge`, `data-weight` and `data-rows` hold the levels, the weight and
    /// the row count, with the rubric's text of both levels and a table of the
    /// rows. Every piece of text is escaped with ``HTMLEscaping``.
    public func renderHTML() -> String {
        var body = ["<h1>Disagreement digest: \(HTMLEscaping.text(title))</h1>"]
        body.append(ReportMarkup.infoTable(info, extra: [("Rows", rowsSentence)]))
        body.append("<p>Pairs ranked by the quadratic disagreement weight (v<sub>e</sub> − v<sub>j</sub>)² / (v<sub>max</sub> − v<sub>min</sub>)².</p>")
        for d in dimensions {
            body.append("<section class=\"dimension\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\">")
            body.append("<h2>\(HTMLEscaping.text(d.name))</h2><p>\(HTMLEscaping.text(countsSentence(d)))</p>")
            if d.pairs.isEmpty { body.append("<p>No disagreements.</p>") }
            for p in d.pairs {
                body.append(
                    "<article class=\"pair\" data-expert=\"\(HTMLEscaping.attribute(p.expert.label))\" data-judge=\"\(HTMLEscaping.attribute(p.judge.label))\" data-weight=\"\(SVGChart.data(p.weight))\" data-rows=\"\(p.rows.count)\">"
                )
                body.append("<h3>\(HTMLEscaping.text(pairTitle(p)))</h3>")
                body.append(
                    ReportMarkup.table(
                        header: ["level", "rubric text"],
                        rows: [["expert \(p.expert.label)", p.expert.description], ["judge \(p.judge.label)", p.judge.description]],
                        cssClass: "levels"))
                body.append(ReportMarkup.table(header: Self.rowHeader, rows: p.rows.map(Self.cells), numeric: 1...2, cssClass: "rows"))
                body.append("</article>")
            }
            body.append("</section>")
        }
        return HTMLPage(title: "Disagreement digest: \(title)", body: body.joined(separator: "\n")).html
    }
}
