import AgreementCoefficients
public import Calibration
import CalibrationData
import DataFormats
import StatisticsCore

extension AlignmentReport {
    /// The report as plain text for a terminal.
    ///
    /// A header, a compact table with one line per dimension (n, exact
    /// agreement, the verdict statistic with its interval, α, AC2, ρ, τ, verdict), then a details
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
            "Verdict on \(options.statistic.displayName), threshold \(thresholdText), \(Int((options.confidence * 100).rounded()))% intervals (\(options.intervalsName))"
        )
        out.append(contentsOf: split?.summaryLines ?? [])
        if let sentence = info.rowsNotInRunSentence { out.append(sentence) }
        if let sentence = info.cancelledSentence { out.append(sentence) }
        if let degenerate = degenerateJudge { out.append("warning: \(degenerate.message)") }
        out.append("")
        // The interval column is the verdict's statistic (unweighted kappa's once showed κ_q).
        var table = TextTable(columns: ["dimension", "n", "exact", "\(options.statistic.symbol) [CI]", "α", "AC2", "ρ", "τ", "verdict"])
        for d in dimensions {
            let more = (d.verdict.figures.additionalRowsNeeded.map { " (+\($0) rows)" } ?? "") + (d.sequentialLook.map { ", \($0.summary)" } ?? "")
            table.append([
                d.name, String(d.counts.paired), ReportNumber.value(d.exactAgreement), ReportNumber.withInterval(d.statisticEstimate),
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
        if dimensions.contains(where: \.showsAlternativeAnnotatorTest) {
            out.append("")
            if let pooled = alternativeAnnotatorTest { out.append(pooled.line) }
            out.append(AlternativeAnnotatorTest.epsilonGuidance)
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
        if let sentence = expertAggregation.sentence { lines.append(sentence) }
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
            if let system = grouped.systemLevel {
                lines.append(
                    "system level (each group's means, correlated across \(system.groups) groups): Spearman rho \(ReportNumber.withInterval(system.spearman, withReason: true)), Kendall tau-b \(ReportNumber.withInterval(system.kendallTauB, withReason: true))"
                )
            }
            lines.append(contentsOf: grouped.sliceLines(statistic: statistic))
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
            lines.append(contentsOf: confusionMatrix.levelLines)
        }
        if let h = humanCeiling, let raters = raterTable {
            lines.append(h.summarySentence)
            var table = TextTable(columns: raters.header)
            raters.rows.forEach { table.append($0) }
            lines.append(table.rendered())
            lines.append(contentsOf: h.notes(threshold: verdict.figures.threshold))
        } else if let sentence = noCeilingSentence {
            lines.append(sentence)
        }
        lines.append(contentsOf: raterSentences)
        if showsAlternativeAnnotatorTest, let test = alternativeAnnotatorTest { lines.append(contentsOf: test.lines) }
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

extension AlignmentStatistic {
    /// The statistic's symbol for a table's column: κ_q, κ_l, κ, α_ord, AC2, ρ, τ_b, r.
    var symbol: String {
        switch self {
        case .quadraticKappa: "κ_q"
        case .linearKappa: "κ_l"
        case .kappa: "κ"
        case .alphaOrdinal: "α_ord"
        case .ac2: "AC2"
        case .spearman: "ρ"
        case .kendall: "τ_b"
        case .pearson: "r"
        }
    }
}

extension DimensionAlignment {
    /// Whether the text shows the alternative annotator test: with two raters or more, where a reader
    /// could expect it (with one rater per row its refusal would only repeat itself on every dimension).
    var showsAlternativeAnnotatorTest: Bool {
        alternativeAnnotatorTest != nil && expertAggregation.raters.count >= 2
    }

    /// With two raters or more but no row two of them labelled, why there is no ceiling; `nil` otherwise.
    var noCeilingSentence: String? {
        humanCeiling == nil && expertAggregation.raters.count >= 2
            ? "human ceiling: — (\(expertAggregation.raters.count) raters, but no two labelled a common row)" : nil
    }
}

extension DimensionAlignment.ConfusionMatrix {
    /// Where the judge fails by level: for each level the judge gave, how the experts placed those
    /// rows ("judge 2 (12 rows): experts 1 8%, 2 25%, 4 42%, 5 25%"), and for each expert level how the
    /// judge placed them. Levels with no row are left out; shares are of the level's rows.
    var levelLines: [String] {
        let k = labels.count
        func shares(_ counts: [Int]) -> String {
            let total = counts.reduce(0, +)
            return zip(labels, counts).filter { $0.1 > 0 }.map { label, count in
                let percent = Int((100 * Double(count) / Double(total)).rounded())
                return "\(label) \(percent == 0 ? "<1" : String(percent))%"
            }.joined(separator: ", ")
        }
        var lines: [String] = []
        for j in 0..<k {
            let column = counts.map { $0.indices.contains(j) ? $0[j] : 0 }
            let total = column.reduce(0, +)
            if total > 0 { lines.append("  judge \(labels[j]) (\(total) row\(total == 1 ? "" : "s")): experts \(shares(column))") }
        }
        for (i, row) in counts.enumerated() where i < k {
            let total = row.reduce(0, +)
            if total > 0 { lines.append("  experts \(labels[i]) (\(total) row\(total == 1 ? "" : "s")): judge \(shares(row))") }
        }
        return lines.isEmpty ? [] : ["by level (shares of each level's rows):"] + lines
    }
}

extension DimensionAlignment.GroupedCorrelations {
    /// The verdict's statistic per group, worst first (at most ``shownSlices``, the rest counted), each
    /// marked when the judge does no better than chance there.
    func sliceLines(statistic: AlignmentStatistic) -> [String] {
        guard let slices, !slices.isEmpty else { return [] }
        let ordered = slices.sorted { ($0.statisticEstimate.value ?? .infinity, $0.group) < ($1.statisticEstimate.value ?? .infinity, $1.group) }
        let chance = slices.count(where: \.noBetterThanChance)
        var lines = [
            "\(statistic.displayName) per group, worst first (\(slices.count) groups\(chance > 0 ? ", \(chance) no better than chance, marked *" : "")):"
        ]
        var table = TextTable(columns: ["group", "n", statistic.displayName])
        for slice in ordered.prefix(Self.shownSlices) {
            table.append([
                slice.group + (slice.noBetterThanChance ? " *" : ""), String(slice.n),
                ReportNumber.withInterval(slice.statisticEstimate, withReason: true),
            ])
        }
        lines.append(table.rendered())
        if slices.count > Self.shownSlices { lines.append("… and \(slices.count - Self.shownSlices) more groups (all in the JSON report)") }
        return lines
    }

    /// The most groups the text lists.
    static let shownSlices = 10
}

extension AlignmentReport {
    /// The threshold as the header gives it: the number, or F × the experts' agreement when it was set per dimension.
    var thresholdText: String {
        options.thresholdFromCeiling.map { "\(ReportNumber.number($0)) × the experts' mean pair agreement, per dimension" }
            ?? ReportNumber.number(options.threshold)
    }
}

extension DimensionAlignment.ExpertAggregation {
    /// "expert value: majority of raters (the default on this scale; a, b, c); rows with several
    /// raters: 40; 3 rows without a majority, not paired": how the raters were combined, when any
    /// row had several (`nil` otherwise, since one rater's label is the expert value whatever the method).
    var sentence: String? {
        if method == "each-rater" {
            let other = otherFigures.map { String($0.dropLast("-of-raters".count)) } ?? "mean"
            return "expert value: each rater alone for the verdict (as asked; \(raters.joined(separator: ", "))); the other figures "
                + "on the \(other) of raters; rows with several raters: \(rowsWithSeveralRaters)"
        }
        guard rowsWithSeveralRaters > 0 || (rowsWithoutMajority ?? 0) > 0 else { return nil }
        let how = method.hasSuffix("-of-raters") ? String(method.dropLast("-of-raters".count)) : method
        let why = chosen == "default" ? "the default on this scale; " : chosen == "asked" ? "as asked; " : ""
        var text = "expert value: \(how) of raters (\(why)\(raters.joined(separator: ", "))); rows with several raters: \(rowsWithSeveralRaters)"
        if let none = rowsWithoutMajority, none > 0 {
            text += "; \(none) labelled row\(none == 1 ? "" : "s") without a majority (the raters' most frequent labels tie), not paired"
        }
        return text
    }
}

extension DimensionAlignment.HumanCeiling {
    /// "human ceiling, one rater against one (3 raters, 3 pairs): quadratic-weighted kappa min …,
    /// mean …, max …": the pairs summarised, each pair named when there are at most six.
    var summarySentence: String {
        let counts = "\(raters.count) raters, \(pairs.count) pair\(pairs.count == 1 ? "" : "s")"
        guard let summary else {
            return "human ceiling, one rater against one (\(counts)): \(statistic.displayName) undefined for every pair (\(pairs.first?.statisticEstimate.undefinedReason?.message ?? "no value"))"
        }
        let range =
            pairs.count == 1
            ? ReportNumber.withInterval(pairs[0].statisticEstimate, withReason: true)
            : "min \(ReportNumber.number(summary.minimum)), mean \(ReportNumber.number(summary.mean)), max \(ReportNumber.number(summary.maximum))"
        let each =
            pairs.count <= 6
            ? "; " + pairs.map { "\($0.firstRater) vs \($0.secondRater) \(ReportNumber.value($0.statisticEstimate)) (n = \($0.n))" }.joined(separator: ", ")
            : ""
        return "human ceiling, one rater against one (\(counts)): \(statistic.displayName) \(range)\(each)"
    }

    /// The judge against one rater at a time beside the ceiling; the raters who agree with nobody;
    /// and a threshold above every pair of experts.
    func notes(threshold: Double) -> [String] {
        var notes = [
            "judge against one rater at a time, like the ceiling: mean \(ReportNumber.withInterval(judgeVersusSingleRaters, withReason: true)) over \(raters.count) raters; the dimension's other figures compare the judge with the raters combined, which alone can raise them above the ceiling"
        ]
        if let unanimous = judgeOnUnanimousRows {
            notes.append(
                "judge on the \(unanimous.n) rows where every rater (two or more) gave the same label: \(statistic.displayName) \(ReportNumber.withInterval(unanimous, withReason: true))"
            )
        }
        if let majority = judgeOnMajorityRows {
            notes.append(
                "judge on the \(majority.n) rows of three raters or more where more than half gave one label, against that label: \(statistic.displayName) \(ReportNumber.withInterval(majority, withReason: true))"
            )
        }
        let loners = raters.filter(\.agreesWithNobody).map(\.rater)
        if !loners.isEmpty, loners.count == raters.count {
            notes.append("no two raters agree beyond chance (no pair lies above 0, the error shared among each rater's pairs): the experts give no ceiling to measure a judge against")
        } else if !loners.isEmpty {
            notes.append(
                "* \(loners.joined(separator: ", ")) \(loners.count == 1 ? "agrees" : "agree") with no other rater beyond chance (no pair lies above 0, the error shared among the rater's pairs): check \(loners.count == 1 ? "this rater's" : "these raters'") labels before trusting the ceiling or the combined expert value"
            )
        }
        if let summary, summary.maximum < threshold {
            notes.append(
                "the threshold \(ReportNumber.number(threshold)) is above every pair of experts (best pair \(ReportNumber.number(summary.maximum))): the judge would have to agree with the experts better than any two of them agree with each other"
            )
        }
        return notes
    }
}
