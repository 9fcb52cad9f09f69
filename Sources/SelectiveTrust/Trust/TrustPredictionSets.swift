public import Calibration
public import CalibrationData
public import RunInference
import StatisticsCore

/// Per-row prediction sets for a run: for every judged row and dimension, the contiguous levels the
/// experts would give with probability at least 1 − α (``RunInference/OrdinalPredictionSets``,
/// split conformal on the labelled rows), the rows with the widest sets first, for labelling.
///
/// **Rows.** Calibration uses the labelled rows (less worked examples unless the settings keep them)
/// whose raters' values combine to a level (``TrustSettings/experts``) and whose judgment has a
/// level distribution; every judged run row with a distribution gets a set, labelled rows too. The
/// coverage is marginal: over new rows from the same distribution, the experts' level is in the set
/// at least 1 − α of the time.
public struct TrustPredictionSets: Sendable, Hashable, Encodable {
    /// One row's set.
    public struct Row: Sendable, Hashable, Encodable {
        /// The row and its set: the lowest and highest level's values, as many levels, the judge's mass on them.
        public var id: String
        public var lower: Double
        public var upper: Double
        public var width: Int
        public var mass: Double
        /// Whether the experts labelled the row.
        public var labelled: Bool
    }

    /// One dimension's sets.
    public struct Dimension: Sendable, Hashable, Encodable {
        public var name: String
        /// Labelled rows the sets were calibrated on.
        public var calibrationRows: Int
        /// q̂, the score quantile; `nil` when too few rows calibrate it (every set is then the whole scale).
        public var threshold: Double?
        /// Every judged row's set, widest first (ties in run order): the order to label them in.
        public var rows: [Row]
        /// The mean width in levels, the share of single levels and of the whole scale; `nil` without rows.
        public var meanWidth: Double?
        public var singletons: Double?
        public var wholeScale: Double?
    }

    /// 1 − α, the coverage asked.
    public let coverage: Double
    /// How a set is read off its path.
    public let rule: OrdinalPredictionSets.SetRule
    /// Each dimension.
    public let dimensions: [Dimension]

    /// Calibrates and builds the sets of `input`'s dimensions from `distributions` (dimension name →
    /// row id → the judge's probability of each level, in the scale's order).
    ///
    /// - Throws: ``RunInference/ConformalError`` for a distribution that does not fit its scale;
    ///   ``TrustError/noScale(dimension:)``; ``Calibration/AlignmentError`` for labels the expert panel refuses.
    public init(
        _ input: AlignmentInput, distributions: [String: [String: [Double]]], coverage: Double, rule: OrdinalPredictionSets.SetRule,
        settings: TrustSettings
    ) throws {
        self.coverage = coverage
        self.rule = rule
        let examples = settings.includeExamples ? [] : input.exampleRowIDs
        dimensions = try input.dimensions.map { d in
            let experts = try TrustReport.experts(d, input: input, settings: settings)
            let scale = experts.scale, panel = experts.panel
            let given = distributions[d.name] ?? [:]
            let runRows = input.runRowIDs.filter { !examples.contains($0) }
            let calibration = runRows.compactMap { id -> OrdinalPredictionSets.Row? in
                guard let p = given[id], let expert = panel.expertValue(id) else { return nil }
                return OrdinalPredictionSets.Row(probabilities: p, level: scale.nearestIndex(to: expert))
            }
            let conformal = try OrdinalPredictionSets(rows: calibration, levels: scale.count, miscoverage: 1 - coverage)
            let judged = runRows.filter { given[$0] != nil }
            let sets = try conformal.sets(for: judged.compactMap { given[$0] }, rule: rule)
            let rows = OrdinalPredictionSets.labellingOrder(sets).map { i in
                Row(
                    id: judged[i], lower: scale.values[sets[i].lower], upper: scale.values[sets[i].upper], width: sets[i].width,
                    mass: sets[i].mass, labelled: panel.labels[judged[i]] != nil)
            }
            let summary = OrdinalPredictionSets.widthSummary(sets, levels: scale.count)
            return Dimension(
                name: d.name, calibrationRows: calibration.count, threshold: conformal.threshold, rows: rows, meanWidth: summary?.meanWidth,
                singletons: summary?.singletons, wholeScale: summary?.wholeScale)
        }
    }
}
