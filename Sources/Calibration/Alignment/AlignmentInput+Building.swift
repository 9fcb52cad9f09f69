public import CalibrationData
import DataFormats
import EvaluationCore
public import Judging
public import StatisticsCore

extension AlignmentInput {
    /// The alignment input for a run judged with `rubric`: one dimension per
    /// rubric dimension, on its declared scale, with the judge's scores and
    /// rationales, its failures, and every expert's labels and notes.
    ///
    /// - Parameters:
    ///   - rubricText: the rubric's text, whose SHA-256 the info keeps (``AlignmentInfo/rubricHash``); `nil` for none.
    ///   - groupBy: a dotted path into each row (`metadata.doc_id`) whose value
    ///     groups rows for the per-group correlations; `nil` for none.
    /// - Throws: ``InputError`` when a row has no value at `groupBy`.
    public init(
        run: FrozenRun, rubric: Rubric, rubricText: String? = nil, judgments: JudgmentSet, labels: ExpertLabels, groupBy: String? = nil
    ) throws {
        let dimensions = rubric.dimensions.map { d in
            Dimension(
                name: d.name, scale: d.categoryScale,
                judge: JudgeScores(judgments: judgments, dimension: d.name),
                expertLabels: labels.expertLabels(dimension: d.name))
        }
        self.init(
            info: AlignmentInfo(
                run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: judgments.model,
                dataset: run.info.info["Dataset"]),
            runRowIDs: run.rows.map(\.id), exampleRowIDs: rubric.exampleRowIDs,
            groups: try run.groups(by: groupBy), dimensions: dimensions, sampling: labels.sampling)
        info.labelledRowsNotInRun = labels.rowsOutsideRun
        info.cancelledAnnotations = labels.cancelledAnnotations
        info.rubricHash = rubricText.map { SHA256.hexDigest(of: Array($0.utf8)) }
        origins = run.origins
    }
}

extension AlignmentInput {
    /// The alignment input for scores a judge produced elsewhere
    /// (a judge-scores file aligned without judging), with or without a run and a rubric.
    ///
    /// The dimensions are the rubric's, on their declared scales, or else the
    /// label sheets' dimensions (``ExpertLabels/dimensions``), all on `scale`
    /// (`nil`: no scale is known, and the category statistics are undefined
    /// with reason `no-scale`). Judge values beyond a declared scale's ends
    /// become failures (``ExternalJudgeScores/judgeScores(dimension:scale:)``).
    /// The rows are the run's when it is given, else the judge file's ids in
    /// file order followed by the labelled ids the judge file lacks.
    ///
    /// - Parameter groupBy: a dotted path into each run row; needs `run`.
    /// - Throws: ``InputError`` naming the judge file when it has no column for
    ///   a dimension, or (with a run) an id that is not a row of the run, with its line.
    public init(
        run: FrozenRun?, rubric: Rubric?, judgeScores: ExternalJudgeScores, scale: CategoryScale?, labels: ExpertLabels,
        groupBy: String? = nil
    ) throws {
        let rowIDs: [String]
        if let run {
            try judgeScores.checkRows(of: run)
            rowIDs = run.rows.map(\.id)
        } else {
            var seen = Set(judgeScores.ids)
            rowIDs = judgeScores.ids + labels.labels.map(\.id).filter { seen.insert($0).inserted }
        }
        let declared: [(String, CategoryScale?)] =
            rubric.map { $0.dimensions.map { ($0.name, $0.categoryScale) } } ?? labels.dimensions.map { ($0, scale) }
        let dimensions = try declared.map { name, scale in
            guard let column = judgeScores.dimension(matching: name) else {
                throw InputError(
                    file: judgeScores.file, line: 1,
                    message: "has no column for the dimension \(name); its dimensions are \(judgeScores.dimensions.joined(separator: ", "))"
                )
            }
            return Dimension(
                name: name, scale: scale, judge: try judgeScores.judgeScores(dimension: column, scale: scale),
                expertLabels: labels.expertLabels(dimension: name))
        }
        self.init(
            info: AlignmentInfo(
                run: run?.info.name, rubric: rubric?.name, rubricVersion: rubric?.version, model: judgeScores.model,
                dataset: run?.info.info["Dataset"]),
            runRowIDs: rowIDs, exampleRowIDs: rubric?.exampleRowIDs ?? [], groups: try run?.groups(by: groupBy) ?? [:],
            dimensions: dimensions, sampling: labels.sampling)
        info.cancelledAnnotations = labels.cancelledAnnotations
        origins = run?.origins ?? [:]
    }
}
