import DataFormats
import StatisticsCore

/// The rows a corrected run estimate rests on: n labelled rows, each with an
/// expert's score and the judge's score, and N unlabelled rows with the judge's
/// score alone, with the weights that say how the labelled rows were drawn.
///
/// The labelled rows must be a probability sample of the run. With the
/// ``SamplingDesign/uniform`` design (the default) every row had the same chance
/// of being labelled and every weight is 1. With known inclusion probabilities
/// π (a stratified extraction), a labelled row is weighted 1/π (Horvitz–Thompson)
/// and an unlabelled row 1/(1 − π), its probability of *not* having been drawn,
/// so that each sample, weighted, stands for the whole run. The weights are
/// normalised to mean 1 within each sample, as `ppi-python` does with its `w`
/// and `w_unlabeled`, so that a weighted mean is Σ wᵢxᵢ / n (the Hájek mean).
///
/// **Bad input throws** ``RatingError``: lists of different lengths, a score or
/// weight that is not finite, a weight ≤ 0, an inclusion probability outside
/// (0, 1] (or equal to 1 for an unlabelled row, which could not then have been
/// left unlabelled). Too few rows is not an error of the input but of the
/// estimate: each estimator is undefined, with its reason, below
/// ``minimumLabelled`` labelled rows or with no unlabelled row.
public struct CorrectionSample: Sendable, Hashable {
    /// How the labelled rows were drawn from the run.
    public enum SamplingDesign: Sendable, Hashable {
        /// Every row of the run equally likely to be labelled (simple random sampling).
        case uniform
        /// Each row's probability of having been drawn for labelling, labelled rows
        /// first, in the order of ``CorrectionSample/expert``, then the unlabelled rows.
        case inclusionProbabilities(labelled: [Double], unlabelled: [Double])
        /// Sampling weights given directly, as `ppi-python`'s `w` and `w_unlabeled`.
        case weights(labelled: [Double], unlabelled: [Double])
    }

    /// Below this many labelled rows no corrected estimate is given: sensitivity,
    /// specificity and the residual variance would rest on a handful of rows and the
    /// normal approximation behind every interval here would not hold.
    public static let minimumLabelled = 10

    /// The experts' scores of the labelled rows.
    public let expert: [Double]
    /// The judge's scores of the same labelled rows.
    public let judge: [Double]
    /// The judge's scores of the unlabelled rows.
    public let judgeUnlabelled: [Double]
    /// The labelled rows' weights, normalised to mean 1.
    public let weights: [Double]
    /// The unlabelled rows' weights, normalised to mean 1.
    public let weightsUnlabelled: [Double]
    /// Whether every weight is 1 (the uniform design).
    public let isUniform: Bool

    /// n, the number of labelled rows.
    public var labelled: Int { expert.count }
    /// N, the number of unlabelled rows.
    public var unlabelled: Int { judgeUnlabelled.count }

    /// A sample from paired labelled scores and unlabelled judge scores.
    ///
    /// - Throws: ``RatingError`` on mismatched lengths, non-finite values, or
    ///   weights and probabilities out of range.
    public init(expert: [Double], judge: [Double], judgeUnlabelled: [Double], design: SamplingDesign = .uniform) throws
    {
        guard expert.count == judge.count else { throw RatingError.lengthMismatch(expert.count, judge.count) }
        try Self.requireFinite(expert, "expert score of labelled row")
        try Self.requireFinite(judge, "judge score of labelled row")
        try Self.requireFinite(judgeUnlabelled, "judge score of unlabelled row")
        self.expert = expert
        self.judge = judge
        self.judgeUnlabelled = judgeUnlabelled
        switch design {
        case .uniform:
            weights = Array(repeating: 1, count: expert.count)
            weightsUnlabelled = Array(repeating: 1, count: judgeUnlabelled.count)
            isUniform = true
            return
        case .inclusionProbabilities(let labelled, let unlabelled):
            try Self.requireCount(labelled, expert.count, "labelled inclusion probabilities")
            try Self.requireCount(unlabelled, judgeUnlabelled.count, "unlabelled inclusion probabilities")
            for (i, p) in labelled.enumerated() where !(p > 0 && p <= 1) {
                throw RatingError(
                    message: "the inclusion probability \(p.plainText) of labelled row \(i + 1) is not in (0, 1]",
                    position: i)
            }
            for (i, p) in unlabelled.enumerated() where !(p >= 0 && p < 1) {
                throw RatingError(
                    message:
                        "the inclusion probability \(p.plainText) of unlabelled row \(i + 1) is not in [0, 1): a row drawn with certainty cannot be unlabelled",
                    position: i)
            }
            weights = Self.normalised(labelled.map { 1 / $0 })
            weightsUnlabelled = Self.normalised(unlabelled.map { 1 / (1 - $0) })
        case .weights(let labelled, let unlabelled):
            try Self.requireCount(labelled, expert.count, "labelled weights")
            try Self.requireCount(unlabelled, judgeUnlabelled.count, "unlabelled weights")
            for (i, w) in (labelled + unlabelled).enumerated() where !(w > 0 && w.isFinite) {
                throw RatingError(
                    message: "weight \(w.plainText) at position \(i + 1) is not a positive finite number", position: i)
            }
            weights = Self.normalised(labelled)
            weightsUnlabelled = Self.normalised(unlabelled)
        }
        isUniform = weights.allSatisfy { $0 == 1 } && weightsUnlabelled.allSatisfy { $0 == 1 }
    }

    /// The same rows with every score mapped through `transform` (for example to a
    /// pass indicator), keeping the weights.
    public func mapped(_ transform: (Double) -> Double) -> CorrectionSample {
        CorrectionSample(
            expert: expert.map(transform), judge: judge.map(transform), judgeUnlabelled: judgeUnlabelled.map(transform),
            weights: weights, weightsUnlabelled: weightsUnlabelled, isUniform: isUniform)
    }

    /// The same rows with the judge's scores replaced by `judge` and `judgeUnlabelled` (as many of each)
    /// and the experts' values as they are, keeping the weights: a judge read through a calibration map.
    func replacingJudge(_ judge: [Double], _ judgeUnlabelled: [Double]) -> CorrectionSample {
        precondition(
            judge.count == labelled && judgeUnlabelled.count == unlabelled,
            "a reading of \(judge.count) + \(judgeUnlabelled.count) rows for a sample of \(labelled) + \(unlabelled)")
        return CorrectionSample(
            expert: expert, judge: judge, judgeUnlabelled: judgeUnlabelled,
            weights: weights, weightsUnlabelled: weightsUnlabelled, isUniform: isUniform)
    }

    /// The same rows with the experts' values mapped through `transform` (for example onto a level of
    /// the scale) and the judge's as they are, keeping the weights.
    public func expertMapped(_ transform: (Double) -> Double) -> CorrectionSample {
        CorrectionSample(
            expert: expert.map(transform), judge: judge, judgeUnlabelled: judgeUnlabelled,
            weights: weights, weightsUnlabelled: weightsUnlabelled, isUniform: isUniform)
    }

    /// The labelled rows at `rows` (positions in ``expert``) with every unlabelled row, the
    /// labelled weights normalised again to mean 1 (one fold of a cross-fit).
    func labelledRows(_ rows: [Int]) -> CorrectionSample {
        CorrectionSample(
            expert: rows.map { expert[$0] }, judge: rows.map { judge[$0] }, judgeUnlabelled: judgeUnlabelled,
            weights: Self.normalised(rows.map { weights[$0] }), weightsUnlabelled: weightsUnlabelled, isUniform: isUniform)
    }

    /// Why no corrected estimate can rest on these rows, or `nil` when one can.
    var insufficiency: UndefinedReason? {
        if labelled < Self.minimumLabelled {
            return .tooFew(
                "\(labelled) labelled row\(labelled == 1 ? "" : "s"); a corrected estimate needs at least \(Self.minimumLabelled)"
            )
        }
        if unlabelled == 0 { return .noData("there are no unlabelled rows to correct") }
        return nil
    }

    private init(
        expert: [Double], judge: [Double], judgeUnlabelled: [Double], weights: [Double], weightsUnlabelled: [Double],
        isUniform: Bool
    ) {
        self.expert = expert
        self.judge = judge
        self.judgeUnlabelled = judgeUnlabelled
        self.weights = weights
        self.weightsUnlabelled = weightsUnlabelled
        self.isUniform = isUniform
    }

    private static func normalised(_ w: [Double]) -> [Double] {
        let total = CompensatedSum.of(w)
        return w.map { $0 / total * Double(w.count) }
    }

    private static func requireFinite(_ values: [Double], _ what: String) throws {
        if let i = values.firstIndex(where: { !$0.isFinite }) {
            throw RatingError(
                message: "the \(what) \(i + 1) is \(values[i].plainText), not a finite number", position: i)
        }
    }

    private static func requireCount(_ values: [Double], _ count: Int, _ what: String) throws {
        guard values.count == count else {
            throw RatingError(message: "\(values.count) \(what) for \(count) rows; give one per row", position: nil)
        }
    }
}
