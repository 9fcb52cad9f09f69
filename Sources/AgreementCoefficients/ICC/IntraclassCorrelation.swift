public import StatisticsCore

/// An intraclass correlation of n items each rated by the same k raters, with
/// its F test of ICC = 0 and its confidence interval (McGraw & Wong 1996).
///
/// From the two-way ANOVA of the n × k ratings x_ij, with row (item) means
/// x̄ᵢ., column (rater) means x̄.ⱼ and grand mean x̄:
/// MSR = k·Σ(x̄ᵢ. − x̄)²/(n − 1), MSC = n·Σ(x̄.ⱼ − x̄)²/(k − 1),
/// MSW = ΣΣ(x_ij − x̄ᵢ.)²/(n(k − 1)), MSE = ΣΣ(x_ij − x̄ᵢ. − x̄.ⱼ + x̄)²/((n − 1)(k − 1)).
///
/// | form | estimate | F, df |
/// |---|---|---|
/// | ICC(1) | (MSR − MSW)/(MSR + (k − 1)MSW) | MSR/MSW; n − 1, n(k − 1) |
/// | ICC(k) | (MSR − MSW)/MSR | same |
/// | ICC(C,1) | (MSR − MSE)/(MSR + (k − 1)MSE) | MSR/MSE; n − 1, (n − 1)(k − 1) |
/// | ICC(C,k) | (MSR − MSE)/MSR | same |
/// | ICC(A,1) | (MSR − MSE)/(MSR + (k − 1)MSE + k(MSC − MSE)/n) | MSR/MSE; n − 1, v |
/// | ICC(A,k) | (MSR − MSE)/(MSR + (MSC − MSE)/n) | MSR/MSE; n − 1, v |
///
/// where v is McGraw and Wong's Satterthwaite-style degrees of freedom
/// v = (aMSC + bMSE)²/((aMSC)²/(k − 1) + (bMSE)²/((n − 1)(k − 1))),
/// a = kρ̂/(n(1 − ρ̂)), b = 1 + kρ̂(n − 1)/(n(1 − ρ̂)), with ρ̂ the estimate itself.
///
/// Conventions:
/// - Intervals and tests follow **R irr** (`irr::icc`), which implements McGraw
///   and Wong's formulas. For ICC(A,k) R psych computes v from ICC(A,1) instead
///   and gets a different interval ([−0.1266, 0.7451] against irr's
///   [−0.1373, 0.7463] on `anxiety`) and p-value (F(19, 38), p = 0.0562,
///   against irr's F(19, 39.7), p = 0.0543 for ICC(A,1)); we match irr.
/// - Items with a missing rating are deleted listwise (as irr's `na.omit`) and
///   counted in ``excludedUnits``.
/// - Fewer than two items or raters: `too-few`. A zero error mean square with
///   between-item variation gives F = ∞, p = 0 and an interval bound of 1.
/// - **Zero up to rounding.** A mean square, a denominator or the sum in v that is
///   within 1e-12 of the magnitudes it combines, or below (n + k)(8ε·max|x|)² (what
///   rounding the data alone can produce), counts as 0. Every such case is named
///   in `IntraclassCorrelation+Analysis.swift`:
///   - all ratings equal (every mean square 0): undefined, `no-variation`
///     (pingouin and irr give NaN);
///   - a zero denominator otherwise (ICC(k) and ICC(C,k) when the item means do not
///     vary; ICC(C,1) when only the raters' offsets vary; ICC(A,1) with n = k = 2;
///     ICC(A,k) when MSE = n·MSR + MSC): undefined, `no-variation`, the reason naming
///     the denominator and the mean squares, instead of a ratio of rounding errors
///     such as −1.2e16;
///   - v = 0 (for ICC(A,1), v has numerator MSR², so the item means do not vary; for
///     ICC(A,k), kMSR = (k − 1)MSE): the F distribution has no second degrees of
///     freedom, so there is neither an F test nor an interval, and ``notes`` says so.
/// - F = 0 (MSR = 0) gives the bounds (F − 1)/(F + k − 1) = −1/(k − 1), as irr: an
///   ICC(1) or ICC(C,1) of exactly −1 (k = 2) has the interval [−1, −1].
/// - An interval that would not contain its estimate (possible only through the
///   approximate v of the agreement forms) is not reported; ``notes`` says so.
/// - **Values outside [−1, 1]** are kept, because they are what the published
///   estimators (irr, psych, pingouin) return, but are never silent: ``notes``
///   explains them. ICC(A,k) exceeds 1 exactly when its denominator
///   MSR + (MSC − MSE)/n is negative (MSE > n·MSR + MSC), and ICC(A,1) and the
///   average forms go below −1 when the items vary less than the error; ICC(1) and
///   ICC(C,1) stay within [−1/(k − 1), 1].
/// - Checked against Shrout & Fleiss (1979), R irr, R psych and pingouin through
///   the reference vectors, and the edge cases against irr's formulas evaluated with
///   scipy and against pingouin (`benchmarks/python/edge_case_fixtures.py icc`).
public struct IntraclassCorrelation: Sendable, Hashable, Codable {
    /// The mean squares of the two-way ANOVA.
    public struct MeanSquares: Sendable, Hashable, Codable {
        /// Between items (rows), MSR.
        public var rows: Double
        /// Between raters (columns), MSC.
        public var columns: Double
        /// Within items, MSW (the one-way error).
        public var within: Double
        /// Residual, MSE (the two-way error).
        public var error: Double
    }

    /// An F test of H₀: ICC = 0.
    public struct FTest: Sendable, Hashable, Codable {
        /// The F statistic.
        public var statistic: Double
        /// Numerator degrees of freedom.
        public var df1: Double
        /// Denominator degrees of freedom (not an integer for absolute agreement).
        public var df2: Double
        /// P(F ≥ statistic).
        public var pValue: Double
    }

    /// Which ICC.
    public var form: ICCForm
    /// The ICC with n = items used and its interval, or undefined with a reason.
    public var estimate: Estimate
    /// The F test, when the ICC is defined.
    public var fTest: FTest?
    /// The ANOVA mean squares, when there are at least two items and raters.
    public var meanSquares: MeanSquares?
    /// k, the number of raters.
    public var raters: Int
    /// Items left out because a rating was missing.
    public var excludedUnits: Int
    /// Sentences on what is unusual about this result: a value outside [−1, 1] and
    /// why, or why the F test or interval is missing; empty when nothing is.
    public var notes: [String]

    /// The ICC `form` of complete ratings, one row per item, one column per rater.
    ///
    /// - Throws: ``RatingError`` when rows differ in length or hold a value
    ///   that is not finite.
    public init(unitsByRaters ratings: [[Double]], form: ICCForm, level: Double = 0.95) throws {
        try self.init(unitsByRaters: ratings.map { $0.map(Optional.some) }, form: form, level: level)
    }

    /// The ICC `form` of ratings with missing values: items with any missing
    /// rating are deleted listwise and counted in ``excludedUnits``.
    ///
    /// - Throws: ``RatingError`` when rows differ in length or hold a value
    ///   that is not finite.
    public init(unitsByRaters ratings: [[Double?]], form: ICCForm, level: Double = 0.95) throws {
        let k = ratings.first?.count ?? 0
        var complete: [[Double]] = []
        for (position, row) in ratings.enumerated() {
            guard row.count == k else {
                throw RatingError(
                    message: "item \(position + 1) has \(row.count) ratings where the first has \(k); every item needs one slot per rater",
                    position: position)
            }
            for (rater, value) in row.enumerated() {
                if let value, !value.isFinite { throw RatingError.notFinite(value, position: position, source: "rater \(rater + 1)") }
            }
            let values = row.compactMap { $0 }
            if values.count == k { complete.append(values) }
        }
        self.form = form
        self.raters = k
        self.excludedUnits = ratings.count - complete.count
        self.fTest = nil
        self.meanSquares = nil
        self.notes = []
        let n = complete.count
        guard n >= 2, k >= 2 else {
            self.estimate = Estimate(
                undefined: .tooFew("an ICC needs at least 2 complete items and 2 raters; there are \(n) and \(k)"), n: n)
            return
        }
        let ms = Self.meanSquares(complete)
        self.meanSquares = ms
        let largest = complete.reduce(0.0) { max($0, $1.reduce(0.0) { max($0, abs($1)) }) }
        let noise = Double(n + k) * (8 * Double.ulpOfOne * largest) * (8 * Double.ulpOfOne * largest)
        let analysis = Self.analyse(ms, n: Double(n), k: Double(k), form: form, level: level, noise: noise)
        switch analysis.outcome {
        case .undefined(let reason):
            self.estimate = Estimate(undefined: reason, n: n)
        case .value(let value):
            self.estimate = Estimate(value: value, n: n, interval: analysis.interval)
        }
        self.fTest = analysis.test
        self.notes = analysis.notes
    }

    /// The mean squares, with compensated sums and residuals taken directly
    /// (not by subtraction), so that an exact constant offset leaves MSE = 0.
    static func meanSquares(_ x: [[Double]]) -> MeanSquares {
        let n = x.count
        let k = x[0].count
        let rowMeans = x.map { CompensatedSum.of($0) / Double(k) }
        let columnMeans = (0..<k).map { j in CompensatedSum.of(x.map { $0[j] }) / Double(n) }
        let grand = CompensatedSum.of(rowMeans) / Double(n)
        var rows = CompensatedSum()
        for m in rowMeans { rows.add((m - grand) * (m - grand)) }
        var columns = CompensatedSum()
        for m in columnMeans { columns.add((m - grand) * (m - grand)) }
        var within = CompensatedSum()
        var error = CompensatedSum()
        for i in 0..<n {
            for j in 0..<k {
                let w = x[i][j] - rowMeans[i]
                let e = w - columnMeans[j] + grand
                within.add(w * w)
                error.add(e * e)
            }
        }
        let nd = Double(n)
        let kd = Double(k)
        return MeanSquares(
            rows: kd * rows.value / (nd - 1),
            columns: nd * columns.value / (kd - 1),
            within: within.value / (nd * (kd - 1)),
            error: error.value / ((nd - 1) * (kd - 1)))
    }
}
