import CalibrationData
import CalibrationMaps
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import RunInference

/// `judgecal calibrate RUN --rubric R --labels L… --output FILE`: per dimension, a cross-fitted isotonic
/// map from the judge's score to the experts' scale, saved with the judge, rubric and labels it was
/// fitted on, and recorded in the history.
enum CalibrateCommand {
    static let defaults = CalibrationSettings.standard

    static let rubric = OptionKey<String>(
        required: "rubric", valueName: "file", help: "The rubric: dimensions, scales and what the judge scores with.")
    static let judgeScores = OptionKey<String?>(
        "judge-scores", valueName: "file",
        help: "A judge's scores (a judgments file of judge, or CSV/JSON Lines with a column per dimension), instead of judging the run.")
    static let output = OptionKey<String>(
        required: "output", short: "o", valueName: "file",
        help: "Write the calibration (JSON: each dimension's map, with the judge, rubric and labels) to FILE.")
    static let folds = OptionKey<Int>(
        "folds", valueName: "k", help: "Folds of the cross-fit (fewer when a dimension has fewer than 2k rows, said when so).",
        defaultValue: defaults.folds)
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "Seed of the rows' folds.", defaultValue: defaults.seed)
    static let experts = OptionKey<ExpertCombination>(
        "experts", valueName: "how",
        help:
            "How a row's several raters make its expert value: mean or median (majority is refused: the map needs the experts' value, not a level).",
        defaultValue: defaults.experts)
    static let report = OptionKey<String?>(
        "report", valueName: "file",
        help: "Also write the report to this file: .html a page with each map's table, .md Markdown, else JSON.")
    static let map = OptionKey<CrossFittedMap.Kind>(
        "map", valueName: "kind",
        help: "The map: isotonic in the judge's score, or two-stage (a spline of the score and covariates, ranked, then isotonic; CJE's).",
        choices: CrossFittedMap.Kind.allCases.map(\.rawValue), defaultValue: defaults.map.kind)
    static let covariate = OptionKey<[String]>(
        "covariate", valueName: "name",
        help: "With --map two-stage, a covariate of each row: response-length (the response's characters) or metadata.KEY (a number).",
        arity: .repeating)
    static let knots = OptionKey<Int>(
        "knots", valueName: "n", help: "With --map two-stage, the most base knots of each spline (fewer on few rows, as CJE).",
        defaultValue: CalibrationSettings.standardKnots)
    static let includeExamples = Flag("include-examples", help: "Keep the rubric's worked-example rows.")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    static let command = Command(
        name: "calibrate",
        abstract: "Fit a map from the judge's score to the experts' scale, per dimension, and save it for later runs.",
        discussion: """
            Judges the run's labelled rows with the rubric (through the response cache; --mode discrete by default, weighted \
            for the expected score), or reads --judge-scores, and per dimension pairs the judge's score with the experts' \
            value: the raters' mean (or --experts median) on each labelled row, less the rubric's worked examples unless \
            --include-examples. On those rows it fits an isotonic (monotone) map from score to expert value, clipped into the \
            scale's ends, cross-fitted on --folds folds seeded by --seed (CJE's calibrator, Landesberg 2025; fewer folds when \
            a dimension has fewer than two rows per fold; docs/CALIBRATION-MAPS.md). Reports per dimension the rows and folds, \
            the map as a table, the out-of-fold RMSE of the calibrated value against the experts beside the raw score's, the \
            mean out-of-fold residual, and the rows left out and why; a dimension with fewer than 4 rows has no map, and says \
            how many it needs. --output writes the calibration (every map, with the judge, the rubric's name and text hash, \
            the labels' fingerprint, the folds and seed) for later runs; --report the report (.html, .md, or JSON); the \
            calibration's identity, each dimension's figures and the rubric's text are appended to the history (--history, \
            calibration/history.jsonl by default; --no-history for none). All are written together, or none.
            Exit codes: 0 some dimension has a map; 3 no dimension has rows enough for one (nothing is written); 1 the judge \
            server failed; 64 usage; 65 malformed input; 66 a file missing; 73 output folder missing.
            """,
        options: [rubric] + LabelOptions.options + [judgeScores, output, folds, seed, experts, map, covariate, knots, report]
            + [SplitOptions.history]
            + JudgeModelOptions.options,
        flags: LabelOptions.flags + [includeExamples, SplitOptions.noHistory],
        positionals: [runFile],
        run: run)

    /// The map asked for: isotonic, refusing a two-stage map's options, or two-stage with its covariates and knots.
    static func mapSetting(_ arguments: ParsedArguments) throws -> CalibrationSettings.Map {
        guard try arguments[map] == .twoStage else {
            let twoStageOnly: [any OptionDeclaration] = [covariate, knots]
            if let given = twoStageOnly.first(where: arguments.isGiven) { throw UsageError(CalibrateMessages.onlyTwoStage(given.option.name)) }
            return .isotonic
        }
        var covariates: [RowCovariate] = []
        for name in try arguments[covariate] {
            do {
                covariates.append(try RowCovariate(name: name))
            } catch {
                throw UsageError(CalibrateMessages.unknownCovariate(name))
            }
        }
        return .twoStage(covariates: covariates, knots: try arguments[knots])
    }

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let outputPath = try arguments[output], reportPath = try arguments[report], scoresPath = try arguments[judgeScores]
        let history = arguments[SplitOptions.noHistory] ? nil : try arguments[SplitOptions.history]
        try InputFiles.refuseOverwriting(
            [("calibration", outputPath), ("report", reportPath), ("history", history)],
            inputs: [arguments[runFile], try arguments[rubric], scoresPath] + (try arguments[LabelOptions.labels]))
        if scoresPath != nil, let given = JudgeModelOptions.options.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judge-scores: no judge is called")
        }
        let settings = try CalibrationSettings(
            folds: try arguments[folds], seed: try arguments[seed], experts: try arguments[experts],
            includeExamples: arguments[includeExamples], map: try mapSetting(arguments))
        let outputs = AlignmentOutputs(report: reportPath, history: history, historyIsDefault: !arguments.isGiven(SplitOptions.history))
        try StagedOutputs.check(outputPath, role: "calibration")
        try outputs.check()
        let read = try await LabelledRunInputs.read(
            arguments, runPath: arguments[runFile], rubricPath: try arguments[rubric], scoresPath: scoresPath, console: console)
        let calibration = try CalibrationFile(
            run: read.run, rubric: read.rubric, rubricText: read.rubricText, judgments: read.judgments, labels: read.labels,
            settings: settings, judge: read.judge)
        let printed = arguments[LabelOptions.json] ? try calibration.renderJSON() : calibration.renderText()
        guard calibration.outcome == .fitted else {
            console.printNote(CalibrateMessages.nothingWritten)
            console.print(printed)
            return VerdictExitCodes.code(for: calibration.outcome)
        }
        var files: [(data: Data, path: String, role: String)] = [(try calibration.json(), outputPath, "calibration")]
        if let reportPath { files.append(try calibration.file(at: reportPath)) }
        try outputs.write(files, entries: [CalibrationHistoryEntry(calibration, rubricText: read.rubricText)])
        console.print(printed)
        return VerdictExitCodes.code(for: calibration.outcome)
    }
}
