public import StatisticsCore
import Foundation

/// The true mean residual b of a map on a run, read from the transport audit that passed on the same
/// labels, given that it passed: a median-unbiased value and an interval that hold conditionally on the
/// pass (the truncated-normal pivot of selective inference: Lee, Sun, Sun & Taylor 2016; Fithian, Sun &
/// Taylor 2014).
///
/// **Why.** An audit passes when its interval m ± c·se lies within ±δ (``TransportAudit``), that is when
/// the mean residual m falls in the pass region [L, U] = [−δ + c·se, δ − c·se]. Where the map is off by
/// nearly the margin, the samples that pass are those whose m happens to be small, so m read as if it had
/// not been selected undershoots b, and a correction by it undercovers (docs/CALIBRATION-MAPS.md measures
/// both).
///
/// **The pivot.** Given the pass, m is N(b, se²) truncated to [L, U] (se read as known, as the audit's
/// own interval reads it), and
///
///     F(m; b) = (Φ((m − b)/se) − Φ((L − b)/se)) / (Φ((U − b)/se) − Φ((L − b)/se))
///
/// is uniform on (0, 1) at the true b and falls as b rises. The value is the b with F(m; b) = ½ and the
/// interval at level 1 − α is [b₋, b₊] with F(m; b₋) = 1 − α/2 and F(m; b₊) = α/2, each found by
/// bisection. The ratio is formed from the tail the region lies in, in logarithms
/// (log(1 − Φ(z)) from `erfc` below z = 30 and from its asymptotic series beyond), so it holds when b is
/// many standard errors from the region. Checked against scipy's `truncnorm` with `brentq` on 40 cases
/// (`benchmarks/python/pass_selected_fixtures.py`).
///
/// **Edges.** As m nears an end of the region (an audit whose interval just touches the margin), the value
/// and both ends run off past that end of the region without bound: a pass by a hair says little about
/// how far b is beyond it. At the end itself (chance zero) F is constant in b and every figure is infinite.
public struct PassSelectedResidual: Sendable, Hashable, Codable {
    /// The median-unbiased b: F(m; b) = ½; infinite when m sits at an end of the pass region.
    public let value: Double
    /// The interval's ends; an end is infinite when no finite b reaches its level.
    public let lower: Double
    public let upper: Double
    /// The interval's level.
    public let level: Double

    /// The reading of mean residual `meanResidual` with standard error `standardError`, selected into
    /// `passRegion`, at `level`; `nil` when the region is a single point, `meanResidual` lies outside it (the
    /// audit did not pass), a figure is not finite or the standard error not positive.
    public init?(meanResidual m: Double, standardError se: Double, passRegion: ClosedRange<Double>, level: Double = 0.95) {
        guard m.isFinite, se.isFinite, se > 0, passRegion.lowerBound.isFinite, passRegion.upperBound.isFinite,
            passRegion.upperBound > passRegion.lowerBound, passRegion.contains(m), level > 0, level < 1
        else { return nil }
        let (low, high) = (passRegion.lowerBound, passRegion.upperBound)
        let pivot = { (b: Double) in Self.pivot(m: m, b: b, region: (low, high), se: se) }
        value = Self.solve(pivot, target: 0.5, around: m, scale: se + (high - low))
        lower = Self.solve(pivot, target: 1 - (1 - level) / 2, around: m, scale: se + (high - low))
        upper = Self.solve(pivot, target: (1 - level) / 2, around: m, scale: se + (high - low))
        self.level = level
    }

    /// The pass region of an audit at margin `margin` whose interval's half-width is `halfWidth` (c·se):
    /// [−δ + c·se, δ − c·se]; `nil` when it is empty (no mean residual passes).
    public static func passRegion(margin: Double, halfWidth: Double) -> ClosedRange<Double>? {
        guard margin.isFinite, halfWidth.isFinite, halfWidth >= 0, halfWidth <= margin else { return nil }
        return (-margin + halfWidth)...(margin - halfWidth)
    }

    /// F(m; b): the chance that the truncated normal of mean b falls at or below m.
    static func pivot(m: Double, b: Double, region: (low: Double, high: Double), se: Double) -> Double {
        let a = (region.low - b) / se, x = (m - b) / se, u = (region.high - b) / se
        if a > 0 {
            // The region in the upper tail: (Q(a) − Q(x)) / (Q(a) − Q(u)), Q = 1 − Φ, relative to Q(a).
            let la = logSurvival(a)
            return -expm1(logSurvival(x) - la) / -expm1(logSurvival(u) - la)
        }
        if u < 0 {
            // The region in the lower tail: (Φ(x) − Φ(a)) / (Φ(u) − Φ(a)), Φ(z) = Q(−z), relative to Φ(u).
            let lu = logSurvival(-u)
            let top = exp(logSurvival(-x) - lu) - exp(logSurvival(-a) - lu)
            return top / -expm1(logSurvival(-a) - lu)
        }
        let cdf = NormalDistribution.cdf
        return (cdf(x) - cdf(a)) / (cdf(u) - cdf(a))
    }

    /// log(1 − Φ(z)): from `erfc` below z = 30, beyond it from the tail's asymptotic series
    /// φ(z)/z · (1 − 1/z² + 3/z⁴ − 15/z⁶), whose next term is below 10⁻¹¹ there.
    static func logSurvival(_ z: Double) -> Double {
        guard z >= 30 else { return log(NormalDistribution.survival(z)) }
        let inverse = 1 / (z * z)
        return -z * z / 2 - log(z) - 0.5 * log(2 * Double.pi) + log1p(inverse * (-1 + inverse * (3 - 15 * inverse)))
    }

    /// The b at which the falling `pivot` reaches `target`: the bracket grown from `around` ± `scale` by
    /// doubling, then 200 bisections; ±∞ when no finite b within 2⁶⁰ scales reaches it.
    static func solve(_ pivot: (Double) -> Double, target: Double, around center: Double, scale: Double) -> Double {
        var step = scale
        var (low, high) = (center - step, center + step)
        var (atLow, atHigh) = (pivot(low), pivot(high))
        var grown = 0
        while atLow < target || atHigh > target {
            guard grown < 60 else { return atLow < target ? -.infinity : .infinity }
            step *= 2
            if atLow < target { (low, atLow) = (center - step, pivot(center - step)) }
            if atHigh > target { (high, atHigh) = (center + step, pivot(center + step)) }
            grown += 1
        }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { break }
            if pivot(middle) > target { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
