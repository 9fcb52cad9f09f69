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
/// - All ratings equal: every mean square is 0 and the ICC is 0/0, undefined
///   with reason `no-variation` (pingouin and irr give NaN). Fewer than two
///   items or raters: `too-few`. A zero error mean square with between-item
///   variation gives F = ∞, p = 0 and an interval bound of 1.
/// - Checked against Shrout & Fleiss (1979), R irr, R psych and pingouin through
///   the reference vectors.
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
        let n = complete.count
        guard n >= 2, k >= 2 else {
            self.estimate = Estimate(
                undefined: .tooFew("an ICC needs at least 2 complete items and 2 raters; there are \(n) and \(k)"), n: n)
            return
        }
        let ms = Self.meanSquares(complete)
        self.meanSquares = ms
        guard let analysis = Self.analyse(ms, n: Double(n), k: Double(k), form: form, level: level) else {
            self.estimate = Estimate(
                undefined: .noVariation("the ratings do not vary between items or within them (all mean squares 0), so the ICC is 0/0"),
                n: n)
            return
        }
        self.estimate = Estimate(value: analysis.value, n: n, interval: analysis.interval)
        self.fTest = analysis.test
    }

    /// The mean squares, with compensated sums and residuals taken directly
    /// (not by subtraction), so that an exact constant offset leaves MSE = 0.
    private static func meanSquares(_ x: [[Double]]) -> MeanSquares {
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

    /// The estimate, F test and interval of one form, or `nil` when the estimate is 0/0.
    private static func analyse(
        _ ms: MeanSquares, n: Double, k: Double, form: ICCForm, level: Double
    ) -> (value: Double, test: FTest, interval: ConfidenceInterval?)? {
        let tail = (1 - level) / 2
        let average = form.unit == .average
        switch (form.model, form.definition) {
        case (.oneWay, _), (.twoWay, .consistency):
            let oneWay = form.model == .oneWay
            let error = oneWay ? ms.within : ms.error
            let df2 = oneWay ? n * (k - 1) : (n - 1) * (k - 1)
            let numerator = ms.rows - error
            let denominator = average ? ms.rows : ms.rows + (k - 1) * error
            guard denominator != 0 else { return nil }
            let ratio = ms.rows / error
            let test = FTest(statistic: ratio, df1: n - 1, df2: df2, pValue: FDistribution.survival(ratio, n - 1, df2))
            let fl = ratio / FDistribution.quantile(1 - tail, n - 1, df2)
            let fu = ratio * FDistribution.quantile(1 - tail, df2, n - 1)
            // (F − 1)/(F + k − 1) and 1 − 1/F, written in 1/F so that F = ∞ gives 1.
            let bound = { (f: Double) -> Double in average ? 1 - 1 / f : (1 - 1 / f) / (1 + (k - 1) / f) }
            return (numerator / denominator, test, interval(bound(fl), bound(fu), level))
        case (.twoWay, .agreement):
            let numerator = ms.rows - ms.error
            let denominator =
                average
                ? ms.rows + (ms.columns - ms.error) / n
                : ms.rows + (k - 1) * ms.error + k * (ms.columns - ms.error) / n
            guard denominator != 0 else { return nil }
            let rho = numerator / denominator
            let a = k * rho / (n * (1 - rho))
            let b = 1 + k * rho * (n - 1) / (n * (1 - rho))
            let v =
                (a * ms.columns + b * ms.error) * (a * ms.columns + b * ms.error)
                / ((a * ms.columns) * (a * ms.columns) / (k - 1) + (b * ms.error) * (b * ms.error) / ((n - 1) * (k - 1)))
            let ratio = ms.rows / ms.error
            let test = FTest(statistic: ratio, df1: n - 1, df2: v, pValue: FDistribution.survival(ratio, n - 1, v))
            guard v.isFinite, v > 0 else { return (rho, test, nil) }
            let fl = FDistribution.quantile(1 - tail, n - 1, v)
            let fu = FDistribution.quantile(1 - tail, v, n - 1)
            let lower: Double
            let upper: Double
            if average {
                lower = n * (ms.rows - fl * ms.error) / (fl * (ms.columns - ms.error) + n * ms.rows)
                upper = n * (fu * ms.rows - ms.error) / (ms.columns - ms.error + n * fu * ms.rows)
            } else {
                let c = k * ms.columns + (k * n - k - n) * ms.error
                lower = n * (ms.rows - fl * ms.error) / (fl * c + n * ms.rows)
                upper = n * (fu * ms.rows - ms.error) / (c + n * fu * ms.rows)
            }
            return (rho, test, interval(lower, upper, level))
        }
    }

    private static func interval(_ lower: Double, _ upper: Double, _ level: Double) -> ConfidenceInterval? {
        guard lower.isFinite, upper.isFinite else { return nil }
        return ConfidenceInterval(lower: lower, upper: upper, level: level, method: "mcgraw-wong-f")
    }
}
