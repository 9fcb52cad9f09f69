public import Calibration
import CalibrationData
import DataFormats
import StatisticsCore

extension JudgeTable {
    /// The table as plain text for a terminal: per dimension every judge's and panel's n, failures,
    /// verdict statistic with its interval and verdict, whether it could replace a rater (the
    /// alternative annotator test's winning rate ω, "passes" at ω ≥ 0.5, or "—" when refused), the panels not formed, and the ranking on the
    /// common rows with the differences from the best and their raw and Holm-adjusted p-values; then
    /// each judge's and panel's own report (``AlignmentReport/renderText()``). Every control character
    /// from the data is shown by ``TerminalText/visible(_:)``.
    public func renderText() -> String {
        let symbol = options.statistic.symbol
        var out = [
            "Several judges: \(judges.filter { $0.panel == nil }.map(\.name).joined(separator: ", "))"
                + " and \(judges.count { $0.panel != nil }) panel(s)",
            "Verdict on \(options.statistic.displayName), threshold \(ReportNumber.number(options.threshold)), "
                + "\(Int((options.confidence * 100).rounded()))% intervals (\(options.intervalsName))",
        ]
        for d in dimensions {
            out += ["", "## \(d.name)"]
            var table = TextTable(
                columns: ["judge", "n", "no score", "\(symbol) [CI]", "verdict", "replaces a rater"], rightAligned: [1, 2])
            for row in d.rows {
                let test = reports[row.judge]?.dimensions.first { $0.name == d.name }?.alternativeAnnotatorTest
                table.append([
                    row.judge, String(row.n), String(row.judgeFailures), ReportNumber.withInterval(row.statisticEstimate),
                    row.verdict.rawValue,
                    test?.winningRate.map { "ω \(ReportNumber.number($0))\(test?.passes == true ? ", passes" : "")" } ?? "—",
                ])
            }
            out.append(table.rendered())
            out += d.panelsNotFormed.map { "\($0.panel.entryName) not formed: \($0.reason)" }
            if let model = d.dawidSkene {
                out.append(
                    "panel-dawid-skene: EM \(model.converged ? "converged" : "stopped without converging") after \(model.iterations) iteration(s)")
            }
            out.append(contentsOf: d.ranking.textLines(symbol: symbol))
        }
        for entry in judges {
            guard let report = reports[entry.name] else { continue }
            out += ["", "════ \(entry.panel == nil ? "judge" : "panel") \(entry.name)" + (entry.file.map { " (\($0))" } ?? ""), ""]
            out.append(report.renderText())
        }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }
}

extension JudgeTable.Ranking {
    /// The ranking's lines: how many common rows, the test, one line per entry, and the panels left out.
    func textLines(symbol: String) -> [String] {
        var lines = ["Ranking on \(commonRows) common row(s) (every judge scored them, the experts give a value):"]
        if let reason = undefinedReason {
            return lines + ["  none: \(reason.message)"]
        }
        lines.append("  \(test)")
        var table = TextTable(columns: ["rank", "judge", symbol, "best − judge [CI]", "p", "Holm p"], rightAligned: [0, 2, 4, 5])
        for (i, entry) in entries.enumerated() {
            table.append([
                String(i + 1), entry.judge, ReportNumber.value(entry.statistic),
                entry.differenceFromBest.map { ReportNumber.withInterval($0) } ?? "best", ReportNumber.number(entry.pValue),
                ReportNumber.number(entry.holmAdjustedPValue),
            ])
        }
        lines.append(table.rendered())
        lines += panelsLeftOut.sorted { $0.key < $1.key }.map { "\($0.key) left out of the ranking: no score on \($0.value) common row(s)" }
        return lines
    }
}
