import CalibrationData
public import CalibrationMaps
import DataFormats
public import Foundation
import RunInference

extension CalibrationAudits {
    /// The report as plain text: each run's (``CalibrationMaps/CalibrationAudit/renderText()``), then
    /// the outcome over the runs and the family.
    public func renderText() -> String {
        audits.map { $0.renderText() }.joined(separator: "\n") + "\n" + TerminalText.visible(outcomeLine) + "\n"
    }

    /// The report as JSON: `outcome` over the runs, `familySize`, and `audits`, each run's
    /// (``CalibrationMaps/CalibrationAudit/renderJSON()``).
    public func renderJSON() throws -> String {
        let encoder = JSONEncoder.report
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(Summary(self)), as: UTF8.self)
    }

    /// The report as one self-contained HTML page: a section per run (`data-run`, `data-outcome`)
    /// holding that run's report (``CalibrationMaps/CalibrationAudit/renderHTML()``), then the outcome
    /// over the runs (`data-outcome`, `data-family-size`). No script; every text escaped.
    public func renderHTML() -> String {
        var body = ["<h1>\(HTMLEscaping.text(headLine))</h1>"]
        for audit in audits {
            let run = HTMLEscaping.attribute(audit.run ?? "")
            body.append("<section class=\"run\" data-run=\"\(run)\" data-outcome=\"\(audit.outcome.rawValue)\">")
            body.append(contentsOf: audit.htmlBody(level: 2))
            body.append("</section>")
        }
        body.append(
            "<p class=\"outcome\" data-outcome=\"\(outcome.rawValue)\" data-family-size=\"\(familySize)\">"
                + "\(HTMLEscaping.text(outcomeLine))</p>")
        return HTMLPage(title: headLine, body: body.joined(separator: "\n")).html
    }

    /// The report as Markdown: each run's under a heading of its own, then the outcome over the runs.
    public func renderMarkdown() -> String {
        (["# " + HTMLEscaping.markdownCell(headLine), ""] + audits.flatMap { $0.markdownBody(level: 2) + [""] }
            + [HTMLEscaping.markdownCell(outcomeLine)]).joined(separator: "\n")
    }

    /// The report as a file to write at `path`, in the form its extension names: the page, Markdown, or
    /// the JSON ``renderJSON()`` prints.
    ///
    /// - Throws: when the report cannot be encoded as JSON.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data = try ReportFileFormat(URL(fileURLWithPath: path)).contents(
            html: renderHTML, markdown: renderMarkdown, json: { Data(try renderJSON().utf8) })
        return (data, path, "report")
    }

    /// "Audits of judge J's calibration (rubric R, fitted on run X) on 2 runs: b, c".
    var headLine: String {
        let runs = audits.map { $0.run ?? "unnamed" }
        return
            "Audits of \(audits.first?.calibrationWords ?? "a calibration") on \(runs.count) runs: \(runs.joined(separator: ", "))"
    }

    /// "Outcome over 2 runs (b, c), Bonferroni over 4 audits decided together, each at 98.75%: FAIL".
    var outcomeLine: String {
        let runs = audits.map { $0.run ?? "unnamed" }.joined(separator: ", ")
        let level = audits.first.map { ReportNumber.percent(1 - $0.settings.alpha / Double(familySize)) } ?? "—"
        return
            "Outcome over \(audits.count) \(audits.count == 1 ? "run" : "runs") (\(runs)), Bonferroni over \(familySize) "
            + "\(familySize == 1 ? "audit" : "audits") decided together, each at \(level): \(CalibrationAudit.words(outcome))"
    }

    /// The report's JSON document (``renderJSON()``).
    struct Summary: Encodable {
        var outcome: CalibrationAudit.Outcome
        var familySize: Int
        var audits: [CalibrationAudit.Summary]

        init(_ a: CalibrationAudits) {
            outcome = a.outcome
            familySize = a.familySize
            audits = a.audits.map(CalibrationAudit.Summary.init)
        }
    }
}
