import AgreementStatistics
import DataFormats

extension RubricComparison {
    /// The comparison as plain text for a terminal.
    ///
    /// One line per dimension (n, the statistic
    /// under each rubric, the difference with its paired interval, McNemar's
    /// discordant counts and p-value), then the flipped rows. No colour codes.
    public func renderText() -> String {
        var out = ["Rubric comparison: control \(controlName) vs experimental \(experimentalName)"]
        out.append(
            "\(options.statistic.displayName), \(Int((options.level * 100).rounded()))% intervals; difference = experimental − control, paired bootstrap"
        )
        out.append(contentsOf: split?.summaryLines ?? [])
        out.append("")
        var table = TextTable(columns: ["dimension", "n", "control", "experimental", "difference [CI]", "McNemar (ctl/exp only, p)"])
        for d in dimensions {
            let test = d.mcnemar.map { "\(d.controlOnlyExact)/\(d.experimentalOnlyExact), p \(ReportNumber.number($0.pValue))" } ?? "—"
            table.append([
                d.name, String(d.paired), ReportNumber.withInterval(d.control), ReportNumber.withInterval(d.experimental),
                ReportNumber.withInterval(d.difference), test,
            ])
        }
        out.append(table.rendered())
        for d in dimensions {
            if let reason = d.undefinedReason {
                out.append("")
                out.append("## \(d.name): not compared — \(reason.message)")
                continue
            }
            guard !d.flipped.isEmpty else { continue }
            out.append("")
            out.append("## \(d.name): \(d.flipped.count) rows flipped")
            for f in d.flipped {
                out.append(
                    "  \(f.rowID): \(f.direction.rawValue) (expert \(ReportNumber.score(f.expert)), control \(ReportNumber.score(f.control)), experimental \(ReportNumber.score(f.experimental)))"
                )
            }
        }
        // Rationales, notes, ids and names come from runs, models and experts:
        // no control character of theirs reaches the terminal.
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }
}
