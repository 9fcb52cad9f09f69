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
        if let path = arguments.value("report") { _ = try InputFiles.output(path) }
        let scores = try ExternalJudgeScores.load(from: scoresURL)
        let runIDs = run.map { Set($0.rows.map(\.id)) }
        let values: ExpertLabels.ValueMode = arguments.flag("means") ? .means : .levels
        let labels: ExpertLabels
        if let rubric {
            labels = try ExpertLabels.load(from: labelURLs, dimensions: rubric.dimensions, runIDs: runIDs, values: values)
        } else if let levels {
            let names = try sharedDimensions(scores, labelURLs)
            labels = try ExpertLabels.load(
                from: labelURLs, dimensions: names.map { ScoreDimension($0, description: "", scale: levels) }, runIDs: runIDs,
                values: values)
        } else {
            let names = try sharedDimensions(scores, labelURLs)
            labels = try ExpertLabels.load(from: labelURLs, dimensionNames: names, runIDs: runIDs)
        }
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
        for d in report.dimensions {
            guard let scale = d.scale, let column = scores.dimension(matching: d.name) else { continue }
            let off = scores.offScaleCount(dimension: column, scale: scale)
            if off > 0 {
                console.printNote(
                    "\(d.name): \(off) judge values beyond the scale \(scale) counted as judge failures (off-scale), never scored")
            }
        }
        let rubricText = try rubricPath.map { String(decoding: try InputFile.read(URL(fileURLWithPath: $0)), as: UTF8.self) }
        return try finish(report, arguments, rubricText: rubricText, console: console)
    }

    /// `--categories` as a numeric scale, or `nil` when not given.
    ///
    /// - Throws: ``UsageError`` with a rubric (which declares the scales), for
    ///   a level that is not an integer, or for fewer than two distinct levels.
    static func categoryScale(_ arguments: ParsedArguments, rubric: Rubric?) throws -> ScoringScale? {
        let given = arguments.values("categories")
        guard !given.isEmpty else { return nil }
        guard rubric == nil else {
            throw UsageError("--categories applies only without --rubric; the rubric declares each dimension's scale")
        }
        let levels = try given.map { text in
            guard let level = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("--categories takes integer levels such as 1,2,3,4,5; '\(text)' is not an integer")
            }
            return level
        }
        guard Set(levels).count >= 2, Set(levels).count == levels.count else {
            throw UsageError("--categories needs at least two distinct levels, each given once")
        }
        return .numeric(Dictionary(uniqueKeysWithValues: levels.map { ($0, "") }))
    }

    /// The judge file's dimensions that every label sheet has a column for
    /// (compared without regard to case), in the judge file's order.
    ///
    /// - Throws: ``InputError`` naming the judge file when none is shared.
    static func sharedDimensions(_ scores: ExternalJudgeScores, _ sheets: [URL]) throws -> [String] {
        let headers = try sheets.map { url in
            try CSVReader().read(try InputFile.read(url), file: InputFile.displayName(url)).columns.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
        }
        let shared = scores.dimensions.filter { d in headers.allSatisfy { $0.contains(d.lowercased()) } }
        guard !shared.isEmpty else {
            throw InputError(
                file: scores.file, line: 1,
                message:
                    "shares no dimension column with the label sheets (its dimensions: \(scores.dimensions.joined(separator: ", "))); name the columns alike or give --rubric"
            )
        }
        return shared
    }
}
