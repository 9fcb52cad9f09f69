import LinearAlgebra
public import StatisticsCore

/// A least-squares map from a judge's scores onto the experts' scores:
/// expert ≈ a + b₁·judge₁ + … + b_p·judge_p, fitted by LAPACK's `dgels` (QR).
///
/// With one judge dimension this is the straight-line recalibration a report
/// shows beside the correlations (how far the judge is offset and stretched);
/// with several dimensions as regressors it asks how well the judge's whole
/// score vector predicts the expert's score on one dimension.
///
/// Reported: the coefficients (intercept first), the residual standard error
/// √(RSS/(n − p − 1)) and R² = 1 − RSS/TSS, with RSS and TSS computed from the
/// data (not from LAPACK's residual block) with compensated sums.
///
/// Undefined, with a reason, rather than fitted:
/// - fewer than p + 2 items (no residual degrees of freedom): `too-few`;
/// - expert scores all equal (R² is 0/0, nothing to recalibrate onto): `no-variation`;
/// - a rank-deficient design: a constant judge dimension (collinear with the
///   intercept) is named as such, `no-variation`; other collinearity, detected
///   when a diagonal entry of R is below 10⁻⁷ times its column's norm (the
///   tolerance R's `lm` uses), is `rank-deficient`. `dgels` assumes full rank
///   and would otherwise return meaningless coefficients.
public struct LinearRecalibration: Sendable, Hashable, Codable {
    /// A fitted linear map.
    public struct Fit: Sendable, Hashable, Codable {
        /// The intercept a.
        public var intercept: Double
        /// The slopes b₁ … b_p, one per judge dimension.
        public var slopes: [Double]
        /// √(RSS/(n − p − 1)).
        public var residualStandardError: Double
        /// 1 − RSS/TSS.
        public var rSquared: Double

        /// The recalibrated score a + Σ bⱼ·judgeⱼ for one item's judge scores.
        public func predict(_ judge: [Double]) -> Double {
            precondition(judge.count == slopes.count, "one judge score per fitted dimension")
            var s = CompensatedSum()
            s.add(intercept)
            for (b, x) in zip(slopes, judge) { s.add(b * x) }
            return s.value
        }
    }

    /// The fit, or `nil` when the design does not determine one.
    public var fit: Fit?
    /// Why there is no fit.
    public var undefinedReason: UndefinedReason?
    /// The number of items.
    public var n: Int

    /// Expert ≈ a + b·judge on paired scores.
    ///
    /// - Throws: ``RatingError`` when the lists differ in length or hold a value
    ///   that is not finite.
    public init(expert: [Double], judge: [Double]) throws {
        try self.init(expert: expert, judgeDimensions: judge.map { [$0] })
    }

    /// Expert ≈ a + Σ bⱼ·judgeⱼ, with one row of judge scores per item (items × dimensions).
    ///
    /// - Throws: ``RatingError`` when the counts differ, rows are ragged, or a
    ///   value is not finite.
    public init(expert: [Double], judgeDimensions rows: [[Double]]) throws {
        guard expert.count == rows.count else { throw RatingError.lengthMismatch(expert.count, rows.count) }
        let n = rows.count
        let p = rows.first?.count ?? 0
        for (position, row) in rows.enumerated() {
            guard row.count == p else {
                throw RatingError(
                    message: "item \(position + 1) has \(row.count) judge dimensions where the first has \(p)", position: position)
            }
            for (d, v) in row.enumerated() where !v.isFinite {
                throw RatingError.notFinite(v, position: position, source: "judge dimension \(d + 1)")
            }
            if !expert[position].isFinite { throw RatingError.notFinite(expert[position], position: position, source: "the expert") }
        }
        self.n = n
        self.fit = nil
        self.undefinedReason = Self.degenerate(expert: expert, rows: rows, p: p)
        guard undefinedReason == nil else { return }
        // The design [1, judge₁, …, judge_p], row-major.
        var design: [Double] = []
        design.reserveCapacity(n * (p + 1))
        for row in rows {
            design.append(1)
            design.append(contentsOf: row)
        }
        guard let solved = LAPACK.leastSquares(design, rows: n, columns: p + 1, rhs: expert),
            Self.hasFullRank(solved.rDiagonal, design: design, columns: p + 1)
        else {
            undefinedReason = UndefinedReason(
                code: "rank-deficient",
                message:
                    "the judge dimensions are collinear (one is a linear combination of the others and the intercept), so the coefficients are not determined"
            )
            return
        }
        var rss = CompensatedSum()
        var tss = CompensatedSum()
        let mean = Spread.accurateMean(expert) ?? 0
        let candidate = Fit(intercept: solved.solution[0], slopes: Array(solved.solution[1...]), residualStandardError: 0, rSquared: 0)
        for (y, row) in zip(expert, rows) {
            let e = y - candidate.predict(row)
            rss.add(e * e)
            tss.add((y - mean) * (y - mean))
        }
        var fit = candidate
        fit.residualStandardError = (rss.value / Double(n - p - 1)).squareRoot()
        fit.rSquared = 1 - rss.value / tss.value
        self.fit = fit
    }

    /// The reason no fit exists before any factorisation, or `nil`.
    private static func degenerate(expert: [Double], rows: [[Double]], p: Int) -> UndefinedReason? {
        let n = rows.count
        guard p >= 1 else { return .noData("there are no judge dimensions to recalibrate from") }
        guard n >= p + 2 else {
            return .tooFew("a fit with an intercept and \(p) slope(s) needs at least \(p + 2) items for a residual error; there are \(n)")
        }
        if Set(expert).count == 1 {
            return .noVariation("the expert scores are all \(expert[0]), so there is nothing to recalibrate onto (R² is 0/0)")
        }
        for d in 0..<p where rows.allSatisfy({ $0[d] == rows[0][d] }) {
            let which = p == 1 ? "the judge's scores are" : "judge dimension \(d + 1) is"
            return .noVariation("\(which) constant (\(rows[0][d])), so the slope is not determined: the design is rank-deficient")
        }
        return nil
    }

    /// Whether every |Rⱼⱼ| is at least 10⁻⁷ times the norm of column j of the design.
    private static func hasFullRank(_ rDiagonal: [Double], design: [Double], columns p: Int) -> Bool {
        for j in 0..<p {
            var norm = CompensatedSum()
            for i in stride(from: j, to: design.count, by: p) { norm.add(design[i] * design[i]) }
            if abs(rDiagonal[j]) < 1e-7 * norm.value.squareRoot() { return false }
        }
        return true
    }
}
