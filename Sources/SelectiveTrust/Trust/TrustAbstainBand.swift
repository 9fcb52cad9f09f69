public import Calibration
public import RunInference
public import StatisticsCore

/// The abstain band of a pass/fail judge on a run: for every dimension whose scale has two levels,
/// the thresholds (λ₁, λ₂) on the judge's probability s of the upper level ("pass") below which its
/// lower level is kept, above which its upper level is, and between which the row goes to an
/// expert, certified by Learn then Test on the labelled rows (``RunInference/AbstainBand``), and
/// every judged row's decision, the abstained rows first, for labelling.
///
/// **Rows.** As ``TrustPredictionSets``: calibration uses the labelled rows (less worked examples
/// unless the settings keep them) whose raters' values combine to a level (``TrustSettings/experts``,
/// placed on the scale) and whose judgment has a level distribution; the experts' level is positive
/// when it is the upper one. s is the distribution's upper level renormalised over the two
/// (``RunInference/AbstainBand/positiveProbability(_:row:)``). Every judged run row with a
/// distribution (less worked examples) gets a decision, labelled rows too.
///
/// **Guarantee.** With probability at least 1 − δ (δ the trust settings' error) over the labelled
/// rows, the band chosen keeps the negative and positive predictive values and the abstention rate
/// within their targets on new rows from the same distribution. When no candidate is certified
/// there is no band, and every row abstains: the judge's word is kept nowhere.
///
/// **Dimensions.** Those of other than two levels are left out and listed (``leftOut``); none of two
/// levels is ``TrustError/noTwoLevelDimension(_:)``.
public struct TrustAbstainBand: Sendable, Hashable {
    /// A dimension and its scale's number of levels.
    public struct ScaleSize: Sendable, Hashable, Codable {
        public var dimension: String
        public var levels: Int

        /// Creates a dimension's size.
        public init(dimension: String, levels: Int) {
            self.dimension = dimension
            self.levels = levels
        }
    }

    /// One judged row's decision.
    public struct Row: Sendable, Hashable {
        /// The row, the judge's probability of the upper level, and what the band does with it.
        public var id: String
        public var score: Double
        public var decision: AbstainBand.Decision
        /// Whether the experts labelled the row.
        public var labelled: Bool
    }

    /// One two-level dimension's band.
    public struct Dimension: Sendable, Hashable {
        public var name: String
        /// The scale: its two levels, lower first, name the decisions.
        public var scale: CategoryScale
        /// Every candidate tested on the labelled rows, those certified and the one chosen.
        public var band: AbstainBand
        /// Every judged row's decision, abstained rows first (each group in run order): the order to label them in.
        public var rows: [Row]
        /// The fewest labelled rows decided at the lower and at the upper level, and abstained or not in
        /// all, with which any candidate can be certified, even with no row wrong
        /// (``RunInference/AbstainBand/minimumRows(level:error:candidates:)``).
        public var minimumNegativeRows: Int
        public var minimumPositiveRows: Int
        public var minimumRows: Int

        /// Labelled rows the band was calibrated on.
        public var calibrationRows: Int { band.rows }
        /// The band chosen; `nil` when none is certified.
        public var chosen: AbstainBand.Candidate? { band.chosen }
        /// The candidate nearest to certification: the smallest p-value (ties: the first).
        public var closest: AbstainBand.Candidate? {
            band.candidates.enumerated().min { a, b in
                a.element.pValue != b.element.pValue ? a.element.pValue < b.element.pValue : a.offset < b.offset
            }?.element
        }
        /// Judged rows abstained.
        public var abstained: Int { rows.count { $0.decision == .abstain } }
    }

    /// The targets and grid.
    public let settings: Settings
    /// δ.
    public let error: Double
    /// Each two-level dimension, in the rubric's order.
    public let dimensions: [Dimension]
    /// The dimensions left out, their scales not of two levels.
    public let leftOut: [ScaleSize]

    /// The dimensions of `sizes` a band is drawn on, those of two levels, and the others.
    ///
    /// - Throws: ``TrustError/noTwoLevelDimension(_:)`` when none has two levels.
    public static func split(_ sizes: [ScaleSize]) throws(TrustError) -> (twoLevels: [String], leftOut: [ScaleSize]) {
        let twoLevels = sizes.filter { $0.levels == 2 }.map(\.dimension)
        guard !twoLevels.isEmpty else { throw .noTwoLevelDimension(sizes) }
        return (twoLevels, sizes.filter { $0.levels != 2 })
    }

    /// Calibrates the band of each two-level dimension of `input` from `distributions` (dimension
    /// name → row id → the judge's probability of each level, lower first) and decides every judged row.
    ///
    /// - Throws: ``TrustError/noScale(dimension:)``; ``TrustError/noTwoLevelDimension(_:)``;
    ///   ``RunInference/ConformalError`` for a distribution that is not two probabilities with some
    ///   mass; ``Calibration/AlignmentError`` for labels the expert panel refuses.
    public init(
        _ input: AlignmentInput, distributions: [String: [String: [Double]]], settings: TrustSettings, band: Settings
    ) throws {
        let sizes = try input.dimensions.map { d throws(TrustError) in
            guard let scale = d.scale else { throw .noScale(dimension: d.name) }
            return ScaleSize(dimension: d.name, levels: scale.count)
        }
        let split = try Self.split(sizes)
        self.settings = band
        error = settings.error
        leftOut = split.leftOut
        let examples = settings.includeExamples ? [] : input.exampleRowIDs
        let candidates = band.candidates
        let levels = [1 - band.minimumNegativePredictiveValue, 1 - band.minimumPositivePredictiveValue, band.maximumAbstentionRate]
        let needed = levels.map { AbstainBand.minimumRows(level: $0, error: settings.error, candidates: candidates.count) }
        dimensions = try input.dimensions.filter { split.twoLevels.contains($0.name) }.map { d in
            let experts = try TrustReport.experts(d, input: input, settings: settings)
            let scale = experts.scale, panel = experts.panel
            let given = distributions[d.name] ?? [:]
            let judged = input.runRowIDs.filter { !examples.contains($0) }.compactMap { id in given[id].map { (id: id, p: $0) } }
            let scores = try judged.enumerated().map { i, row throws(ConformalError) in
                try AbstainBand.positiveProbability(row.p, row: i + 1)
            }
            let calibration = zip(judged, scores).compactMap { row, s in
                panel.expertValue(row.id).map { AbstainBand.Row(score: s, positive: scale.nearestIndex(to: $0) == 1) }
            }
            let tested = try AbstainBand(
                rows: calibration, candidates: candidates, minimumNegativePredictiveValue: band.minimumNegativePredictiveValue,
                minimumPositivePredictiveValue: band.minimumPositivePredictiveValue, maximumAbstentionRate: band.maximumAbstentionRate,
                error: settings.error)
            let rows = zip(judged, scores).map { row, s in
                Row(id: row.id, score: s, decision: tested.decision(for: s) ?? .abstain, labelled: panel.labels[row.id] != nil)
            }
            return Dimension(
                name: d.name, scale: scale, band: tested,
                rows: rows.filter { $0.decision == .abstain } + rows.filter { $0.decision != .abstain },
                minimumNegativeRows: needed[0], minimumPositiveRows: needed[1], minimumRows: max(needed[0] + needed[1], needed[2]))
        }
    }
}
