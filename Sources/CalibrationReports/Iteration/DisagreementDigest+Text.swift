public import Calibration
import CalibrationData
import DataFormats

extension DisagreementDigest {
    /// The rows read, for a heading: `24 of 40 rows (the row set given)` or `40 rows (every row of the run)`.
    var rowsSentence: String {
        let rows = rowsGiven.map { "\($0) of \(rowsInRun) rows (the row set given)" } ?? "\(rowsInRun) rows (every row of the run)"
        guard !exampleRows.isEmpty else { return rows }
        let verb = includeExampleRows ? "kept" : "left out"
        return rows + "; \(exampleRows.count) worked-example rows \(verb) (\(exampleRows.joined(separator: ", ")))"
    }

    /// One dimension's counts in a sentence: compared, agreed, failures by code, not judged.
    func countsSentence(_ d: Dimension) -> String {
        var parts = ["\(d.labelled) labelled, \(d.compared) compared, \(d.agreed) agreed, \(d.compared - d.agreed) disagreed"]
        let failures = d.judgeFailures.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        if !failures.isEmpty { parts.append("judge failures: " + failures.joined(separator: ", ")) }
        if d.notJudged > 0 { parts.append("\(d.notJudged) not judged") }
        return parts.joined(separator: "; ")
    }

    /// A pair's heading: `expert 4 → judge 2 (weight 0.444): 3 rows`.
    func pairTitle(_ p: ConfusionPair) -> String {
        "expert \(p.expert.label) → judge \(p.judge.label) (weight \(ReportNumber.number(p.weight))): \(p.rows.count) row\(p.rows.count == 1 ? "" : "s")"
    }

    /// The digest as plain text for a terminal: per dimension its counts, then
    /// each confusion pair with the rubric's text of both levels and each row's
    /// scores, rationale and note. No colour codes; text from runs, models and
    /// experts made visible (``TerminalText/visible(_:)``).
    public func renderText() -> String {
        var out = ["Disagreement digest: \(title)", "Rows: \(rowsSentence)", "Pairs ranked by quadratic weight (v_e − v_j)² / range²"]
        for d in dimensions {
            out += ["", "## \(d.name): \(countsSentence(d))"]
            if d.pairs.isEmpty { out.append("  no disagreements") }
            for p in d.pairs {
                out += ["", "### \(pairTitle(p))", "  expert's level \(p.expert.label): \(p.expert.description)"]
                out.append("  judge's level \(p.judge.label): \(p.judge.description)")
                for r in p.rows {
                    out.append("  - \(r.rowID) (expert \(ReportNumber.score(r.expert)), judge \(ReportNumber.score(r.judge)))")
                    out.append("      judge's rationale: \(r.judgeRationale ?? "—")")
                    out.append("      expert's note: \(r.expertNote ?? "—")")
                }
            }
        }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The digest as Markdown: the same content as the text and the page, every piece of outside text escaped
    /// (``HTMLEscaping/markdownCell(_:)``).
    public func renderMarkdown() -> String {
        var out = ["# Disagreement digest: \(HTMLEscaping.markdownCell(title))", ""]
        out.append(MarkdownTable(header: ["", ""], rows: ReportMarkdown.infoRows(info) + [["Rows", rowsSentence]]).rendered)
        out.append("Pairs ranked by the quadratic disagreement weight (v_e − v_j)² / (v_max − v_min)².\n")
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell(d.name))\n")
            out.append(HTMLEscaping.markdownCell(countsSentence(d)) + "\n")
            if d.pairs.isEmpty { out.append("No disagreements.\n") }
            for p in d.pairs {
                out.append("### \(HTMLEscaping.markdownCell(pairTitle(p)))\n")
                out.append(
                    MarkdownTable(
                        header: ["level", "rubric text"],
                        rows: [["expert \(p.expert.label)", p.expert.description], ["judge \(p.judge.label)", p.judge.description]]
                    ).rendered)
                out.append(MarkdownTable(header: Self.rowHeader, rows: p.rows.map(Self.cells)).rendered)
            }
        }
        return out.joined(separator: "\n")
    }

    /// `book-tags v2 on book-tags (model)`.
    var title: String {
        let rubric = (info.rubric ?? "rubric") + (info.rubricVersion.map { " v\($0)" } ?? "")
        return rubric + (info.run.map { " on \($0)" } ?? "") + (info.model.map { " (\($0))" } ?? "")
    }

    static let rowHeader = ["row", "expert", "judge", "judge's rationale", "expert's note"]

    static func cells(_ r: Row) -> [String] {
        [r.rowID, ReportNumber.score(r.expert), ReportNumber.score(r.judge), r.judgeRationale ?? "", r.expertNote ?? ""]
    }
}
