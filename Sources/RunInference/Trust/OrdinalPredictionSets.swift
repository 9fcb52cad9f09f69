/// Per-row prediction sets for an ordinal score by split conformal prediction: from the judge's
/// probabilities over a scale's K ordered levels, a contiguous run of levels — "3–4" — that holds
/// the experts' level with probability at least 1 − α (Vovk et al. 2005; Lei et al. 2018).
///
/// **Method.** The ordinal adaptive prediction sets of Lu, Angelopoulos, Bates & Kalpathy-Cramer
/// ("Improving trustworthiness of AI disease severity rating in medical imaging with ordinal
/// conformal prediction sets", MICCAI 2022, §2.2 "Ordinal Adaptive Prediction Sets"), in its
/// non-randomised split-conformal form:
///
/// 1. A row's **greedy path** (``path(_:)``) starts at its most probable level and grows one level
///    at a time, adding the neighbour (the level just below or just above the interval) with the
///    larger probability; once one end of the scale is reached it grows the other way. Ties — for
///    the first level and between the two neighbours — go to the lower level. The path's k-th
///    interval is contiguous and has mass m_k, the sum of the probabilities it holds.
/// 2. A calibration row's **score** is the mass of the first interval on its path that holds the
///    experts' level: s = m_j where level j is added at step j.
/// 3. With n calibration rows, **q̂** is the r-th smallest score, r = ⌈(n + 1)(1 − α)⌉. When r > n
///    (n < (1 − α)/α) no finite quantile exists: q̂ is infinite and every set is the whole scale
///    (``threshold`` is `nil`, ``minimumRows(miscoverage:)`` says how many rows it takes).
/// 4. A row's **set**, by ``SetRule``: ``SetRule/reaching`` (the paper's, and Angelopoulos &
///    Bates' non-randomised APS set) takes the first interval on the path with mass ≥ q̂, extended
///    over any further levels whose cumulative mass is still ≤ q̂ (levels of probability 0 added
///    right after the crossing); ``SetRule/scoreAtMost`` takes exactly the levels whose score is
///    ≤ q̂ — the last interval on the path with mass ≤ q̂ — and the most probable level alone when
///    none is.
///
/// **Guarantee.** If the calibration rows and a new row are exchangeable, P(level ∈ set) ≥ 1 − α,
/// marginally over the calibration draw and the new row (not for each row, nor for each level), for
/// both rules: each set holds every level whose score is ≤ q̂. Neither is ever empty. With
/// ``SetRule/scoreAtMost`` and scores without ties the coverage is also at most 1 − α + 1/(n + 1),
/// unless the most probable level had to be added. ``SetRule/reaching`` always adds the level at
/// which the mass crosses q̂, so it covers more, by much when the judge is sharp: on a 1–5 scale
/// with an informative judge, 99.7% at α = 0.1 against 90.0% (docs/TRUST.md). The score has an atom
/// at 1 — a row whose level is the last its path adds — and when more than a share α of rows sit
/// on it, q̂ = 1 and every set is the whole scale: on a pass/fail scale that is any judge whose most
/// probable level is wrong on more than α of rows. Only randomisation (Romano, Sesia & Candès 2020)
/// would split that atom.
///
/// **Probabilities.** Each row's probabilities are renormalised to sum to 1 over the K levels (a
/// judge's level distribution in weighted mode already is; a distribution that lost mass to tokens
/// off the scale is treated as the judge's distribution on the scale). A row with the wrong count,
/// a negative or non-finite probability, or no mass at all is refused with ``ConformalError``.
/// K = 2 works as any K: the set is one level or both.
///
/// **Rounding.** r is computed as ⌈(n + 1)(1 − α) − 10⁻⁹⌉, so that a product that is a whole
/// number in decimal (20 × 0.9) is not pushed up a rank by binary rounding.
///
/// Equal to an independent NumPy implementation written from the paper on 90 synthetic cases
/// (`benchmarks/python/ordinal_prediction_sets_fixtures.py`); coverage measured by
/// `benchmarks/ConformalSimulation` (docs/TRUST.md, "Per-row prediction sets").
public struct OrdinalPredictionSets: Sendable, Hashable {
    /// One labelled calibration row: the judge's probabilities over the levels and the experts' level.
    public struct Row: Sendable, Hashable {
        /// The judge's probability of each level, lowest level first (renormalised when used).
        public var probabilities: [Double]
        /// The experts' level, as an index 0..<K into ``probabilities``.
        public var level: Int

        /// Creates a row.
        public init(probabilities: [Double], level: Int) {
            self.probabilities = probabilities
            self.level = level
        }
    }

    /// The scale's number of levels K.
    public let levels: Int
    /// The share of rows whose set may miss the experts' level: α.
    public let miscoverage: Double
    /// Every calibration row's score, in the order given.
    public let scores: [Double]
    /// The rank r = ⌈(n + 1)(1 − α)⌉ of q̂ among the sorted scores (1-based); it exceeds n when
    /// there are too few rows.
    public let rank: Int
    /// q̂, the set's mass threshold; `nil` when n is too small for α and every set is the whole scale.
    public let threshold: Double?

    /// Calibrates the sets on labelled `rows` at miscoverage α = `miscoverage`.
    ///
    /// - Parameter levels: K, the scale's number of levels (at least 2).
    /// - Throws: ``ConformalError`` when K < 2, α is not in (0, 1), or a row does not fit the scale.
    public init(rows: [Row], levels: Int, miscoverage: Double) throws(ConformalError) {
        guard levels >= 2 else { throw .tooFewLevels(levels) }
        guard miscoverage > 0, miscoverage < 1 else { throw .level("the miscoverage α", miscoverage) }
        var scores: [Double] = []
        scores.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            guard row.level >= 0, row.level < levels else {
                throw .offScale(row: index + 1, level: row.level, levels: levels)
            }
            let normalised = try Self.normalised(row.probabilities, levels: levels, row: index + 1)
            scores.append(Self.score(normalised, level: row.level))
        }
        self.levels = levels
        self.miscoverage = miscoverage
        self.scores = scores
        self.rank = Self.rank(rows: rows.count, miscoverage: miscoverage)
        self.threshold = rank <= scores.count ? scores.sorted()[rank - 1] : nil
    }

    /// How a row's set is read off its greedy path at q̂ (both hold the level on at least 1 − α of rows).
    public enum SetRule: String, Sendable, Hashable, Codable, CaseIterable {
        /// The first interval with mass ≥ q̂, and any levels of probability 0 right after it
        /// (Lu et al. 2022; conservative).
        case reaching
        /// The levels whose score is ≤ q̂ (the last interval with mass ≤ q̂), or the most probable
        /// level alone when there is none (close to 1 − α when the scores have no atom above α).
        case scoreAtMost
    }

    /// The prediction set for a row with the judge's `probabilities`, read by `rule`; the whole scale
    /// when ``threshold`` is `nil`.
    ///
    /// - Throws: ``ConformalError`` when the probabilities do not fit the scale (`row` names the
    ///   row in the message).
    public func set(
        for probabilities: [Double],
        rule: SetRule = .reaching,
        row: Int = 1
    ) throws(ConformalError) -> LevelInterval {
        let path = Self.path(try Self.normalised(probabilities, levels: levels, row: row))
        guard let q = threshold else { return path[path.count - 1] }
        switch rule {
        case .reaching:
            // The path's last mass is 1 and q̂ is a score, at most 1: some interval reaches it.
            var end = path.firstIndex { $0.mass >= q } ?? path.count - 1
            while end + 1 < path.count, path[end + 1].mass <= q { end += 1 }
            return path[end]
        case .scoreAtMost:
            return path.last { $0.mass <= q } ?? path[0]
        }
    }

    /// The fewest calibration rows for which q̂ is finite at α: the least n with
    /// ⌈(n + 1)(1 − α)⌉ ≤ n.
    /// That is n ≥ (1 − α − 10⁻⁹)/α; 9 at α = 0.1, 4 at α = 0.2. `nil` when α is not in (0, 1).
    public static func minimumRows(miscoverage: Double) -> Int? {
        guard miscoverage > 0, miscoverage < 1 else { return nil }
        let bound = ((1 - miscoverage - 1e-9) / miscoverage).rounded(.up)
        guard bound < Double(Int.max / 2) else { return nil }
        var n = max(1, Int(bound) - 1)
        while rank(rows: n, miscoverage: miscoverage) > n { n += 1 }
        return n
    }

    /// r = ⌈(n + 1)(1 − α) − 10⁻⁹⌉.
    static func rank(rows n: Int, miscoverage: Double) -> Int {
        Int((Double(n + 1) * (1 - miscoverage) - 1e-9).rounded(.up))
    }
}
