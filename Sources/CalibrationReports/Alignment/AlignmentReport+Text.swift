import AgreementCoefficients
public import Calibration
import CalibrationData
import DataFormats
import StatisticsCore

extension AlignmentReport {
    /// The report as plain text for a terminal.
    ///
    /// A header, a compact table with one line per dimension (n, exact
    /// agreement, κ_q with its interval, α, AC2, ρ, τ, verdict), then a details
    /// section per dimension. Undefined figures show
    /// "—" in the table and their reason in the details. No colour codes, and
    /// none from the data: every control character in a rationale, note, id or
    /// name is shown by ``TerminalText/visible(_:)`` (ESC as `␛`).
    public func renderText() -> String {
        var out: [String] = []
        let facts = [
            info.run.map { "run \($0)" },
            info.rubric.map { "rubric \($0)\(info.rubricVersion.map { " v\($0)" } ?? "")" },
            info.model.map { "model \($0)" }, info.dataset.map { "dataset \($0)" },
        ].compactMap { $0 }
        out.append("Alignment" + (facts.isEmpty ? "" : ": " + facts.joined(separator: " · ")))
        out.append(
            "Verdict on \(options.statistic.displayName), threshold \(ReportNumber.number(options.threshold)), \(Int((options.confidence * 100).rounded()))% intervals (\(options.intervalsName))"
        )
        out.append(contentsOf: split?.summaryLines ?? [])
        if let sentence = info.rowsNotInRunSentence { out.append(sentence) }
        out.append("")
        var table = TextTable(columns: ["dimension", "n", "exact", "κ_q [CI]", "α", "AC2", "ρ", "τ", "verdict"])
        for d in dimensions {
            let more = (d.verdict.figures.additionalRowsNeeded.map { " (+\($0) rows)" } ?? "") + (d.sequentialLook.map { ", \($0.summary)" } ?? "")
            table.append([
                d.name, String(d.counts.paired), ReportNumber.value(d.exactAgreement), ReportNumber.withInterval(d.cohenKappa.quadratic),
                ReportNumber.value(d.krippendorffAlphaOrdinal), ReportNumber.value(d.gwetAC2), ReportNumber.value(d.spearman),
                ReportNumber.value(d.kendallTauB), d.verdict.outcome.rawValue + more,
            ])
        }
        out.append(table.rendered())
        if let table = originTable {
            var byOrigin = TextTable(columns: table.header)
            table.rows.forEach { byOrigin.append($0) }
            out.append(contentsOf: ["", Self.originTableTitle + ":", byOrigin.rendered()])
        }
        if let sampling {
            out.append("")
            out.append("Sampling: \(sampling.summary).")
        }
        if let note = earlierLooksNote { out.append("Note: \(note)") }
        if !exampleRows.isEmpty {
            out.append("")
            out.append(
                "Worked-example rows \(exampleRowsIncluded ? "included in" : "left out of") the figures: \(exampleRows.joined(separator: ", "))"
            )
        }
        for d in dimensions {
            out.append("")
            out.append(contentsOf: d.detailLines())
        }
        out.append("")
        out.append(
            "Halo (first-eigenvalue share λ₁/d, judge − expert): \(ReportNumber.withInterval(halo.shareDifference, withReason: true))"
                + (halo.shareDifference.value == nil
                    ? ""
                    : " (judge \(ReportNumber.value(halo.judge.firstEigenvalueShare)), expert \(ReportNumber.value(halo.expert.firstEigenvalueShare)), n = \(halo.shareDifference.n))")
        )
        // Rationales, notes, ids and names come from runs, models and experts:
        // no control character of theirs reaches the terminal.
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }
}

extension DimensionAlignment {
    /// The details section of one dimension.
    func detailLines() -> [String] {
        let c = counts
        var lines = ["## \(name)" + (scale.map { " (scale \($0))" } ?? " (no declared scale)")]
        lines.append(
            "rows: \(c.rowsInRun) in run, \(c.labelled) labelled, \(c.judged) judged, \(c.judgeFailures) judge failures, \(c.labelledNotJudged) labelled but not judged, \(c.judgedNotLabelled) judged but not labelled, \(c.excludedAsExamples) excluded as examples, \(c.paired) paired"
        )
        if expertAggregation.rowsWithSeveralRaters > 0 {
            lines.append(
                "expert value: mean of raters (\(expertAggregation.raters.joined(separator: ", "))); rows with several raters: \(expertAggregation.rowsWithSeveralRaters)"
            )
        }
        if let rounding { lines.append("note: \(rounding.note)") }
        var figures: [(String, Estimate)] = []
        if scale == nil {
            lines.append("category statistics: — (\(cohenKappa.quadratic.undefinedReason?.message ?? "no scale"))")
        } else {
            figures = [
                ("exact agreement", exactAgreement), ("within one", withinOne), ("kappa (unweighted)", cohenKappa.unweighted),
                ("kappa (linear)", cohenKappa.linear), ("kappa (quadratic)", cohenKappa.quadratic),
                ("alpha (ordinal)", krippendorffAlphaOrdinal), ("AC2 (quadratic)", gwetAC2),
            ]
        }
        figures += [("Pearson r", pearson), ("Spearman rho", spearman), ("Kendall tau-b", kendallTauB)]
        for (label, estimate) in figures { lines.append("\(label): \(ReportNumber.withInterval(estimate, withReason: true))") }
        if let grouped {
            for (label, g) in [("Pearson r", grouped.pearson), ("Spearman rho", grouped.spearman), ("Kendall tau-b", grouped.kendallTauB)] {
                lines.append(
                    "per-group \(label): \(ReportNumber.withInterval(g.estimate, withReason: true)) over \(g.estimate.n) groups, \(g.skippedGroups) of \(g.groups) skipped"
                )
            }
        }
        let biasSE = bias.standardError.map { " ± \(ReportNumber.number($0)) SE" } ?? ""
        lines.append("bias (judge − expert): \(ReportNumber.withInterval(bias, withReason: true))\(biasSE)")
        lines.append(
            "spread: judge mean \(ReportNumber.value(spread.judge.mean)) sd \(ReportNumber.value(spread.judge.standardDeviation)); expert mean \(ReportNumber.value(spread.expert.mean)) sd \(ReportNumber.value(spread.expert.standardDeviation))"
        )
        if let fit = recalibration.fit, let slope = fit.slopes.first {
            lines.append(
                "recalibration: expert ≈ \(ReportNumber.number(fit.intercept)) + \(ReportNumber.number(slope))·judge, R² \(ReportNumber.number(fit.rSquared))"
            )
        } else {
            lines.append("recalibration: — (\(recalibration.undefinedReason?.message ?? "no fit"))")
        }
        if let confusionMatrix {
            lines.append("confusion (rows expert, columns judge):")
            var table = TextTable(columns: ["expert\\judge"] + confusionMatrix.labels)
            for (label, row) in zip(confusionMatrix.labels, confusionMatrix.counts) { table.append([label] + row.map(String.init)) }
            lines.append(table.rendered())
        }
        if let h = humanCeiling {
            lines.append(
                "human ceiling (\(h.firstRater) vs \(h.secondRater), one rater against one, n = \(h.n)): kappa (quadratic) \(ReportNumber.withInterval(h.quadraticKappa, withReason: true)), exact \(ReportNumber.value(h.exactAgreement)), \(h.statistic.displayName) \(ReportNumber.withInterval(h.statisticEstimate, withReason: true))"
            )
            if let sentence = h.singleRaterSentence { lines.append(sentence) }
        }
        if !worstDisagreements.isEmpty {
            lines.append("worst disagreements:")
            for w in worstDisagreements {
                lines.append(
                    "  \(w.rowID): judge \(ReportNumber.score(w.judge)), expert \(ReportNumber.score(w.expert)) (|Δ| \(ReportNumber.score(w.difference)))"
                )
                if let r = w.judgeRationale { lines.append("    judge: \(r)") }
                if let n = w.expertNote { lines.append("    expert: \(n)") }
            }
        }
        lines.append("verdict: \(verdict.outcome.rawValue) — \(verdict.reason)")
        return lines
    }
}

extension DimensionAlignment.HumanCeiling {
    /// The judge against one rater at a time, set beside the one-against-one
    /// ceiling, and which comparison each figure is; `nil` in older reports.
    var singleRaterSentence: String? {
        guard let single = judgeVersusSingleRaters else { return nil }
        return
            "judge against one rater at a time, like the ceiling (n = \(single.n)): \(statistic.displayName) vs \(firstRater) \(ReportNumber.value(judgeVersusFirstRater ?? single)), vs \(secondRater) \(ReportNumber.value(judgeVersusSecondRater ?? single)), mean \(ReportNumber.withInterval(single, withReason: true)); the dimension's other figures compare the judge with the mean of the raters, which averaging alone can raise above the ceiling"
    }
}
