import CalibrationData
import CalibrationMaps
import CalibrationWorkflow
import CommandLineParsing
import Foundation
import Judging

/// What `calibrate` and `audit` read: the run, the rubric and its text, the expert labels, and the judge's scores of
/// the labelled rows, from `--judge-scores` or judged through the response cache.
struct LabelledRunInputs {
    var run: FrozenRun
    var rubric: Rubric
    var rubricText: String
    var labels: ExpertLabels
    var judgments: JudgmentSet
    var judge: JudgeIdentity

    /// Reads the files at `runPath` and `rubricPath` and the `--labels`; then the scores at `scoresPath`, or, without
    /// one, judges the labelled rows (a row without a label pairs with nothing) once `beforeJudging` has passed the judge
    /// and what was read, so that a refusal comes before the judge is called.
    static func read(
        _ arguments: ParsedArguments, runPath: String, rubricPath: String, scoresPath: String?, console: Console,
        beforeJudging: (JudgeIdentity, LabelledRunInputs.Read) throws -> Void = { _, _ in }
    ) async throws -> LabelledRunInputs {
        let run = try InputFiles.run(runPath)
        let rubric = try InputFiles.rubric(rubricPath)
        let read = Read(
            run: run, rubric: rubric, rubricText: try rubricText(rubricPath),
            labels: try LabelOptions.read(arguments, run: run, dimensions: rubric.dimensions, console: console))
        if let scoresPath { return try scored(read, scoresPath: scoresPath) }
        let judge = try JudgeModelOptions.judge(arguments)
        try beforeJudging(judge.identity, read)
        let judged = try await judged(read, by: judge, console: console)
        console.printNote(judge.summary)
        return judged
    }

    /// Reads the runs at `runPaths`, the rubric at `rubricPath` and the `--labels`, each sheet given to the run
    /// ``CalibrationWorkflow/LabelSheetAssignment`` finds it is of; then each run's scores at `scoresPaths` (one a run,
    /// in the runs' order), or, with none, judges each run's labelled rows once `beforeJudging` has passed every run,
    /// so that a refusal of any run comes before the judge is called.
    ///
    /// - Returns: each run's inputs, and the label sheets it was given.
    static func read(
        _ arguments: ParsedArguments, runPaths: [String], rubricPath: String, scoresPaths: [String], console: Console,
        beforeJudging: (JudgeIdentity, LabelledRunInputs.Read) throws -> Void
    ) async throws -> [(inputs: LabelledRunInputs, sheets: [URL])] {
        let runs = try runPaths.map(InputFiles.run)
        let rubric = try InputFiles.rubric(rubricPath)
        let text = try rubricText(rubricPath)
        let sheets = try LabelSheetAssignment.assign(
            try LabelOptions.sheets(arguments), to: runs, dimensions: rubric.dimensions,
            values: LabelOptions.values(arguments))
        let reads = try zip(runs, sheets).map { run, sheets in
            Read(
                run: run, rubric: rubric, rubricText: text,
                labels: try LabelOptions.read(arguments, sheets: sheets, run: run, dimensions: rubric.dimensions, console: console))
        }
        if !scoresPaths.isEmpty {
            return try zip(zip(reads, scoresPaths), sheets).map { (try scored($0.0, scoresPath: $0.1), $1) }
        }
        let judge = try JudgeModelOptions.judge(arguments)
        for read in reads { try beforeJudging(judge.identity, read) }
        var judged: [(inputs: LabelledRunInputs, sheets: [URL])] = []
        for (read, sheets) in zip(reads, sheets) {
            judged.append((try await self.judged(read, by: judge, console: console), sheets))
        }
        console.printNote(judge.summary)
        return judged
    }

    /// The rubric's text, whose hash a calibration keeps.
    private static func rubricText(_ rubricPath: String) throws -> String {
        String(decoding: try InputFiles.read(rubricPath, role: "rubric"), as: UTF8.self)
    }

    /// `read` with the judge's scores read from the file at `scoresPath`.
    private static func scored(_ read: Read, scoresPath: String) throws -> LabelledRunInputs {
        let (judgments, identity) = try InputFiles.judgeScores(scoresPath, rubric: read.rubric, run: read.run)
        return LabelledRunInputs(read, judgments: judgments, judge: identity)
    }

    /// `read` with its labelled rows judged by `judge`.
    private static func judged(
        _ read: Read, by judge: JudgeSession, console: Console
    ) async throws -> LabelledRunInputs {
        let judgments = try await JudgeModelOptions.judgments(
            run: try CalibrationFile.judgedRows(of: read.run, labels: read.labels), rubric: read.rubric, judge: judge,
            console: console)
        return LabelledRunInputs(read, judgments: judgments, judge: judge.identity)
    }

    private init(_ read: Read, judgments: JudgmentSet, judge: JudgeIdentity) {
        run = read.run
        rubric = read.rubric
        rubricText = read.rubricText
        labels = read.labels
        self.judgments = judgments
        self.judge = judge
    }

    /// The files read before any judge is called.
    struct Read {
        var run: FrozenRun
        var rubric: Rubric
        var rubricText: String
        var labels: ExpertLabels
    }
}
