import AgreementCoefficients
public import Calibration
import CalibrationData
import DataFormats
import StatisticsCore

extension RubricComparison {
    /// The comparison as plain text for a terminal.
    ///
    /// Each side's failures (and how they compare), one line per dimension (n,
    /// the statistic under each side, the difference with its paired interval,
    /// the verdict, McNemar's discordant counts and p-value, or "—" and why
    /// there is no test), then per dimension the slices, the worst
    /// disagreements with what was judged (each input and output cut to
    /// ``textExcerpt`` characters), and the first ``flippedShown`` flipped rows with
    /// the count of the rest: a terminal is not the place for whole source
    /// articles or hundreds of rows, which the JSON report keeps. No colour codes.
    public func renderText() -> String {
        var out = ["Comparison: control \(controlName) vs experimental \(experimentalName)", intervalsSentence]
        out.append(contentsOf: split?.summaryLines ?? [])
        if let sentence = info.rowsNotInRunSentence { out.append(sentence) }
        if let sentence = info.cancelledSentence { out.append(sentence) }
        out += failureLines.map { "  " + $0 }
        out.append("")
        var table = TextTable(columns: summaryHeader)
        summaryRows.forEach { table.append($0) }
        out.append(table.rendered())
        for d in dimensions {
            if let reason = d.undefinedReason {
                out += ["", "## \(d.name): not compared — \(reason.message)"]
                continue
            }
            out += ["", "## \(d.name): \(verdictSentence(d))", mcnemarSentence(d)]
            if !d.slices.isEmpty {
                var slices = TextTable(columns: sliceHeader)
                sliceRows(d).forEach { slices.append($0) }
                out += ["Per \(groupedBy ?? "group"):", slices.rendered()]
            }
            if !d.worstDisagreements.isEmpty { out.append("Worst disagreements:") }
            for r in d.worstDisagreements {
                out.append(
                    "  \(r.rowID): expert \(ReportNumber.score(r.expert)), control \(ReportNumber.score(r.control)), experimental \(ReportNumber.score(r.experimental))"
                )
                out.append("    control's rationale: \(r.controlRationale ?? "—")")
                out.append("    experimental's rationale: \(r.experimentalRationale ?? "—")")
                out.append("    expert's note: \(r.expertNote ?? "—")")
                if let judged = r.judged {
                    out += ["    input: \(Self.excerpt(judged.input))", "    output: \(Self.excerpt(judged.output))"]
                }
            }
            if !d.flipped.isEmpty { out.append("\(d.flipped.count) rows flipped:") }
            for f in d.flipped.prefix(Self.flippedShown) {
                out.append(
                    "  \(f.rowID): \(f.direction.rawValue) (expert \(ReportNumber.score(f.expert)), control \(ReportNumber.score(f.control)), experimental \(ReportNumber.score(f.experimental)))"
                )
            }
            if d.flipped.count > Self.flippedShown {
                out.append("  … and \(d.flipped.count - Self.flippedShown) more (every flipped row is in the JSON report)")
            }
        }
        // Rationales, notes, ids and names come from runs, models and experts:
        // no control character of theirs reaches the terminal.
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The most characters of a judged input or output the text shows.
    public static let textExcerpt = 400
    /// The most flipped rows the text lists per dimension.
    public static let flippedShown = 20

    /// `text` cut to ``textExcerpt`` characters, with how many more there are.
    package static func excerpt(_ text: String) -> String {
        guard text.count > textExcerpt else { return text }
        return "\(text.prefix(textExcerpt))… (\(text.count - textExcerpt) more characters in the JSON report)"
    }

    /// What the intervals are.
    var intervalsSentence: String {
        "\(options.statistic.displayName), \(Int((options.confidence * 100).rounded()))% intervals; difference = experimental − control, \(differenceIntervalName)"
    }

    /// How the difference's interval is formed: "jackknife t" by default, else the paired bootstrap's reading.
    public var differenceIntervalName: String {
        switch options.intervals {
        case .analytic?, .t?, nil: "jackknife t over the paired rows"
        case .bootstrap?: "paired bootstrap (percentile)"
        case .bca?: "paired bootstrap (BCa)"
        }
    }

    /// Each side's failures, and how they compare.
    var failureLines: [String] {
        ["Failures: control \(controlFailures.summary); experimental \(experimentalFailures.summary)"]
            + (failureComparison.map { ["Note: \($0)"] } ?? [])
    }

    /// McNemar's test in a sentence, as every rendering shows it, or "—" with why there is none.
    public func mcnemarSentence(_ d: DimensionComparison) -> String {
        guard let test = d.mcnemar else { return "McNemar: — (\(d.noTestReason ?? "no test"))" }
        return
            "McNemar (\(test.method.rawValue)): \(d.controlOnlyExact) rows only the control matched, \(d.experimentalOnlyExact) only the experimental; p = \(ReportNumber.number(test.pValue))"
    }

    /// The verdict with the difference it rests on.
    public func verdictSentence(_ d: DimensionComparison) -> String {
        "\(d.verdict.outcome.rawValue) (difference \(ReportNumber.withInterval(d.difference, withReason: true)))"
    }

    var summaryHeader: [String] {
        ["dimension", "paired", "control", "experimental", "difference [CI]", "verdict", "McNemar (ctl/exp only, p)"]
    }

    var summaryRows: [[String]] {
        dimensions.map { d in
            [
                d.name, String(d.paired), ReportNumber.withInterval(d.control), ReportNumber.withInterval(d.experimental),
                ReportNumber.withInterval(d.difference), d.verdict.outcome.rawValue,
                d.mcnemar.map { "\(d.controlOnlyExact)/\(d.experimentalOnlyExact), p \(ReportNumber.number($0.pValue))" } ?? "—",
            ]
        }
    }

    var sliceHeader: [String] { [groupedBy ?? "group", "paired", "control", "experimental", "difference [CI]", "verdict"] }

    func sliceRows(_ d: DimensionComparison) -> [[String]] {
        d.slices.map {
            [
                $0.group, String($0.paired), ReportNumber.withInterval($0.control), ReportNumber.withInterval($0.experimental),
                ReportNumber.withInterval($0.difference), $0.verdict.outcome.rawValue,
            ]
        }
    }
}
