import CalibrationData
import DataFormats
public import RunInference
import StatisticsCore

/// One run to estimate: the judge's scores and the experts' labels per
/// dimension (an ``AlignmentInput``, however it was made: a judged run, a
/// judge-scores file, an `EvaluationResult`), and how the labelled rows were drawn.
public struct EstimationRun: Sendable, Hashable {
    /// The run's rows, the judge's scores and the labels.
    public var input: AlignmentInput
    /// Each row's probability of having been drawn for labelling (the label
    /// sheet's record of a stratified extraction), by row id; `nil` when not
    /// recorded, and then ``EstimationSettings/declaredSampling`` must say how the rows were drawn.
    public var inclusionProbabilities: [String: Double]?
    /// The dimension whose judge levels the labelled rows were stratified by (`judge-stratified`
    /// sampling), if any: there the design already used what the judge knows.
    public var judgeStratifiedBy: String?
    /// A saved judge-to-expert map per dimension with its pass maps, fitted on other labels, to read the
    /// judge's scores through (``RunInference/CalibratedFigures``); empty for none.
    public var maps: [String: ScaleMaps] = [:]
    /// The fingerprint of the label set (``CalibrationData/ExpertLabels/fingerprint``) when it was read from sheets.
    public var labelFingerprint: String?

    /// Creates a run to estimate.
    public init(input: AlignmentInput, inclusionProbabilities: [String: Double]? = nil, judgeStratifiedBy: String? = nil) {
        self.input = input
        self.inclusionProbabilities = inclusionProbabilities
        self.judgeStratifiedBy = judgeStratifiedBy
    }

    /// Refuses inclusion probabilities that leave some row of the run beyond every label's reach.
    ///
    /// A row whose stratum no batch drew from has π = 0: no labelled row stands
    /// for it, so the correction (the labelled rows' residuals weighted by 1/π)
    /// estimates the run without that stratum, and the "corrected" figure would be
    /// the judge's own there, with an interval that does not know it.
    ///
    /// - Throws: ``EstimationSettingsError`` naming how many rows, the first of them,
    ///   and the two ways forward.
    func checkEveryRowReachable() throws(EstimationSettingsError) {
        guard let probabilities = inclusionProbabilities else { return }
        let unreachable = input.runRowIDs.filter { probabilities[$0] == 0 }
        guard let first = unreachable.first else { return }
        throw EstimationSettingsError(.unreachableRows(unreachable.count, of: input.runRowIDs.count, first: first))
    }
}

extension EstimationReport {
    /// The estimates of `run` (and of A − B with `versus`), per dimension of `run`.
    ///
    /// Every row of the run with a judge score enters: with an expert label as
    /// one of the n labelled rows, without as one of the N unlabelled. Rows the
    /// judge failed on are left out and counted (``DimensionEstimate/RowCounts``).
    /// With inclusion probabilities the samples are weighted by them
    /// (``CorrectionSample/SamplingDesign/inclusionProbabilities(labelled:unlabelled:)``),
    /// otherwise uniformly.
    ///
    /// - Throws: ``EstimationSettingsError`` when nothing says how the labelled rows
    ///   were drawn (``EstimationSettings/sampling(probabilitiesRecorded:)``), or the
    ///   pass level is not a level of some dimension's scale; ``AlignmentError`` when a
    ///   row has two experts' labels on a dimension, a label names a row that is not
    ///   in the run, or a used row has no inclusion probability; ``RatingError`` for an
    ///   inclusion probability outside (0, 1].
    public init(_ run: EstimationRun, versus: EstimationRun? = nil, settings: EstimationSettings) throws {
        let sampling = try settings.sampling(probabilitiesRecorded: run.inclusionProbabilities != nil)
        if sampling == .inclusionProbabilities { try run.checkEveryRowReachable() }
        if let versus, try settings.sampling(probabilitiesRecorded: versus.inclusionProbabilities != nil) == .inclusionProbabilities {
            try versus.checkEveryRowReachable()
        }
        info = run.input.info
        versusInfo = versus?.input.info
        self.sampling = sampling
        judgeStratifiedBy = run.judgeStratifiedBy
        passLevel = settings.passLevel
        level = settings.confidence
        dimensions = try run.input.dimensions.map { d in
            var estimate = try DimensionEstimate(d, of: run, settings: settings)
            if let versus, let other = versus.input.dimensions.first(where: { $0.name.lowercased() == d.name.lowercased() }) {
                let b = try DimensionEstimate(other, of: versus, settings: settings)
                estimate.versus = DimensionEstimate.Difference(
                    rows: b.rows, versusMean: b.mean, mean: RunDifference(estimate.mean, minus: b.mean, level: settings.confidence),
                    passRate: zip(estimate.passRate, b.passRate).map { RunDifference($0, minus: $1, level: settings.confidence) })
            }
            return estimate
        }
    }
}

/// Both values, or `nil` when either is missing.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

extension DimensionEstimate {
    /// One dimension's estimates from its judge scores and labels.
    init(_ d: AlignmentInput.Dimension, of run: EstimationRun, settings: EstimationSettings) throws {
        let rowIDs = run.input.runRowIDs
        let labels = try Self.singleLabels(d, runRowIDs: Set(rowIDs))
        var rows = RowCounts(
            labelled: 0, unlabelled: 0, labelledWithoutJudgeScore: 0, unlabelledWithoutJudgeScore: 0, roundedToLevel: 0)
        var (expert, judge, judgeUnlabelled) = ([Double](), [Double](), [Double]())
        var (piLabelled, piUnlabelled) = ([Double](), [Double]())
        var ids: (labelled: [String], unlabelled: [String]) = ([], [])
        for id in rowIDs {
            let label = labels[id]
            guard let score = d.judge.scores[id]?.value else {
                if label == nil { rows.unlabelledWithoutJudgeScore += 1 } else { rows.labelledWithoutJudgeScore += 1 }
                continue
            }
            let pi = try run.inclusionProbabilities.map { p in
                guard let pi = p[id] else {
                    throw AlignmentError("row \(id) has no inclusion probability; every row of the run needs one")
                }
                return pi
            }
            if let label {
                expert.append(label)
                judge.append(score)
                ids.labelled.append(id)
                if let pi { piLabelled.append(pi) }
            } else {
                judgeUnlabelled.append(score)
                ids.unlabelled.append(id)
                if let pi { piUnlabelled.append(pi) }
            }
        }
        let design: CorrectionSample.SamplingDesign =
            run.inclusionProbabilities == nil ? .uniform : .inclusionProbabilities(labelled: piLabelled, unlabelled: piUnlabelled)
        let sample = try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: judgeUnlabelled, design: design)
        rows.labelled = sample.labelled
        rows.unlabelled = sample.unlabelled
        name = d.name
        scale = d.scale
        mean = RunMeanEstimate(sample, level: settings.confidence)
        let maps = run.maps[d.name]
        guard let scale = d.scale else {
            calibrated = try maps.map { maps throws in
                try CalibratedFigures(sample, rows: ids, levels: nil, maps: maps, passLevel: nil, level: settings.confidence)
            }
            let reason = UndefinedReason(code: "no-scale", message: EstimationWording.noScale(dimension: d.name).text)
            passRateUndefined = settings.passLevel == nil ? nil : reason
            levelsUndefined = reason
            self.rows = rows
            return
        }
        if let passLevel = settings.passLevel, scale.index(of: passLevel) == nil {
            throw EstimationSettingsError(.passLevelOffScale(passLevel, dimension: d.name, scale: "\(scale)"))
        }
        var rounded = 0
        let onScale = sample.mapped { value in
            let (category, wasRounded) = CategoryRounding.category(value, on: scale)
            if wasRounded { rounded += 1 }
            return category
        }
        rows.roundedToLevel = rounded
        self.rows = rows
        calibrated = try maps.map { maps throws in
            try CalibratedFigures(
                sample, rows: ids, levels: (scale.values.sorted(), { CategoryRounding.category($0, on: scale).value }), maps: maps,
                passLevel: settings.passLevel, level: settings.confidence)
        }
        passRate = try settings.passLevel.map { try RunPassRate(onScale, scale: scale, passLevel: $0, level: settings.confidence) }
        levels = try RunLevelDistribution(
            onScale, scale: scale, level: settings.confidence, resamples: settings.resamples, seed: settings.seed)
    }

    /// One expert value per labelled row.
    ///
    /// - Throws: ``AlignmentError`` for a label of a row outside the run, or a row two raters labelled.
    private static func singleLabels(_ d: AlignmentInput.Dimension, runRowIDs: Set<String>) throws -> [String: Double] {
        var values: [String: Double] = [:]
        var raters: [String: String] = [:]
        for label in d.expertLabels {
            guard runRowIDs.contains(label.rowID) else {
                throw AlignmentError(
                    "\(label.rowID), labelled by \(label.rater), is not a row of the run; estimation needs labels of the run's rows")
            }
            if let first = raters.updateValue(label.rater, forKey: label.rowID) {
                throw AlignmentError(.twoRaters(row: label.rowID, dimension: d.name, first: first, second: label.rater))
            }
            values[label.rowID] = label.value
        }
        return values
    }
}
