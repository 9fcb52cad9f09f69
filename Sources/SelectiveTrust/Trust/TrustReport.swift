public import Calibration
public import CalibrationData
public import Judging
public import RunInference
public import StatisticsCore

/// `judgecal trust`: per dimension, the confidence above which the judge may be trusted without an
/// expert, with the guarantee that on the rows it keeps it disagrees with the experts on at most a
/// share α, except with probability δ (``RunInference/TrustThreshold``); how much of the run that
/// keeps; and whether the confidence itself is calibrated (``RunInference/ConfidenceCalibration``).
///
/// **Rows.** A dimension's labelled rows are the run's rows with at least one expert label there,
/// less the rubric's worked examples (unless the settings keep them). A row's expert level is its
/// raters' values combined (``CalibrationData/ExpertCombination``, the scale's standard unless the
/// settings choose) and placed on the scale; the judge's level is its confidence's level
/// (``Judging/JudgeConfidence/level``), placed on the scale the same way. A labelled row is left
/// out, and counted, when its raters' majority ties, when the judge failed on it or was not asked,
/// or when the judge gave it no confidence (such a row is escalated in use, so the guarantee is
/// about the rows that have one).
///
/// **Coverage.** The share of the run's judged rows (less worked examples) whose confidence is at or
/// above the threshold: a row the judge failed on, or gave no confidence, is not kept.
public struct TrustReport: Sendable, Hashable, Encodable {
    /// Labelled rows left out of a dimension, by why.
    public struct LeftOut: Sendable, Hashable, Codable {
        /// The raters' majority tied, so the row has no expert level.
        public var noExpertLevel = 0
        /// The judge failed on the row or was not asked about it.
        public var noJudgeScore = 0
        /// The judge scored the row without a confidence.
        public var noConfidence = 0
        /// The row is one of the rubric's worked examples.
        public var workedExamples = 0
    }

    /// How much of the run a threshold keeps.
    public struct Coverage: Sendable, Hashable, Codable {
        /// The run's rows the judge was asked about, less worked examples.
        public var judged: Int
        /// Of those, the rows kept.
        public var kept: Int
        /// kept / judged; `nil` when no row was judged.
        public var share: Double? { judged > 0 ? Double(kept) / Double(judged) : nil }
    }

    /// One dimension's trust.
    public struct Dimension: Sendable, Hashable, Encodable {
        /// The dimension's name.
        public var name: String
        /// Its declared scale.
        public var scale: CategoryScale
        /// The confidence methods the judge's scores carried, sorted.
        public var methods: [JudgeConfidence.Method]
        /// The expert combination used.
        public var experts: ExpertCombination
        /// The threshold test over the labelled rows: every candidate, the one chosen.
        public var threshold: TrustThreshold
        /// The fewest labelled rows with which any threshold could be certified.
        public var minimumRows: Int
        /// The share of labelled rows on which the judge alone agrees (every row kept); `nil` without rows.
        public var judgeAloneAgreement: Double?
        /// The share of the labelled rows kept at the threshold on which the judge agrees; `nil` without a threshold.
        public var keptAgreement: Double?
        /// The run's rows kept at the threshold; `nil` without a threshold.
        public var coverage: Coverage?
        /// The run's rows the judge was asked about (the coverage's denominator).
        public var judgedRows: Int
        /// Whether the confidence is calibrated.
        public var calibration: ConfidenceCalibration
        /// Labelled rows left out, by why.
        public var leftOut: LeftOut
        /// The decision.
        public var verdict: Verdict<TrustOutcome>
    }

    /// The run, rubric and model, as an alignment reports them.
    public var info: AlignmentInfo
    /// The settings.
    public var settings: TrustSettings
    /// Each dimension, in the rubric's order.
    public var dimensions: [Dimension]

    /// The worst outcome over the dimensions (``Calibration/VerdictOutcome/worst(of:)``).
    public var outcome: TrustOutcome { TrustOutcome.worst(of: dimensions.map(\.verdict.outcome)) }

    /// Measures trust on `input`'s dimensions (an alignment's input: the judge's scores with their
    /// confidences and the experts' labels on the run's rows).
    ///
    /// - Throws: ``TrustError`` for a dimension without a scale, without any confidence on its
    ///   labelled rows, or asked for agreement within one on two levels; ``Calibration/AlignmentError``
    ///   for labels the expert panel refuses (``Calibration/ExpertPanel``).
    public init(_ input: AlignmentInput, settings: TrustSettings) throws {
        info = input.info
        self.settings = settings
        let examples = settings.includeExamples ? [] : input.exampleRowIDs
        dimensions = try input.dimensions.map { d in
            try Self.dimension(d, experts: try Self.experts(d, input: input, settings: settings), runRows: input.runRowIDs, examples: examples, settings: settings)
        }
    }

    /// A dimension's declared scale and its raters over the whole run.
    struct Experts {
        let scale: CategoryScale
        let panel: ExpertPanel
    }

    /// `d`'s scale and its raters over the whole run of `input`, combined as the settings say (the scale's standard unless chosen).
    ///
    /// - Throws: ``TrustError/noScale(dimension:)``, ``TrustError/withinOneOnTwoLevels(dimension:)`` (before
    ///   any label is looked at); ``Calibration/AlignmentError`` for labels the panel refuses.
    static func experts(_ d: AlignmentInput.Dimension, input: AlignmentInput, settings: TrustSettings) throws -> Experts {
        guard let scale = d.scale else { throw TrustError.noScale(dimension: d.name) }
        if settings.agreement == .withinOne, scale.values.count == 2 { throw TrustError.withinOneOnTwoLevels(dimension: d.name) }
        let panel = try ExpertPanel(
            dimension: d.name, scale: scale, labels: d.expertLabels, runRows: Set(input.runRowIDs), combination: settings.experts)
        return Experts(scale: scale, panel: panel)
    }

    /// One dimension's trust on the labelled rows among `runRows` (a cascade's stage passes the rows earlier stages did not
    /// keep), each row's expert level from `experts`.
    static func dimension(
        _ d: AlignmentInput.Dimension, experts: Experts, runRows: [String], examples: Set<String>, settings: TrustSettings
    ) throws(TrustError) -> Dimension {
        let scale = experts.scale, panel = experts.panel
        let labelled = panel.judgedRows(runRows.filter { panel.labels[$0] != nil }, judge: d.judge, examples: examples)
        var leftOut = LeftOut(
            noExpertLevel: labelled.leftOut.noExpertValue, noJudgeScore: labelled.leftOut.noJudgeScore,
            workedExamples: labelled.leftOut.workedExamples)
        var rows: [TrustThreshold.Row] = []
        var methods: Set<JudgeConfidence.Method> = []
        for row in labelled.rows {
            guard let confidence = row.judge.confidence else {
                leftOut.noConfidence += 1
                continue
            }
            methods.insert(confidence.method)
            let gap = abs(scale.nearestIndex(to: row.expert) - scale.nearestIndex(to: confidence.level))
            rows.append(TrustThreshold.Row(confidence: confidence.value, agrees: gap <= (settings.agreement == .exact ? 0 : 1)))
        }
        if rows.isEmpty, leftOut.noConfidence > 0 { throw .noConfidence(dimension: d.name) }

        let threshold = TrustThreshold(rows: rows, risk: settings.risk, error: settings.error, minimumKept: settings.minimumKept)
        let minimumRows = TrustThreshold.minimumRows(risk: settings.risk, error: settings.error, minimumKept: settings.minimumKept)
        let judged = runRows.filter { !examples.contains($0) && (d.judge.scores[$0] != nil || d.judge.failures[$0] != nil) }
        let coverage = threshold.threshold.map { t in
            Coverage(judged: judged.count, kept: judged.count { (d.judge.scores[$0]?.confidence?.value ?? -.infinity) >= t })
        }
        let agreeing = rows.count(where: \.agrees)
        let verdict = Self.verdict(threshold, rows: rows.count, minimumRows: minimumRows, coverage: coverage, settings: settings)
        return Dimension(
            name: d.name, scale: scale, methods: methods.sorted { $0.rawValue < $1.rawValue }, experts: panel.combination,
            threshold: threshold, minimumRows: minimumRows,
            judgeAloneAgreement: rows.isEmpty ? nil : Double(agreeing) / Double(rows.count),
            keptAgreement: threshold.chosen.map { Double($0.kept - $0.disagreements) / Double($0.kept) },
            coverage: coverage, judgedRows: judged.count,
            calibration: ConfidenceCalibration(rows: rows, bins: settings.bins, resamples: settings.resamples, seed: settings.seed),
            leftOut: leftOut, verdict: verdict)
    }

    /// The outcome and its reason: trusted at the chosen threshold; too few rows when fewer than
    /// `minimumRows` (the figures say how many more); else no threshold, with the best reachable α.
    private static func verdict(
        _ t: TrustThreshold, rows: Int, minimumRows: Int, coverage: Coverage?, settings: TrustSettings
    ) -> Verdict<TrustOutcome> {
        let risk = ReportNumber.percent(settings.risk), confidence = ReportNumber.percent(1 - settings.error)
        if let chosen = t.chosen, let coverage {
            let share = coverage.share.map(ReportNumber.percent) ?? "none"
            return Verdict(
                outcome: .trusted,
                reason: "rows with confidence ≥ \(ReportNumber.number(chosen.threshold)) keep \(share) of the run's \(coverage.judged) judged rows; "
                    + "on the \(chosen.kept) labelled rows kept the judge disagrees on \(chosen.disagreements), at most \(ReportNumber.percent(chosen.riskBound)) "
                    + "with \(confidence) confidence, within the \(risk) asked",
                figures: VerdictFigures(threshold: settings.risk))
        }
        guard rows >= minimumRows else {
            return Verdict(
                outcome: .tooFewRows,
                reason: "\(rows) labelled rows with a confidence; certifying \(risk) disagreement with \(confidence) confidence needs at least "
                    + "\(minimumRows), even if the judge never disagreed",
                figures: VerdictFigures(threshold: settings.risk, additionalRowsNeeded: minimumRows - rows))
        }
        let best = t.bestReachableRisk.map(ReportNumber.percent) ?? "none"
        let first = t.candidates.first
        return Verdict(
            outcome: .noThreshold,
            reason: "no threshold keeps the judge within \(risk) disagreement: its \(first?.kept ?? 0) most confident labelled rows already "
                + "disagree on \(first?.disagreements ?? 0), a bound of \(best); the smallest risk these rows can certify is \(best)",
            figures: VerdictFigures(threshold: settings.risk))
    }
}
