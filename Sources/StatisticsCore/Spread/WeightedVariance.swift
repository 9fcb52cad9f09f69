/// The variance Σ pᵢ (xᵢ − x̄)² / Σ pᵢ of values with non-negative weights,
/// accumulated about the first value with positive weight (the shifted-data
/// algorithm; Chan, Golub & LeVeque 1983).
///
/// The large-sample variances of kappa and Gwet's AC are of this form (the
/// variance over the table's cells of a per-cell term), and were computed as
/// Σ p a² − (Σ p a)², whose cancellation leaves rounding error of about 1e-16
/// where the true variance is 0 (perfect agreement: every occupied cell has the
/// same term), so that its square root reported an SE of 1e-8. About a
/// reference value r taken from the data, both sums vanish exactly when every
/// value equals r, and the variance is exactly 0.
package struct WeightedVariance {
    private var reference: Double?
    private var weight = 0.0
    private var first = 0.0
    private var second = 0.0

    /// An empty accumulator.
    package init() {}

    /// Adds `x` with weight `p`; a weight of 0 adds nothing.
    package mutating func add(_ x: Double, weight p: Double) {
        guard p > 0 else { return }
        let r = reference ?? x
        reference = r
        let d = x - r
        weight += p
        first += p * d
        second += p * d * d
    }

    /// The weighted mean Σ p x / W; 0 with no weight.
    package var mean: Double {
        guard let reference, weight > 0 else { return 0 }
        return reference + first / weight
    }

    /// Σ p (x − r)² / W − (Σ p (x − r) / W)², W = Σ p; 0 with no weight, never negative.
    package var value: Double {
        guard weight > 0 else { return 0 }
        let mean = first / weight
        return max(0, second / weight - mean * mean)
    }
}
