public import CalibrationData
import DataFormats
import EvaluationCore
public import Judging
import StatisticsCore

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
        info.cancelledAnnotations = labels.cancelledAnnotations
    }
}
