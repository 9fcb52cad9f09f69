import StatisticsCore
import Foundation

/// How many fresh labels a transport audit (``TransportAudit``) needs: the chance that an audit of
/// n rows passes, or fails, when the residuals are normal with standard deviation σ and true mean
/// b, and the fewest rows that reach a chosen power (CJE's `plan_transport_audits`, cje-eval 0.9.3).
///
/// **The chance.** With the mean residual m ~ N(b, σ²/n) and the sample standard deviation s
/// independent of it ((n − 1)s²/σ² ~ χ²ₙ₋₁), the unweighted audit's interval is m ± t·s/√n, t the
/// 1 − α/2 quantile on n − 1 degrees of freedom (α per audit). It lies within ±δ when
/// s < (δ − |m|)·√n/t, and beyond ±δ when s < (|m| − δ)·√n/t; so, with m = b + z·σ/√n,
///
///     P(pass) = ∫ φ(z) · F_χ²ₙ₋₁((n − 1) · (max(0, δ − |m|) / (t σ/√n))²) dz,
///     P(fail) = ∫ φ(z) · F_χ²ₙ₋₁((n − 1) · (max(0, |m| − δ) / (t σ/√n))²) dz,
///
/// over z in [−12, 12] (the normal mass beyond is below 4 × 10⁻³³), by adaptive Simpson
/// quadrature split where |m| bends and where the integrand starts. σ = 0 is the deterministic
/// case: pass exactly when |b| ≤ δ.
///
/// **The map's own error.** The audit tests the map it is given, whose bias on the later run is the
/// shift b plus the map's own error from having been fitted on finitely many rows — about normal,
/// with standard deviation τ. Planned before the map's error is known, the chance is the average
/// over it: P(goal) = ∫ φ(u) · P(goal | b + τu) du, by Simpson's rule on u in [−8, 8] at steps of
/// 0.05 (the inner chance is smooth in the bias). With τ = 0 it is the chance above. The simulation
/// of docs/CALIBRATION-MAPS.md ("Does the audit catch a map that no longer holds?") shows why it
/// matters: with τ ignored, the audits fall well short of the chances they were planned for.
///
/// **τ of a fitted map** (``mapSD(residualSD:rows:)``). A monotone map's values on the rows it was
/// fitted on average to the experts' mean over those rows, so on a later run of the same mix of scores
/// its mean is off by about the mean of the n fitting rows' residual noise: τ ≈ σ/√n, σ the residuals'
/// spread about the map (a calibration's out-of-fold RMSE). Read from a calibration, σ is estimated on
/// n − 1 degrees of freedom and τ is taken as known. The delete-a-fold jackknife of K = 5 folds, which
/// the plan read before, estimates the same τ on 4 degrees of freedom: too often well below it, and the
/// audits it planned fell short (the simulation's earlier table).
///
/// **A shift on some rows** (``residualSD(_:shift:share:)``). A mean shift s confined to a share p of
/// the rows moves those rows by s/p and the rest not at all, which spreads the residuals by the
/// variance of that mixture, (s/p)² · p(1 − p) = s²(1 − p)/p: a fail is planned at
/// σ′ = √(σ² + s²(1 − p)/p), as the later run will show them.
///
/// **The rows needed.** The fewest n, at least a minimum (20, the audit's own), whose chance
/// reaches the power: doubling from the minimum, then bisection, as the chance rises with n for a
/// pass when |b| < δ and for a fail when |b| > δ. A pass cannot be planned when |b| ≥ δ (no number
/// of rows makes a biased map pass), nor a fail when |b| ≤ δ.
public enum TransportAuditPlan {
    /// What the audit should conclude.
    public enum Goal: String, Sendable, Hashable, Codable, CaseIterable {
        case pass
        case fail
    }

    /// The chance that an audit of `rows` rows reaches `goal`, at per-audit level `alpha`, for
    /// residuals with standard deviation `residualSD` and true mean `bias` plus the map's own error
    /// of standard deviation `mapSD`, margin `margin`.
    ///
    /// - Precondition: σ ≥ 0, τ ≥ 0, δ > 0, 0 < α < 1.
    public static func probability(
        of goal: Goal, rows n: Int, residualSD: Double, bias: Double, mapSD: Double = 0, margin: Double, alpha: Double
    ) -> Double {
        precondition(mapSD >= 0 && mapSD.isFinite, "a planning assumption is out of range")
        guard mapSD > 0 else { return probability(of: goal, rows: n, residualSD: residualSD, bias: bias, margin: margin, alpha: alpha, tolerance: 1e-12) }
        let step = 0.05, points = Int((16 / step).rounded())
        var total = 0.0
        for k in 0...points {
            let u = -8 + Double(k) * step
            let weight = k == 0 || k == points ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0)
            let density = exp(-u * u / 2) / (2 * Double.pi).squareRoot()
            total += weight * density
                * probability(of: goal, rows: n, residualSD: residualSD, bias: bias + mapSD * u, margin: margin, alpha: alpha, tolerance: 1e-9)
        }
        return min(1, max(0, total * step / 3))
    }

    /// τ, the standard deviation of the mean error of a map fitted on `rows` rows whose residuals about
    /// it spread `residualSD`: σ/√n (see the type's discussion).
    ///
    /// - Precondition: σ ≥ 0, n ≥ 1.
    public static func mapSD(residualSD: Double, rows: Int) -> Double {
        precondition(residualSD >= 0 && rows >= 1, "a planning assumption is out of range")
        return residualSD / Double(rows).squareRoot()
    }

    /// σ′, the residuals' spread on a later run where a mean shift `shift` falls on a share `share` of the
    /// rows: √(σ² + s²(1 − p)/p); σ itself at p = 1.
    ///
    /// - Precondition: σ ≥ 0, 0 < p ≤ 1.
    public static func residualSD(_ residualSD: Double, shift: Double, share: Double) -> Double {
        precondition(residualSD >= 0 && share > 0 && share <= 1, "a planning assumption is out of range")
        return (residualSD * residualSD + shift * shift * (1 - share) / share).squareRoot()
    }

    /// The chance with the map's error known to be none (`mapSD` 0), its integral to `tolerance` absolute
    /// (10⁻¹²; 10⁻⁹ for each point of an average over the map's error, whose own rule errs by more).
    static func probability(
        of goal: Goal, rows n: Int, residualSD: Double, bias: Double, margin: Double, alpha: Double, tolerance: Double = 1e-12
    ) -> Double {
        precondition(residualSD >= 0 && margin > 0 && alpha > 0 && alpha < 1, "a planning assumption is out of range")
        guard n >= 2 else { return 0 }
        if residualSD == 0 {
            return switch goal {
            case .pass: abs(bias) <= margin ? 1 : 0
            case .fail: abs(bias) > margin ? 1 : 0
            }
        }
        // On a common scale, so that very small or large units cost no precision.
        let scale = max(residualSD, abs(bias), margin)
        let sd = residualSD / scale, b = bias / scale, delta = margin / scale
        let se = sd / Double(n).squareRoot()
        let t = StudentTDistribution.quantile(1 - alpha / 2, degreesOfFreedom: Double(n - 1))
        let degrees = Double(n - 1)
        func integrand(_ z: Double) -> Double {
            let m = abs(b + se * z)
            let slack = max(0, goal == .pass ? delta - m : m - delta)
            let ratio = slack / (t * se)
            let density = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
            return ratio > 1e150 ? density : density * ChiSquareDistribution.cdf(degrees * ratio * ratio, degreesOfFreedom: degrees)
        }
        // Where |m| bends (m = 0) and where the slack starts (|m| = δ), the integrand has corners.
        let corners = [-b / se, (delta - b) / se, (-delta - b) / se].filter { $0 > -12 && $0 < 12 }.sorted()
        let points = [-12.0] + corners + [12.0]
        let total = zip(points, points.dropFirst()).reduce(0) { $0 + integrate(integrand, $1.0, $1.1, tolerance: tolerance) }
        return min(1, max(0, total))
    }

    /// The fewest rows, from `minimumRows` up to `maximumRows`, at which the chance of `goal` reaches
    /// `power`; `nil` when the goal cannot be reached (a pass with |b| ≥ δ, a fail with |b| ≤ δ; with
    /// the map's error, whenever no number of rows reaches the power) or not within `maximumRows`.
    public static func rowsNeeded(
        for goal: Goal, power: Double, residualSD: Double, bias: Double, mapSD: Double = 0, margin: Double, alpha: Double,
        minimumRows: Int = 20, maximumRows: Int = 100_000
    ) -> Int? {
        switch goal {
        case .pass where abs(bias) > margin || (abs(bias) == margin && residualSD > 0): return nil
        case .fail where abs(bias) <= margin: return nil
        default: break
        }
        if mapSD > 0 {
            // With unlimited rows the audit decides exactly whether |b + τu| ≤ δ.
            let within = NormalDistribution.cdf((margin - bias) / mapSD) - NormalDistribution.cdf((-margin - bias) / mapSD)
            guard (goal == .pass ? within : 1 - within) >= power else { return nil }
        }
        let chance = { (n: Int) in
            probability(of: goal, rows: n, residualSD: residualSD, bias: bias, mapSD: mapSD, margin: margin, alpha: alpha)
        }
        var low = minimumRows - 1, high = minimumRows
        while chance(high) < power, high < maximumRows { (low, high) = (high, min(2 * high, maximumRows)) }
        guard chance(high) >= power else { return nil }
        while high - low > 1 {
            let middle = (low + high) / 2
            if chance(middle) >= power { high = middle } else { low = middle }
        }
        return high
    }

    /// ∫ₐᵇ f by adaptive Simpson's rule to `tolerance` absolute (10⁻¹² unless told), at most 40 halvings deep.
    static func integrate(_ f: (Double) -> Double, _ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Double {
        func simpson(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double) -> (m: Double, fm: Double, value: Double) {
            let m = (a + b) / 2, fm = f(m)
            return (m, fm, (b - a) / 6 * (fa + 4 * fm + fb))
        }
        func refine(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double, _ whole: (m: Double, fm: Double, value: Double), _ tolerance: Double, _ depth: Int) -> Double {
            let left = simpson(a, fa, whole.m, whole.fm), right = simpson(whole.m, whole.fm, b, fb)
            let difference = left.value + right.value - whole.value
            if depth <= 0 || abs(difference) <= 15 * tolerance { return left.value + right.value + difference / 15 }
            return refine(a, fa, whole.m, whole.fm, left, tolerance / 2, depth - 1) + refine(whole.m, whole.fm, b, fb, right, tolerance / 2, depth - 1)
        }
        guard b > a else { return 0 }
        let fa = f(a), fb = f(b)
        return refine(a, fa, b, fb, simpson(a, fa, b, fb), tolerance, 40)
    }
}
