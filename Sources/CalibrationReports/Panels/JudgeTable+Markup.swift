public import Calibration
import CalibrationData
import DataFormats
public import Foundation
import RunInference
import StatisticsCore

extension JudgeTable {
    /// The columns of each dimension's table, the same in text, Markdown and HTML.
    var tableHeader: [String] {
        ["judge", "n", "no score", "\(options.statistic.symbol) [CI]", "verdict", "replaces a rater", "× labels [CI]", "R²", "tokens/row"]
    }

    /// The columns of each dimension's ranking, the same in text, Markdown and HTML.
    var rankingHeader: [String] { ["rank", "judge", options.statistic.symbol, "best − judge [CI]", "p", "Holm p"] }

    /// The head of every rendering: the judges, the panels, and what the verdicts rest on.
    var headLines: [String] {
        [
            "Several judges: \(judges.filter { $0.panel == nil }.map(\.name).joined(separator: ", "))"
                + " and \(judges.count { $0.panel != nil }) panel(s)",
            "Verdict on \(options.statistic.displayName), threshold \(ReportNumber.number(options.threshold)), "
                + "\(Int((options.confidence * 100).rounded()))% intervals (\(options.intervalsName))",
        ]
    }

    /// The lines under the head: what the multiplier and token columns say, then the judges whose tokens are
    /// unknown (for some rows or all), grouped by why.
    var noteLines: [String] {
        var reasons: [(reason: String, judges: [String])] = []
        for entry in judges {
            guard let tokens = entry.tokens, let reason = tokens.unknownReason else { continue }
            let text = "\(tokens.rowsCounted == 0 ? "unknown" : "partly known") — \(reason)"
            if let i = reasons.firstIndex(where: { $0.reason == text }) {
                reasons[i].judges.append(entry.name)
            } else {
                reasons.append((text, [entry.name]))
            }
        }
        return [Self.multiplierNote, Self.tokensNote] + reasons.map { "tokens/row of \($0.judges.joined(separator: ", ")): \($0.reason)" }
    }

    /// What the tokens column counts, in a sentence.
    static let tokensNote =
        "tokens/row: prompt and completion tokens per judged row, from the response cache for a judgments file of "
        + "judgecal judge; no price is configured, so no cost in money."

    /// A judge's tokens per row for the table: the figure (with the rows it rests on when not all), "unknown", or "—" for a panel.
    func tokensCell(_ judge: String) -> String {
        guard let tokens = judges.first(where: { $0.name == judge })?.tokens else { return "—" }
        guard let perRow = tokens.tokensPerRow else { return "unknown" }
        return ReportNumber.ratio(perRow) + (tokens.rowsCounted < tokens.rows ? " (\(tokens.rowsCounted) of \(tokens.rows) rows)" : "")
    }

    /// What the multiplier column says, in a sentence under each table.
    static let multiplierNote =
        "× labels: how many expert labels one labelled row is worth with this judge in a corrected estimate of the mean "
        + "(PPI++), 1/(1 − R²) with R² the judge's calibrated R² on its paired rows, for a large unlabelled pool; "
        + "the interval resamples the rows."

    /// A dimension's table rows: each judge's and panel's n, failures, statistic, verdict, the alternative
    /// annotator test's winning rate ω ("passes" at ω ≥ 0.5, "—" when refused), the label multiplier and R²,
    /// and the tokens per row.
    func tableRows(_ d: DimensionTable) -> [[String]] {
        d.rows.map { row in
            let test = reports[row.judge]?.dimensions.first { $0.name == d.name }?.alternativeAnnotatorTest
            return [
                row.judge, String(row.n), String(row.judgeFailures), ReportNumber.withInterval(row.statisticEstimate),
                row.verdict.rawValue,
                test?.winningRate.map { "ω \(ReportNumber.number($0))\(test?.passes == true ? ", passes" : "")" } ?? "—",
                ReportNumber.withInterval(row.labelMultiplier.multiplier), ReportNumber.value(row.labelMultiplier.calibratedRSquared),
                tokensCell(row.judge),
            ]
        }
    }

    /// The sentences under a dimension's table: the panels not formed and the Dawid–Skene fit.
    func notes(_ d: DimensionTable) -> [String] {
        var notes = d.panelsNotFormed.map { "\($0.panel.entryName) not formed: \($0.reason)" }
        if let model = d.dawidSkene {
            notes.append(
                "panel-dawid-skene: EM \(model.converged ? "converged" : "stopped without converging") after \(model.iterations) iteration(s)"
            )
        }
        return notes
    }

    /// The table as Markdown: the head, then per dimension the table, its notes and the ranking
    /// (each judge's full report is in the JSON).
    public func renderMarkdown() -> String {
        var out = ["# " + HTMLEscaping.markdownCell(headLines[0]), ""]
        out += ([headLines[1]] + noteLines).map { HTMLEscaping.markdownCell($0) + "\n" }
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell(d.name))\n")
            out.append(MarkdownTable(header: tableHeader, rows: tableRows(d)).rendered)
            out.append(contentsOf: notes(d).map { HTMLEscaping.markdownCell($0) + "\n" })
            out.append("### Ranking\n")
            out.append(HTMLEscaping.markdownCell(d.ranking.commonRowsLine) + "\n")
            if let reason = d.ranking.undefinedReason {
                out.append(HTMLEscaping.markdownCell("None: \(reason.message)") + "\n")
            } else {
                out.append(HTMLEscaping.markdownCell(d.ranking.test) + "\n")
                out.append(MarkdownTable(header: rankingHeader, rows: d.ranking.rows).rendered)
            }
            out.append(contentsOf: d.ranking.leftOutLines.map { HTMLEscaping.markdownCell($0) + "\n" })
        }
        return out.joined(separator: "\n")
    }

    /// The table as a self-contained HTML page.
    ///
    /// Per dimension a chart of every judge's and panel's statistic with its interval against the
    /// threshold, the table, its notes and the ranking. No script; every text escaped. Each chart's root (`svg.chart.judges`) carries the figures at full
    /// precision: `data-dimension`, `data-threshold`, and `data-judges`, a JSON array of
    /// `[judge, value, lower, upper, multiplier, multiplier lower, multiplier upper]` (`null` where none).
    public func renderHTML() -> String {
        var body = ["<h1>\(HTMLEscaping.text(headLines[0]))</h1>"]
        body += ([headLines[1]] + noteLines).map { "<p>\(HTMLEscaping.text($0))</p>" }
        for d in dimensions {
            body.append(
                "<section class=\"dimension\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\"><h2>\(HTMLEscaping.text(d.name))</h2>")
            body.append(chart(d))
            body.append(ReportMarkup.table(header: tableHeader, rows: tableRows(d), numeric: 1...2, cssClass: "judges"))
            body.append(contentsOf: notes(d).map { "<p class=\"note\">\(HTMLEscaping.text($0))</p>" })
            body += ["<h3>Ranking</h3>", "<p>\(HTMLEscaping.text(d.ranking.commonRowsLine))</p>"]
            if let reason = d.ranking.undefinedReason {
                body.append("<p>\(HTMLEscaping.text("None: \(reason.message)"))</p>")
            } else {
                body.append("<p class=\"muted\">\(HTMLEscaping.text(d.ranking.test))</p>")
                body.append(ReportMarkup.table(header: rankingHeader, rows: d.ranking.rows, numeric: 0...0, cssClass: "ranking"))
            }
            body.append(contentsOf: d.ranking.leftOutLines.map { "<p class=\"note\">\(HTMLEscaping.text($0))</p>" })
            body.append("</section>")
        }
        return HTMLPage(title: headLines[0], body: body.joined(separator: "\n")).html
    }

    /// Every judge's and panel's statistic on one axis against the threshold.
    private func chart(_ d: DimensionTable) -> String {
        let plot = SVGChart.IntervalPlot(
            rows: d.rows.map { .init(label: $0.judge, estimate: $0.statisticEstimate) }, reference: options.threshold,
            referenceLabel: "threshold \(ReportNumber.number(options.threshold))")
        let data = d.rows.map { row in
            let (s, m) = (row.statisticEstimate, row.labelMultiplier.multiplier)
            let figures = [s.value, s.interval?.lower, s.interval?.upper, m.value, m.interval?.lower, m.interval?.upper]
            return "[\(JSONValue.string(row.judge).compactJSON)," + figures.map { $0.map { "\($0)" } ?? "null" }.joined(separator: ",")
                + "]"
        }
        let attributes =
            "class=\"chart judges\" data-dimension=\"\(HTMLEscaping.attribute(d.name))\" "
            + "data-threshold=\"\(SVGChart.data(options.threshold))\" data-judges=\"\(HTMLEscaping.attribute("[\(data.joined(separator: ","))]"))\""
        return plot.svg(attributes: attributes, title: "\(d.name): \(options.statistic.displayName) of each judge against the threshold")
    }

    /// The table as a file to write at `path`, in the form its extension names (``ReportFileFormat``):
    /// a page, Markdown, or the JSON printed as JSON.
    ///
    /// - Throws: when the table cannot be encoded as JSON.
    public func file(at path: String) throws -> (data: Data, path: String, role: String) {
        let data = try ReportFileFormat(URL(fileURLWithPath: path)).contents(
            html: renderHTML, markdown: renderMarkdown, json: { try JSONEncoder.report.encode(self) })
        return (data, path, "report")
    }
}

extension JudgeTable.Ranking {
    /// How many rows the ranking rests on, in a sentence.
    var commonRowsLine: String {
        "Ranking on \(commonRows) common row(s) (every judge scored them, the experts give a value):"
    }

    /// One line per ranked entry: rank, judge, statistic, difference from the best with its interval, p and Holm p.
    var rows: [[String]] {
        entries.enumerated().map { i, entry in
            [
                String(i + 1), entry.judge, ReportNumber.value(entry.statistic),
                entry.differenceFromBest.map { ReportNumber.withInterval($0) } ?? "best", ReportNumber.number(entry.pValue),
                ReportNumber.number(entry.holmAdjustedPValue),
            ]
        }
    }

    /// The panels left out of the ranking, each with how many common rows it has no score on.
    var leftOutLines: [String] {
        panelsLeftOut.sorted { $0.key < $1.key }.map { "\($0.key) left out of the ranking: no score on \($0.value) common row(s)" }
    }
}
