/// An abstain band for a two-level (pass/fail) judge: below a lower threshold the judge's "fail"
/// is kept, at or above an upper one its "pass", and between them it abstains and the row goes to
/// an expert — with both kept decisions' precision and the abstention rate certified by Learn then
/// Test (Angelopoulos, Bates, Candès, Jordan & Lei 2021), as MAPIE's `BinaryClassificationController`
/// computes it for its "Risk Control for LLM as a Judge with Abstention" example (MAPIE 1.6.0).
///
/// **Decisions.** For a row whose judge gives the positive level ("pass") probability s and a
/// candidate (λ₁, λ₂) with λ₁ ≤ λ₂: positive when s ≥ λ₂, else negative when s ≤ λ₁, else
/// abstain (``decision(score:thresholds:)``; at s = λ₁ = λ₂ the positive decision wins, as in
/// MAPIE's `np.where` order).
///
/// **Risks**, per candidate on the n labelled rows: the negative predictive value's risk
/// r₁ = (rows decided negative that the experts passed) / (rows decided negative), the positive
/// predictive value's r₂ = (rows decided positive that the experts failed) / (rows decided
/// positive), and the abstention rate r₃ = (rows abstained) / n, at levels α₁ = 1 − minimum NPV,
/// α₂ = 1 − minimum PPV and α₃ = maximum abstention.
///
/// **p-values.** Each risk's binary Hoeffding–Bentkus p-value (Learn then Test §3.2, the losses
/// being 0 or 1), with m rows behind the risk and k of them wrong:
/// p = min(exp(−m·h(min(r̂, α), α)), P(Binomial(m, α) ≤ k)),
/// h(r, α) = r log(r/α) + (1 − r) log((1 − r)/(1 − α)) (the first term 0 at r = 0). A candidate's
/// p-value is the largest of its three (the null "some risk exceeds its level" is a union).
///
/// **Family-wise error.** Bonferroni–Holm at δ over all candidates (MAPIE's default): the smallest
/// p-value is tested at δ/m, the next at δ/(m − 1), … until one fails; the rejected candidates are
/// ``valid``. With probability at least 1 − δ over the labelled rows, every valid candidate
/// controls all three risks on new rows from the same distribution.
///
/// **Choice.** Among the valid candidates the one with the lowest abstention rate; ties go to the
/// larger r₁ (MAPIE's "less conservative" tie rule), then to the first in the order given.
///
/// **Where it differs from MAPIE 1.6.0**, both where MAPIE's arithmetic slips, each a
/// documented, counted case in `Tests/StatisticsTests/Resources/abstain-band-fixtures.json`:
/// - k is counted exactly. MAPIE passes ⌈m·r̂⌉ to the binomial, with r̂ = 1 − (right/m) in
///   floating point, which for about one (m, right) pair in five lies just above the whole number
///   and counts one wrong row too many: its p-value is then too large (conservative).
/// - A risk with no row behind it (no row decided negative, say) has p-value 1: the candidate is
///   not certified. MAPIE's p-value is NaN there, and since `np.argmin` picks a NaN first, its Holm
///   procedure stops at once and certifies no candidate at all.
public struct AbstainBand: Sendable, Hashable {
    /// One labelled row: the judge's probability of the positive level and the experts' level.
    public struct Row: Sendable, Hashable {
        /// The judge's probability of the positive level ("pass"), in [0, 1].
        public var score: Double
        /// Whether the experts gave the positive level.
        public var positive: Bool

        /// Creates a row.
        public init(score: Double, positive: Bool) {
            self.score = score
            self.positive = positive
        }
    }

    /// A candidate band: negative at or below `lower`, positive at or above `upper`.
    public struct Thresholds: Sendable, Hashable, Codable {
        /// λ₁.
        public var lower: Double
        /// λ₂.
        public var upper: Double

        /// Creates a band.
        public init(lower: Double, upper: Double) {
            self.lower = lower
            self.upper = upper
        }
    }

    /// One candidate band measured on the labelled rows.
    public struct Candidate: Sendable, Hashable {
        /// The band.
        public var thresholds: Thresholds
        /// Rows decided negative, and of those the ones the experts passed.
        public var decidedNegative: Int
        public var wrongNegative: Int
        /// Rows decided positive, and of those the ones the experts failed.
        public var decidedPositive: Int
        public var wrongPositive: Int
        /// Rows abstained.
        public var abstained: Int
        /// The Hoeffding–Bentkus p-values of r₁, r₂ and r₃, in that order.
        public var pValues: [Double]
        /// Whether Holm's procedure certified the band.
        public var valid: Bool

        /// The candidate's p-value: the largest of ``pValues``.
        public var pValue: Double { pValues.max() ?? 1 }

        /// On the labelled rows: the negative predictive value 1 − r₁, the positive predictive value
        /// 1 − r₂ (each `nil` when no row is decided that way) and the abstention rate r₃ (`nil` without rows).
        public var negativePredictiveValue: Double? {
            decidedNegative > 0 ? 1 - Double(wrongNegative) / Double(decidedNegative) : nil
        }
        public var positivePredictiveValue: Double? {
            decidedPositive > 0 ? 1 - Double(wrongPositive) / Double(decidedPositive) : nil
        }
        public var abstentionRate: Double? {
            let rows = decidedNegative + decidedPositive + abstained
            return rows > 0 ? Double(abstained) / Double(rows) : nil
        }
    }

    /// The minimum negative predictive value, minimum positive predictive value and maximum
    /// abstention rate asked for.
    public let minimumNegativePredictiveValue: Double
    public let minimumPositivePredictiveValue: Double
    public let maximumAbstentionRate: Double
    /// δ: the probability allowed that a certified band fails a target.
    public let error: Double
    /// Labelled rows given.
    public let rows: Int
    /// Every candidate, in the order given.
    public let candidates: [Candidate]

    /// Tests every band in `candidates` on `rows` at the targets, with family-wise error δ = `error`.
    ///
    /// - Throws: ``ConformalError`` when a target or δ is not in (0, 1), there is no candidate, a
    ///   candidate has λ₁ > λ₂ or is not finite, or a row's score is not in [0, 1].
    public init(
        rows: [Row],
        candidates: [Thresholds],
        minimumNegativePredictiveValue: Double,
        minimumPositivePredictiveValue: Double,
        maximumAbstentionRate: Double,
        error: Double
    ) throws(ConformalError) {
        for (name, value) in [
            ("the minimum negative predictive value", minimumNegativePredictiveValue),
            ("the minimum positive predictive value", minimumPositivePredictiveValue),
            ("the maximum abstention rate", maximumAbstentionRate), ("the error δ", error),
        ] where !(value > 0 && value < 1) {
            throw .level(name, value)
        }
        guard !candidates.isEmpty else { throw .noCandidates }
        for (index, band) in candidates.enumerated()
        where !(band.lower.isFinite && band.upper.isFinite && band.lower <= band.upper) {
            throw .badCandidate(index: index + 1, lower: band.lower, upper: band.upper)
        }
        if let bad = rows.firstIndex(where: { !($0.score >= 0 && $0.score <= 1) }) {
            throw .badScore(row: bad + 1, value: rows[bad].score)
        }
        self.minimumNegativePredictiveValue = minimumNegativePredictiveValue
        self.minimumPositivePredictiveValue = minimumPositivePredictiveValue
        self.maximumAbstentionRate = maximumAbstentionRate
        self.error = error
        self.rows = rows.count
        let levels = [1 - minimumNegativePredictiveValue, 1 - minimumPositivePredictiveValue, maximumAbstentionRate]
        var measured = candidates.map { Self.measure(rows, $0, levels: levels) }
        for index in Self.holm(measured.map(\.pValue), error: error) { measured[index].valid = true }
        self.candidates = measured
    }

    /// The certified bands, in the order given.
    public var valid: [Candidate] { candidates.filter(\.valid) }

    /// The band chosen: the valid one with the lowest abstention rate (ties: the larger r₁, then
    /// the first); `nil` when no band is certified.
    public var chosen: Candidate? {
        valid.min { a, b in
            if a.abstained != b.abstained { return a.abstained < b.abstained }
            // Larger r₁ = wrong/decided first; exact by cross-multiplication.
            return a.wrongNegative * b.decidedNegative > b.wrongNegative * a.decidedNegative
        }
    }
}
