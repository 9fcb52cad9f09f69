import StatisticsCore

/// The variance estimator behind the interval of a prediction-powered (PPI++) or experts-only run
/// estimate, and of the pass rate and level shares by judge level: how the variance of a weighted
/// mean is estimated from its rows, with the quantile each estimator is paired with. The interval is
/// then value ± c·√variance, whose method is ``StatisticsCore/ConfidenceInterval/Method/standardError(_:)``
/// (written `normal` or `studentT`); this type chooses the variance, not a kind of interval.
///
/// With labelled rectifiers rᵢ = Yᵢ − λŶᵢ and weights wᵢ (mean 1), and unlabelled
/// imputations λŶⱼ with weights w̃ⱼ (mean 1), the three estimators are:
///
/// | estimator | variance | quantile |
/// |---|---|---|
/// | ``ppiPython`` | Var(w̃λŶ)/N + Var(w r)/n, divisors N and n | z |
/// | ``linearised`` | Σ w̃²(λŶ − m̃)²/N² + Σ w²(r − r̄)²/n² | z |
/// | ``smallSample`` | Σ w̃²(λŶ − m̃)²/(N(N − 1)) + [Σ w²(r − r̄)² + 2h²]/(n(n + 1)) | t, n − 1 df |
///
/// where r̄ = Σwr/Σw and m̃ are the weighted means and h is the smallest step
/// between two scores of the scale (1 for a pass indicator or a level share).
///
/// **`ppiPython`** is `ppi-python` 0.2.3's `ppi_mean_ci` exactly (checked to 1e-9 by
/// `CorrectionReferenceTests`). With unequal weights its variance is that of the
/// weighted values w·x, which exceeds the linearised one by about x̄²·Var(w).
///
/// **`linearised`** is the Taylor-linearised variance of the Hájek (ratio) mean
/// Σwx/Σw (Särndal, Swensson & Wretman 1992, *Model Assisted Survey Sampling*,
/// §5.7, in its with-replacement form, without the finite-population factor 1 − π):
/// the deviations are taken from the weighted mean before weighting. It equals
/// `ppiPython` for equal weights.
///
/// **`smallSample`** (the default) is `linearised` with two pseudo-rows added to the
/// labelled rectifiers, at r̄ + h and r̄ − h, and a Student t quantile with n − 1
/// degrees of freedom. The pseudo-rows are one disagreement of one step each way,
/// the prior of add-two smoothing (as Agresti & Caffo 2000 add one success and one
/// failure to each sample): with a good judge most rectifiers are equal, and their
/// plug-in variance rests on the few disagreements among n rows, often none at a
/// rare level when n = 50 (then the plug-in interval has zero width for the
/// correction and seldom covers the truth). The pseudo-rows leave
/// the estimate unchanged (they sit symmetrically about r̄) and add 2h²/(n(n + 1)) to
/// its variance, negligible beside the data from a few hundred rows. In the
/// simulation it brings PPI++'s coverage at n = 50 up to the nominal level and stays
/// within the experts-only width (docs/ESTIMATION.md, "Small samples: the remedies and
/// how they were chosen" and "Before and after at n = 50").
public enum WeightedMeanVariance: String, Sendable, Hashable, Codable, CaseIterable {
    /// `ppi-python`'s normal interval with plug-in variances (the reference).
    case ppiPython = "ppi-python"
    /// The linearised (Hájek) variance for weighted rows, with a normal quantile.
    case linearised
    /// The linearised variance with two pseudo-disagreements and a t quantile (the default).
    case smallSample = "small-sample"

    /// The variance of Σ wᵢxᵢ / count, where the weights have mean 1: the weighted
    /// values' variance for ``ppiPython``, the linearised one otherwise. Under
    /// ``smallSample`` the divisor is count − 1, or, with `pseudoRows` (the labelled
    /// rectifiers), 2`step`² is added to the sum of squares for the two pseudo-rows
    /// and the divisor is count + 1.
    func varianceOfWeightedMean(_ x: [Double], weights w: [Double], pseudoRows: Bool, step: Double) -> Double {
        let count = Double(x.count)
        guard count > 0 else { return 0 }
        if self == .ppiPython {
            let weighted = x.indices.map { w[$0] * x[$0] }
            return (Spread.variance(weighted, divisor: .population).value ?? 0) / count
        }
        var total = CompensatedSum()
        var weightTotal = CompensatedSum()
        for i in x.indices {
            total.add(w[i] * x[i])
            weightTotal.add(w[i])
        }
        let centre = total.value / weightTotal.value
        var squares = CompensatedSum()
        for i in x.indices { squares.add(w[i] * w[i] * (x[i] - centre) * (x[i] - centre)) }
        switch self {
        case .ppiPython, .linearised:
            return squares.value / (count * count)
        case .smallSample:
            if pseudoRows { return (squares.value + 2 * step * step) / (count * (count + 1)) }
            return count > 1 ? squares.value / (count * (count - 1)) : 0
        }
    }

    /// The quantile the interval is formed with: t with n − 1 degrees of freedom for ``smallSample``, normal otherwise.
    var quantile: ConfidenceInterval.Quantile { self == .smallSample ? .studentT : .normal }
}
