import Calibration
import CalibrationData
import DataFormats
import Foundation
public import JudgeProbes
import RunInference
import StatisticsCore

extension ProbeReport {
    /// One line per figure a reader needs first: the placebo's noise and how the verdicts were
    /// reached, shared by every rendering.
    var headline: [String] {
        var lines = [
            "bias probes on \(run) with \(rubric), judge \(model): \(rows) rows, response probes rewrite \(field)",
            "placebo (the unchanged rows judged again with fresh calls): "
                + placebo.dimensions.map { "\($0.dimension) moved \($0.changed) of \($0.rows)" }.joined(separator: ", "),
        ]
        if placebo.isDeterministic {
            lines.append(
                "the judge is deterministic here: it gave the same reply again on all \(placebo.rowsCompared) rows, so every "
                    + "score a probe moved, it moved by itself")
        }
        let unchanged = probesLeftOut.filter { degradationsLeftOut[$0] == nil }
        if !unchanged.isEmpty {
            lines.append("left out, as they changed no row: " + unchanged.joined(separator: ", "))
        }
        let inapplicable = probesLeftOut.compactMap { name in
            degradationsLeftOut[name].map { reasons in
                name + " (" + reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
            }
        }
        if !inapplicable.isEmpty {
            lines.append("left out, as they could apply to no row: " + inapplicable.joined(separator: ", "))
        }
        let tests = probes.reduce(0) { $0 + $1.dimensions.count { $0.shift.pValue != nil } }
        lines.append(
            "verdicts: the shift's exact sign-flip test, Tarone–Holm's correction over \(tests) tests (probes × dimensions), "
                + "family-wise α = \(alpha.plainText); intervals \(Int((intervalLevel * 100).rounded()))%")
        return lines
    }

    /// The cells of one row of the figures table: probe, dimension, rows, shift with interval,
    /// p, Tarone–Holm-adjusted p, rows moved by the probe and by the placebo, verdict.
    static func cells(_ probe: ProbeResult, _ d: ProbeDimensionResult) -> [String] {
        let share = d.changedShare
        return [
            TerminalText.visible(probe.name), TerminalText.visible(d.dimension), String(d.shift.estimate.n), ReportNumber.withInterval(d.shift.estimate),
            ReportNumber.number(d.shift.pValue), ReportNumber.number(d.adjustedPValue),
            "\(share.changed)/\(share.rows)", "\(share.placeboChanged)/\(share.rows)",
            "p=\(ReportNumber.number(share.test.pValue))", d.verdict.outcome.rawValue,
        ]
    }

    /// The figures table's column titles.
    static let columns = [
        "probe", "dimension", "rows", "shift [CI]", "p", "p (adjusted)", "moved", "placebo moved", "moved vs placebo", "verdict",
    ]

    /// The report as plain text for a terminal, every text from the run or the judge made visible
    /// (``TerminalText``).
    public func renderText() -> String {
        var table = TextTable(columns: Self.columns, rightAligned: [2, 4, 5], ruled: true)
        for probe in probes {
            for d in probe.dimensions { table.append(Self.cells(probe, d)) }
        }
        // The run's and rubric's names in the headline and a probe file's name, summary and expectation are
        // data too: a name holding ESC once reached the terminal raw.
        var out = headline.map(TerminalText.visible) + ["", table.rendered(), ""]
        for probe in probes {
            out.append(TerminalText.visible("\(probe.name): \(probe.verdict.outcome.rawValue) — \(probe.verdict.reason)"))
            out.append(
                TerminalText.visible(
                    "  \(probe.summary); \(probe.rowsProbed) rows probed, \(probe.rowsUnchanged) left as they were, "
                        + "\(probe.failures) failed; expected: \(probe.expectation)"))
            if let note = probe.degradationNote { out.append(TerminalText.visible("  " + note)) }
            for row in probe.mostAffected {
                out.append(
                    "  \(TerminalText.visible(row.id)) \(row.dimension) \(ReportNumber.score(row.unchangedScore)) → "
                        + "\(ReportNumber.score(row.probedScore))\(row.note.map { " (\(TerminalText.visible($0)))" } ?? ""): "
                        + TerminalText.visible(row.rationale))
            }
        }
        out.append("")
        out.append("worst verdict: \(worstOutcome.rawValue)")
        return out.joined(separator: "\n")
    }
}

extension ProbeResult {
    /// For a degradation, what it should lower and how grave missing it is, and the rows it could not apply to
    /// by reason ("a severe degradation: should lower Relevance; 14 rows left out (one-part)"); `nil` for an
    /// invariance probe. The text, Markdown and HTML reports say it alike.
    var degradationNote: String? {
        guard let lowers else { return nil }
        let leftOut = leftOut.sorted { $0.key < $1.key }.map { "\($0.value) left out (\($0.key))" }
        return "a \(severity ?? "moderate") degradation: should lower \(lowers.joined(separator: ", "))"
            + (leftOut.isEmpty ? "" : "; rows " + leftOut.joined(separator: ", "))
    }
}
