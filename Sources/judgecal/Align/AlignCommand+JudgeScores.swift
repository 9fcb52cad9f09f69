import AgreementStatistics
import Calibration
import CommandLineParsing
import DataFormats
import EvaluationCore
import Foundation
import Judging

extension AlignCommand {
    /// `align --judge-scores FILE`: aligns scores a judge produced elsewhere, without calling a model.
    static func runOnScores(_ path: String, _ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let scoresURL = try InputFiles.existing(path, role: "judge-scores file")
        let run = try arguments.positional("run").map(InputFiles.run)
        let rubricPath = arguments.value("rubric")
        let rubric = try rubricPath.map(InputFiles.rubric)
        let levels = try categoryScale(arguments, rubric: rubric)
        if run == nil, arguments.value("group-by") != nil {
            throw UsageError("--group-by reads fields of the run's rows; give the run")
        }
        let labelURLs = try arguments.values("labels").map { try InputFiles.existing($0, role: "label sheet") }
        let options = try alignmentOptions(arguments)
        try checkOutputs(arguments)
        let scores = try ExternalJudgeScores.load(from: scoresURL)
        let labels = try scores.labels(
            from: labelURLs, rubric: rubric, levels: levels, runIDs: run.map { Set($0.rows.map(\.id)) },
            values: arguments.flag("means") ? .means : .levels)
        let scale = levels?.categoryScale
        if rubric == nil, scale == nil {
            console.printNote(
                "no scale is known (no --rubric, no --categories): category statistics (agreement, kappa, alpha, AC2, confusion matrix) are undefined; correlations, bias and spread use the values as they are"
            )
        }
        let report = try AlignmentReport(
            AlignmentInput(
                run: run, rubric: rubric, judgeScores: scores, scale: scale, labels: labels, groupBy: arguments.value("group-by")),
            options: options)
        scores.offScaleNotes(for: report).forEach(console.printNote)
        let rubricText = try rubricPath.map { String(decoding: try InputFile.read(URL(fileURLWithPath: $0)), as: UTF8.self) }
        return try finish(report, arguments, rubricText: rubricText, console: console)
    }

    /// `--categories` (integer levels, without a rubric) as a numeric scale, or
    /// `nil` when not given.
    ///
    /// - Throws: ``UsageError`` with a rubric (which declares the scales), for
    ///   a level that is not an integer, for fewer than two distinct levels, or
    ///   for more than ``CategoryScale/maximumCategories``.
    static func categoryScale(_ arguments: ParsedArguments, rubric: Rubric?) throws -> ScoringScale? {
        let levels = try arguments.values("categories", as: Int.self)
        guard !levels.isEmpty else { return nil }
        guard rubric == nil else {
            throw UsageError("--categories applies only without --rubric; the rubric declares each dimension's scale")
        }
        guard Set(levels).count >= 2, Set(levels).count == levels.count else {
            throw UsageError("--categories needs at least two distinct levels, each given once")
        }
        guard levels.count <= CategoryScale.maximumCategories else {
            throw UsageError(
                "--categories lists \(levels.count) levels; at most \(CategoryScale.maximumCategories) make a table (group the levels, or rely on the correlations, which take the values as they are)"
            )
        }
        return .numeric(Dictionary(uniqueKeysWithValues: levels.map { ($0, "") }))
    }
}
