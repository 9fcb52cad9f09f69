import StatisticsCore

/// How sure the judge was of one level on one dimension of one row: a number in [0, 1], the level
/// it is about, and the method that measured it.
///
/// The level is the judge's decision for selective trust: a row kept on the judge's word gets this
/// level, and it is this level that is compared with the experts'. It is not always the score: in
/// probability-weighted mode the score is the expected value over the levels, the decision the most
/// probable level; in sampled mode the score is the mean of the replies, the decision the level most
/// replies chose.
public struct JudgeConfidence: Sendable, Hashable, Codable {
    /// How a confidence was measured.
    public enum Method: String, Sendable, Hashable, Codable, CaseIterable {
        /// Probability-weighted mode: the renormalised probability of the most probable level at the
        /// token where the judge wrote the score (Jung, Brahman & Choi 2025 use the same quantity,
        /// the probability of the judge's preferred answer).
        case levelProbability = "level-probability"
        /// Sampled mode: the share of sampled replies that chose the level most of them chose.
        case sampleAgreement = "sample-agreement"
        /// Simulated annotators: the share of annotators (each shown other worked examples) on the level most of them chose.
        case annotatorAgreement = "annotator-agreement"
        /// A judge scored elsewhere: the confidence its scores file gives beside the score.
        case given
    }

    /// How it was measured.
    public var method: Method
    /// The value of the level it is about.
    public var level: Double
    /// The confidence, in [0, 1].
    public var value: Double

    /// Creates a confidence.
    ///
    /// - Precondition: `value` lies in [0, 1].
    public init(method: Method, level: Double, value: Double) {
        precondition(value >= 0 && value <= 1, "a confidence lies in [0, 1]")
        self.method = method
        self.level = level
        self.value = value
    }

    private enum CodingKeys: String, CodingKey { case method, level, value }

    /// Reads a confidence as a judgments file stores it.
    ///
    /// - Throws: `DecodingError` when the value is not in [0, 1] or the level not finite.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let value = try c.decode(Double.self, forKey: .value)
        let level = try c.decode(Double.self, forKey: .level)
        guard value >= 0 && value <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: c, debugDescription: "a confidence lies in [0, 1], not \(value)")
        }
        guard level.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .level, in: c, debugDescription: "a level is a finite number")
        }
        self.init(method: try c.decode(Method.self, forKey: .method), level: level, value: value)
    }

    /// The names of the metrics an evaluation records a dimension's confidence under: `<dimension> (confidence)`
    /// and `<dimension> (confident level)` (``ModelJudgeEvaluator``).
    public static func metricNames(dimension: String) -> (confidence: String, level: String) {
        ("\(dimension) (confidence)", "\(dimension) (confident level)")
    }

    /// The most probable level of `scale` under `probabilities` (by label, as
    /// ``DimensionJudgment/probabilities`` holds them) and its probability; among levels of equal
    /// probability the lowest. `nil` when no level has a probability.
    public static func mostProbable(_ probabilities: [String: Double], on scale: ScoringScale) -> JudgeConfidence? {
        var best: (level: ScaleLevel, p: Double)?
        for level in scale.levels {
            guard let p = probabilities[level.label], p.isFinite else { continue }
            if let leader = best, p <= leader.p { continue }
            best = (level, p)
        }
        guard let best else { return nil }
        return JudgeConfidence(method: .levelProbability, level: best.level.value, value: min(1, max(0, best.p)))
    }

    /// The level most of `values` (each a sampled reply's or an annotator's level) chose and the share
    /// that chose it, measured by `method`; among levels chosen equally often the lowest. `nil` without values.
    public static func mostSampled(_ values: [Double], method: Method = .sampleAgreement) -> JudgeConfidence? {
        var counts: [Double: Int] = [:]
        for v in values { counts[v, default: 0] += 1 }
        guard let (level, count) = counts.min(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) else { return nil }
        return JudgeConfidence(method: method, level: level, value: Double(count) / Double(values.count))
    }
}

extension DimensionJudgment {
    /// The judge's probability of each level of `scale`, in the scale's order: in probability-weighted
    /// mode the renormalised probabilities; with sampled replies or simulated annotators the share of
    /// them at each level; else, on a scale of exactly two levels, a confidence c alone (a scores
    /// file's) gives its level c and the other level 1 − c, its level placed on the scale as the
    /// nearest one (``StatisticsCore/CategoryScale/nearestIndex(to:)``, as trust places it). 1 − c is
    /// rounded to 15 decimal places, so that it reads as the decimal it is: 0.7 leaves 0.3, not
    /// 1 − 0.7 = 0.30000000000000004, which a threshold at 0.3 would place on the wrong side. `nil` in
    /// discrete mode, after a discrete fallback, and with a confidence alone on more than two levels,
    /// where it says nothing of how the rest is spread.
    public func levelDistribution(on scale: ScoringScale) -> [Double]? {
        let levels = scale.levels
        if let probabilities, !fellBack {
            return levels.map { probabilities[$0.label] ?? 0 }
        }
        if let values = sampling?.values, !values.isEmpty {
            return levels.map { level in Double(values.count { $0 == level.value }) / Double(values.count) }
        }
        guard levels.count == 2, let confidence else { return nil }
        let chosen = scale.categoryScale.nearestIndex(to: confidence.level)
        let rest = ((1 - confidence.value) * 1e15).rounded() / 1e15
        return levels.indices.map { $0 == chosen ? confidence.value : rest }
    }
}
