public import CalibrationData
import DataFormats
public import Foundation
public import Judging
import StatisticsCore

extension EstimationRun {
    /// A run to estimate read from files (`judgecal estimate`): the judge's scores of
    /// every row (a `.judgments.jsonl` from `judgecal judge`, or a CSV or JSON Lines
    /// judge-scores file) and the expert label sheets.
    ///
    /// The rows are the run's when it is given, else the judge-scores file's; a label
    /// of any other row is refused, since the labelled rows must be rows of the run
    /// the estimate is of.
    ///
    /// - Parameters:
    ///   - rubric: declares the dimensions and their scales; without it the dimensions
    ///     are those the scores and the sheets share, each on `levels` (or on no scale).
    ///   - frame: the label set's sampling frame, which gives every row's probability
    ///     of having been drawn for labelling; `nil` for none.
    /// - Throws: ``InputError`` naming file, line and column for a file that does not
    ///   read or match, a label of a row outside the run, sheets holding no label, or a
    ///   frame that is not the sheets' (``SamplingFrame/inclusionProbabilities(rowIDs:labels:runName:)``).
    public init(
        judgeScores url: URL, run: FrozenRun?, rubric: Rubric?, levels: ScoringScale?, labelSheets: [URL],
        values: ExpertLabels.ValueMode, frame: SamplingFrame? = nil
    ) throws {
        try self.init(
            scores: try ExternalJudgeScores.load(from: url), run: run, rubric: rubric, levels: levels, labelSheets: labelSheets,
            values: values, frame: frame)
    }

    /// A run to estimate from judge scores already read or just made (``ExternalJudgeScores/init(judgments:file:)``),
    /// and the expert label sheets; otherwise as ``init(judgeScores:run:rubric:levels:labelSheets:values:frame:)``.
    public init(
        scores: ExternalJudgeScores, run: FrozenRun?, rubric: Rubric?, levels: ScoringScale?, labelSheets: [URL],
        values: ExpertLabels.ValueMode, frame: SamplingFrame? = nil
    ) throws {
        let rowIDs = Set(run?.rows.map(\.id) ?? scores.ids)
        let labels = try scores.labels(from: labelSheets, rubric: rubric, levels: levels, runIDs: rowIDs, values: values)
        guard labels.labels.contains(where: { !$0.scores.isEmpty }) else {
            throw InputError(
                file: labelSheets.map(InputFile.displayName).joined(separator: ", "),
                message: "holds no expert score for any row; a corrected estimate needs labelled rows")
        }
        var input = try AlignmentInput(
            run: run, rubric: rubric, judgeScores: scores, scale: levels?.categoryScale, labels: labels)
        if input.info.model == nil { input.info.model = scores.file }
        let probabilities = try frame?.inclusionProbabilities(rowIDs: input.runRowIDs, labels: labels, runName: run?.info.name)
        self.init(
            input: input, inclusionProbabilities: probabilities,
            judgeStratifiedBy: labels.sampling?.strategy == .judgeStratified
                ? labels.labels.lazy.compactMap { $0.samplingStratum.flatMap(LabelSheet.judgeStratifiedDimension(ofStratum:)) }.first
                : nil)
        labelFingerprint = labels.fingerprint
    }
}
