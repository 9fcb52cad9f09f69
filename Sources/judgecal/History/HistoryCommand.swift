import CalibrationMaps
import CalibrationReports
import CommandLineParsing
import DataFormats
import Foundation

/// `judgecal history [--history FILE]`: the history's figures over time, each series' latest point against control
/// limits from its earlier points, with an exit code a CI job can gate on.
enum HistoryCommand {
    static let history = OptionKey<String>(
        "history", valueName: "file", help: "The history file to read.", defaultValue: "calibration/history.jsonl")
    static let dimension = OptionKey<String?>("dimension", valueName: "name", help: "Only this dimension's series.")
    static let judge = OptionKey<String?>("judge", valueName: "model", help: "Only this judge model's series.")
    static let alpha = OptionKey<Double>(
        "alpha", valueName: "α", help: "The limits' level is 1 − α (0 < α < 1).", defaultValue: 0.05)
    static let report = OptionKey<String?>(
        "report", valueName: "file", help: "Also write the trend: .html a page with a plot per series, .md Markdown, else JSON.")
    static let json = Flag("json", help: "Print the trend as JSON.")

    static let command = Command(
        name: "history",
        abstract: "The history's figures over time, and whether the latest look has drifted outside its control limits.",
        discussion: """
            Reads the history (--history, calibration/history.jsonl by default; its chain checked) and forms series: per \
            judge model, rubric and dimension the alignment's verdict statistic and the judge's own mean score on the \
            paired rows at each look (align, trust's and calibrate's lines aside), and per calibration and dimension its audits' mean residual (judgecal audit). \
            Each point's standard error is read from its interval. The latest point of each series is set against \
            control limits from the earlier ones: their random-effects mean (DerSimonian–Laird) ± t · √(τ² + its \
            variance + the point's own), t on k − 2 degrees of freedom for k earlier points, at least 3 \
            (docs/CALIBRATION-MAPS.md, "Drift"). --dimension and --judge keep one dimension's or one judge's \
            series; --report writes the trend (.html with a plot per series, .md, else JSON). \
            Exit codes: 0 every series with limits is inside them; 2 some latest point is outside (drift); 3 no series \
            has points enough for limits; 64 usage; 65 a history that does not read, or holds no alignment or audit; \
            66 no history file; 73 output folder missing.
            """,
        options: [history, dimension, judge, alpha, report],
        flags: [json],
        run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = try arguments[history], reportPath = try arguments[report]
        let level = try arguments[alpha]
        guard level > 0, level < 1 else { throw UsageError("--alpha \(level.plainText) is not between 0 and 1") }
        try InputFiles.refuseOverwriting([("report", reportPath)], inputs: [path])
        if let reportPath { try StagedOutputs.check(reportPath, role: "report") }
        let url = try InputFiles.existing(path, role: "history")
        let trend = try HistoryTrend(historyAt: url, alpha: level, dimension: try arguments[dimension], judge: try arguments[judge])
        guard !trend.series.isEmpty else {
            let filter = [try arguments[dimension].map { "dimension \($0)" }, try arguments[judge].map { "judge \($0)" }].compactMap { $0 }
            throw InputError(
                file: InputFile.displayName(url),
                message: "holds no alignment or audit line" + (filter.isEmpty ? "" : " of \(filter.joined(separator: " and "))")
                    + "; align or audit a judge first (docs/CALIBRATION-MAPS.md, \"Drift\")")
        }
        if let reportPath { try StagedOutputs.writeAllOrNone([trend.file(at: reportPath)]) }
        console.print(arguments[json] ? try trend.renderJSON() : trend.renderText())
        return VerdictExitCodes.code(for: trend.outcome)
    }
}
