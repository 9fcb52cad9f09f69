import Calibration
import CommandLineParsing
import EvaluationCore
import Foundation
import Judging
import LanguageModels

/// `judgecal align RUN --rubric R --labels FILE…`: judge (from the cache) and
/// measure agreement with the experts, with a verdict a CI job can gate on.
enum AlignCommand {
    /// The verdict exit codes: the worst verdict over the dimensions decides.
    static let notAligned = ExitCode(2)
    static let inconclusive = ExitCode(3)
    static let undefined = ExitCode(4)

    static let labelOptions: [Option] = [
        Option("labels", valueName: "file", help: "Expert label sheets (.labels.csv); several merge their raters.", arity: .upToNextOption, required: true),
    ]

    static let labelFlags: [Flag] = [
        Flag("means", help: "Labels are means of several experts (such as SummEval's thirds): any value within the scale is accepted."),
        Flag("json", help: "Print the report as JSON (schema in docs/FORMATS.md)."),
    ]

    static let command = Command(
        name: "align",
        abstract: "Measure how far the judge agrees with expert labels, per dimension, with a verdict.",
        discussion: """
            Judges the run with the rubric (every call from the response cache when it was judged \
            before), reads the expert labels, and reports per dimension: counts, exact and \
            within-one agreement, Cohen's kappa (unweighted, linear, quadratic) with intervals, \
            Krippendorff's alpha (ordinal), Gwet's AC2, Pearson, Spearman and Kendall, bias and \
            spread, the confusion matrix, the human–human ceiling when two raters labelled the same \
            rows, and the worst disagreements with the judge's rationale and the expert's note. Rows \
            the rubric quotes as worked examples are left out unless --include-examples. The verdict \
            per dimension compares the statistic's interval with the threshold: aligned when the \
            lower bound clears it, not aligned when the upper bound is below it, inconclusive \
            otherwise (with how many more labelled rows would decide it). Each run appends a line \
            to the history file (--history).
            Exit codes: 0 every dimension aligned; 2 some dimension not aligned; 3 some inconclusive \
            (none not aligned); 4 some undefined; 1 the judge server failed; 64 usage; 65 malformed \
            input; 66 a file missing; 73 output folder missing.
            """,
        options: [
            Option("rubric", valueName: "file", help: "The rubric the judge scores with.", required: true),
        ] + labelOptions + [
            Option("statistic", valueName: "name", help: "The verdict's statistic.", choices: AlignmentStatistic.allCases.map(\.rawValue), defaultValue: AlignmentStatistic.quadraticKappa.rawValue),
            Option("threshold", valueName: "x", help: "The verdict's threshold.", defaultValue: "0.6"),
            Option("ci", valueName: "method", help: "Intervals: analytic where the statistic has one, or bootstrap throughout.", choices: ["analytic", "bootstrap"], defaultValue: "analytic"),
            Option("resamples", valueName: "n", help: "Bootstrap resamples.", defaultValue: "2000"),
            Option("seed", valueName: "n", help: "Bootstrap seed.", defaultValue: "0"),
            Option("group-by", valueName: "path", help: "Per-group correlations, averaged (e.g. metadata.doc_id)."),
            Option("worst", valueName: "n", help: "How many worst disagreements to list.", defaultValue: "5"),
            Option("report", valueName: "file", help: "Also write the report to this file: .html a page with charts, .md Markdown, else JSON."),
            Option("history", valueName: "file", help: "The history file a line is appended to.", defaultValue: "calibration/history.jsonl"),
        ] + JudgeModelOptions.options,
        flags: labelFlags + [
            Flag("include-examples", help: "Keep the rubric's worked-example rows in the figures."),
            Flag("no-history", help: "Do not append to the history file."),
        ],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl).")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let run = try InputFiles.run(arguments.positional("run") ?? "")
        let rubricPath = arguments.value("rubric") ?? ""
        let rubric = try InputFiles.rubric(rubricPath)
        let labels = try readLabels(arguments, run: run, dimensions: rubric.dimensions)
        let options = try alignmentOptions(arguments)
        if let path = arguments.value("report") { _ = try InputFiles.output(path) }
        let judge = try JudgeModelOptions.judge(arguments)
        let judgments = try await JudgeModelOptions.judgments(run: run, rubric: rubric, judge: judge, console: console)
        let rubricText = try String(decoding: InputFile.read(URL(fileURLWithPath: rubricPath)), as: UTF8.self)
        let rubricHash = SHA256.hexDigest(of: Array(rubricText.utf8))
        let report = try InputFiles.parsing {
            var input = try AlignmentInput(run: run, rubric: rubric, judgments: judgments, labels: labels, groupBy: arguments.value("group-by"))
            input.info.rubricHash = rubricHash
            return try AlignmentReport(input, options: options)
        }
        let json = try JSONEncoder.sorted.encode(report)
        if let path = arguments.value("report") { try ReportFiles.write(.alignment(report), to: path) }
        console.print(arguments.flag("json") ? String(decoding: json, as: UTF8.self) : report.renderText())
        console.printNote(JudgeModelOptions.summary(judge))
        if !arguments.flag("no-history") {
            let historyURL = try InputFiles.output(arguments.value("history") ?? "calibration/history.jsonl")
            try AlignmentHistoryEntry(
                report: report, rubricText: rubricText, rubricTextHash: rubricHash, time: Date()
            ).append(to: historyURL)
        }
        return exitCode(report.dimensions.map(\.verdict.outcome))
    }

    /// The worst verdict decides: not aligned, then undefined, then inconclusive.
    static func exitCode(_ outcomes: [Verdict.Outcome]) -> ExitCode {
        if outcomes.contains(.notAligned) { return notAligned }
        if outcomes.contains(.undefined) { return undefined }
        if outcomes.contains(.inconclusive) { return inconclusive }
        return .success
    }

    static func readLabels(_ arguments: ParsedArguments, run: FrozenRun, dimensions: [ScoreDimension]) throws -> ExpertLabels {
        let urls = try arguments.values("labels").map { try InputFiles.existing($0, role: "label sheet") }
        return try InputFiles.parsing {
            try ExpertLabels.load(
                from: urls, dimensions: dimensions, runIDs: Set(run.rows.map(\.id)),
                values: arguments.flag("means") ? .means : .levels)
        }
    }

    static func alignmentOptions(_ arguments: ParsedArguments) throws -> Calibration.AlignmentOptions {
        guard let statistic = AlignmentStatistic(rawValue: arguments.value("statistic") ?? "") else {
            throw UsageError("--statistic must be one of \(AlignmentStatistic.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return Calibration.AlignmentOptions(
            statistic: statistic, threshold: try arguments.value("threshold", as: Double.self) ?? 0.6,
            intervals: arguments.value("ci") == "bootstrap" ? .bootstrap : .analytic,
            resamples: try arguments.value("resamples", as: Int.self) ?? 2000,
            seed: try arguments.value("seed", as: UInt64.self) ?? 0,
            worstDisagreements: try arguments.value("worst", as: Int.self) ?? 5,
            includeExampleRows: arguments.flag("include-examples"))
    }
}
