public import StatisticsCore

/// The difference between two runs judged by the same judge (system A against
/// B, or a release against the last), each estimated from its own labelled and
/// unlabelled rows: A − B by each method, with a normal interval.
///
/// The two runs' rows and labels are independent samples, so the variance of the
/// difference is the sum of the two variances:
///
///     Δ̂ = θ̂_A − θ̂_B,   SE(Δ̂) = √(SE_A² + SE_B²),   Δ̂ ± z·SE
///
/// For the corrected mean the SEs are PPI++'s (each run with its own λ, and the
/// variance of the runs' ``WeightedMeanVariance``, small-sample pseudo-rows included),
/// for the corrected pass rate the SEs of its correction (the judge-level posterior's standard
/// deviation by default, Rogan–Gladen's delta-method SE on request); the quantile is
/// the normal one; the pass-rate difference is clipped to [−1, 1]. A difference is undefined, with the reason of the run
/// that lacks a value or a standard error, when either side is undefined.
///
/// The judge's sensitivity and specificity are estimated separately for each run,
/// which the same judge does not strictly need; pooling them would narrow the
/// interval but tie the two runs' errors together, and is not done here.
public struct RunDifference: Sendable, Hashable, Codable {
    /// The corrected difference: PPI++ for means, each run's corrected rate (``RunPassRate/corrected``) for pass rates.
    public let corrected: Estimate
    /// The prediction-powered difference of pass rates; for means the same as ``corrected``.
    public let predictionPowered: Estimate
    /// The difference of the judge's own figures.
    public let judgeOnly: Estimate
    /// The difference of the experts' figures on the labelled rows.
    public let expertsOnly: Estimate

    /// Mean of run A minus mean of run B.
    public init(_ a: RunMeanEstimate, minus b: RunMeanEstimate, level: Double = 0.95) {
        corrected = Self.difference(a.corrected, b.corrected, level: level)
        predictionPowered = corrected
        judgeOnly = Self.difference(a.judgeOnly, b.judgeOnly, level: level)
        expertsOnly = Self.difference(a.expertsOnly, b.expertsOnly, level: level)
    }

    /// Pass rate of run A minus pass rate of run B (both at their own pass level, normally the same).
    public init(_ a: RunPassRate, minus b: RunPassRate, level: Double = 0.95) {
        corrected = Self.difference(a.corrected, b.corrected, level: level, range: -1...1)
        predictionPowered = Self.difference(a.predictionPowered.corrected, b.predictionPowered.corrected, level: level)
        judgeOnly = Self.difference(a.judgeOnly, b.judgeOnly, level: level)
        expertsOnly = Self.difference(a.expertsOnly, b.expertsOnly, level: level)
    }

    /// θ̂_A − θ̂_B with SE √(SE_A² + SE_B²).
    static func difference(_ a: Estimate, _ b: Estimate, level: Double, range: ClosedRange<Double>? = nil) -> Estimate {
        let n = a.n + b.n
        guard let va = a.value, let vb = b.value, let sa = a.standardError, let sb = b.standardError else {
            let (name, side) = a.value == nil || a.standardError == nil ? ("A", a) : ("B", b)
            let reason =
                side.undefinedReason
                ?? UndefinedReason(code: "no-standard-error", message: "its estimate has no standard error")
            return Estimate(
                undefined: UndefinedReason(code: reason.code, message: "run \(name): \(reason.message)"), n: n)
        }
        return Estimate.runEstimate(value: va - vb, variance: sa * sa + sb * sb, n: n, level: level, clippedTo: range)
    }
}
