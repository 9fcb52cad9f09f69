import CalibrationData
import CalibrationMaps
import CalibrationWorkflow
import CommandLineParsing
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
            run: run, rubric: rubric, rubricText: String(decoding: try InputFiles.read(rubricPath, role: "rubric"), as: UTF8.self),
            labels: try LabelOptions.read(arguments, run: run, dimensions: rubric.dimensions))
        let judgments: JudgmentSet
        let identity: JudgeIdentity
        if let scoresPath {
            (judgments, identity) = try InputFiles.judgeScores(scoresPath, rubric: rubric, run: run)
        } else {
            let judge = try JudgeModelOptions.judge(arguments)
            try beforeJudging(judge.identity, read)
            judgments = try await JudgeModelOptions.judgments(
                run: try CalibrationFile.judgedRows(of: run, labels: read.labels), rubric: rubric, judge: judge, console: console)
            console.printNote(judge.summary)
            identity = judge.identity
        }
        return LabelledRunInputs(
            run: run, rubric: rubric, rubricText: read.rubricText, labels: read.labels, judgments: judgments, judge: identity)
    }

    /// The files read before any judge is called.
    struct Read {
        var run: FrozenRun
        var rubric: Rubric
        var rubricText: String
        var labels: ExpertLabels
    }
}
