/// Benjamini and Yekutieli's step-up adjustment of a family of p-values, which keeps the false
/// discovery rate — the expected share of false rejections among the rejections — at or below q
/// whatever the tests' dependence.
///
/// Benjamini & Yekutieli 2001, "The control of the false discovery rate in multiple testing under
/// dependency", Ann. Statist. 29:1165–1188, Theorem 1.3: with the m p-values sorted ascending,
/// p₍₁₎ ≤ … ≤ p₍ₘ₎, and c(m) = Σᵢ₌₁ᵐ 1/i, reject H₍₁₎ … H₍ₖ₎ for the largest k with
/// p₍ₖ₎ ≤ k·q / (m·c(m)). The adjusted p-values (R `p.adjust(p, "BY")`, statsmodels
/// `multipletests(p, method="fdr_by")`) are
///
///     p̃₍ᵢ₎ = min over j ≥ i of min(1, m·c(m)·p₍ⱼ₎ / j),
///
/// and a test is rejected at q exactly when p̃ ≤ q. The factor c(m) is the price of arbitrary
/// dependence (Benjamini–Hochberg's method, without it, needs positive dependence); the
/// alternative annotator test uses it because every rater's comparison shares the judge.
///
/// Checked against statsmodels 0.15 on the alt-test fixtures (`benchmarks/python/alt_test_fixtures.py`).
public enum BenjaminiYekutieliAdjustment {
    /// The adjusted p-values, in the order given; empty for no p-values.
    public static func adjusted(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        guard m > 0 else { return [] }
        let harmonic = (1...m).reduce(0.0) { $0 + 1 / Double($1) }
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var result = [Double](repeating: 1, count: m)
        var running = 1.0
        for rank in stride(from: m, through: 1, by: -1) {
            let index = order[rank - 1]
            running = min(running, min(1, Double(m) * harmonic * pValues[index] / Double(rank)))
            result[index] = running
        }
        return result
    }

    /// Which tests are rejected at false discovery rate `q`, in the order given.
    public static func rejected(_ pValues: [Double], q: Double) -> [Bool] {
        adjusted(pValues).map { $0 <= q }
    }
}
