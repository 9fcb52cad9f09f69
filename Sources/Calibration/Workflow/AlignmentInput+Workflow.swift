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
    ///   - groupBy: a dotted path into each row (`metadata.doc_id`) whose value
    ///     groups rows for the per-group correlations; `nil` for none.
    /// - Throws: ``InputError`` when a row has no value at `groupBy`.
    public init(
        run: FrozenRun, rubric: Rubric, judgments: JudgmentSet, labels: ExpertLabels, groupBy: String? = nil
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
        origins = run.origins
    }
}

extension RubricComparison.Input {
    /// The comparison input for one run judged by two judges — two rubrics, one
    /// rubric under two models, or judgments made elsewhere — which must score
    /// the same dimensions.
    ///
    /// Each side is named by its rubric's name and version, and by its model
    /// when the two models differ. Each side's failures are kept by code, each
    /// row's input and response as the text judged, and with `groupBy` each
    /// row's group.
    ///
    /// - Throws: ``AlignmentError`` when both sides are the same rubric with the
    ///   same judgments; ``InputError`` naming the experimental rubric when its
    ///   dimensions differ from the control's, or a rubric whose judgments were
    ///   made with another rubric; ``InputError`` when a row has no value at `groupBy`.
    public init(
        run: FrozenRun, control: Rubric, controlJudgments: JudgmentSet, experimental: Rubric,
        experimentalJudgments: JudgmentSet, labels: ExpertLabels, groupBy: String? = nil
    ) throws {
        let names = control.dimensions.map { $0.name.lowercased() }
        guard experimental.dimensions.map({ $0.name.lowercased() }) == names else {
            throw InputError(
                file: experimental.file,
                message:
                    "scores \(experimental.dimensions.map(\.name).joined(separator: ", ")) but the control rubric scores \(control.dimensions.map(\.name).joined(separator: ", ")); a comparison needs the same dimensions"
            )
        }
        guard control != experimental || controlJudgments != experimentalJudgments else {
            throw AlignmentError(
                "the control and the experimental side are the same judge (the same rubric with the same judgments), so there is nothing to compare; change the rubric, the model or the judgments of one side"
            )
        }
        try controlJudgments.checkMade(with: control)
        try experimentalJudgments.checkMade(with: experimental)
        let dimensions = control.dimensions.map { d in
            Dimension(
                name: d.name, scale: d.categoryScale,
                control: JudgeScores(judgments: controlJudgments, dimension: d.name),
                experimental: JudgeScores(judgments: experimentalJudgments, dimension: d.name),
                expertLabels: labels.expertLabels(dimension: d.name))
        }
        let models = controlJudgments.model == experimentalJudgments.model ? nil : (controlJudgments.model, experimentalJudgments.model)
        func title(_ r: Rubric, _ model: String?) -> String {
            (r.version.map { "\(r.name) v\($0)" } ?? r.name) + (model.map { " · \($0)" } ?? "")
        }
        self.init(
            info: AlignmentInfo(run: run.info.name, model: models == nil ? controlJudgments.model : nil, dataset: run.info.info["Dataset"]),
            controlName: title(control, models?.0), experimentalName: title(experimental, models?.1), runRowIDs: run.rows.map(\.id),
            exampleRowIDs: control.exampleRowIDs.union(experimental.exampleRowIDs), dimensions: dimensions,
            controlFailureCodes: controlJudgments.failureCodes, experimentalFailureCodes: experimentalJudgments.failureCodes,
            rowTexts: Dictionary(uniqueKeysWithValues: run.rows.map { ($0.id, JudgedText(input: $0.input.plainText, output: $0.response.plainText)) }),
            groups: try run.groups(by: groupBy), groupedBy: groupBy)
        info.labelledRowsNotInRun = labels.rowsOutsideRun
    }
}

extension JudgeScores {
    /// One dimension's scores and rationales from a judgment set, with the rows the judge failed on.
    init(judgments: JudgmentSet, dimension: String) {
        var scores: [String: JudgeScore] = [:]
        var failures: [String: String] = [:]
        for j in judgments.judgments {
            if let s = j.score(dimension) { scores[j.id] = JudgeScore(s.score, rationale: s.rationale) }
            if let failure = j.failure { failures[j.id] = failure.message }
        }
        self.init(scores: scores, failures: failures)
    }
}

extension ExpertLabels {
    /// Every rater's labels on one dimension, with their notes.
    func expertLabels(dimension: String) -> [ExpertLabel] {
        labels.compactMap { label in
            label.scores[dimension].map {
                ExpertLabel(
                    rowID: label.id, rater: label.rater, value: $0, note: label.note,
                    inclusionProbability: label.effectiveInclusionProbability)
            }
        }
    }
}

extension Rubric {
    /// The run rows the rubric quotes as worked examples.
    public var exampleRowIDs: Set<String> { Set(examples.compactMap(\.rowID)) }
}

extension FrozenRun {
    /// Each row's group: the value at `path` in the row's JSON, as text.
    ///
    /// - Throws: ``InputError`` naming the first row without a value there.
    /// Each row's `metadata.origin`, for the rows that have one as a string.
    var origins: [String: String] {
        Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.metadata["origin"]?.string.map { (row.id, $0) } })
    }

    func groups(by path: String?) throws -> [String: String] {
        guard let path else { return [:] }
        var groups: [String: String] = [:]
        for (i, row) in rows.enumerated() {
            guard let value = row.json.value(atPath: path), value != .null else {
                throw InputError(
                    file: info.name, line: i + 2, column: path,
                    message: "row \(row.id) has no value at \(path) to group by")
            }
            groups[row.id] = value.plainText
        }
        return groups
    }
}

extension AlignmentInput {
    /// The alignment input for scores a judge produced elsewhere
    /// (`judgecal align --judge-scores`), with or without a run and a rubric.
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
            let rows = Set(run.rows.map(\.id))
            if let stranger = judgeScores.ids.first(where: { !rows.contains($0) }) {
                throw InputError(
                    file: judgeScores.file, line: judgeScores.lines[stranger], column: "id",
                    message: "\(stranger) is not a row of the run \(run.info.name)")
            }
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
                name: name, scale: scale, judge: judgeScores.judgeScores(dimension: column, scale: scale),
                expertLabels: labels.expertLabels(dimension: name))
        }
        self.init(
            info: AlignmentInfo(
                run: run?.info.name, rubric: rubric?.name, rubricVersion: rubric?.version, model: judgeScores.model,
                dataset: run?.info.info["Dataset"]),
            runRowIDs: rowIDs, exampleRowIDs: rubric?.exampleRowIDs ?? [], groups: try run?.groups(by: groupBy) ?? [:],
            dimensions: dimensions, sampling: labels.sampling)
        origins = run?.origins ?? [:]
    }
}
