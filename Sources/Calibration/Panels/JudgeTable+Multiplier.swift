import CalibrationData
import RunInference
import StatisticsCore

extension JudgeTable {
    /// A judge's (or panel's) label multiplier on one dimension (``LabelMultiplier``), on the rows its
    /// alignment pairs: the run's rows not left out as worked examples, with an expert value (the
    /// settings' combination of the row's raters, ``ExpertPanel/expertValue(_:)``) and a score; the
    /// judge's scores of the other rows (a tied majority's among them) enter its variance, as the
    /// corrected estimate's unlabelled rows do.
    ///
    /// The values are used as given, not placed on the scale, as the corrected mean uses them; the
    /// interval is the settings' bootstrap (resamples, seed, BCa when asked, else percentile) at their level.
    ///
    /// - Throws: ``AlignmentError`` as the alignment itself would, for a label of a row outside the run.
    static func labelMultiplier(
        _ dimension: AlignmentInput.Dimension, of input: AlignmentInput, options: AlignmentSettings
    ) throws -> LabelMultiplier {
        let experts = try ExpertPanel(
            dimension: dimension.name, scale: dimension.scale, labels: dimension.expertLabels, runRows: Set(input.runRowIDs),
            combination: options.experts)
        let left = options.includeExampleRows ? [] : input.exampleRowIDs
        var pairs: [(expert: Double, judge: Double)] = []
        var unlabelled: [Double] = []
        for row in input.runRowIDs where !left.contains(row) {
            guard let judge = dimension.judge.scores[row]?.value else { continue }
            if let expert = experts.expertValue(row) { pairs.append((expert, judge)) } else { unlabelled.append(judge) }
        }
        return LabelMultiplier(
            pairs: pairs, judgeUnlabelled: unlabelled, level: options.confidence, resamples: options.resamples,
            seed: options.seed, bca: options.intervals == .bca)
    }
}
