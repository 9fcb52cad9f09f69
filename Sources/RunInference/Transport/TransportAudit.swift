import StatisticsCore

/// Does a saved judge-to-expert map still hold on a new run? Fresh expert labels on rows of the new
/// run, never used to fit the map, give residuals rᵢ = expertᵢ − calibratedᵢ; their mean is the
/// map's bias on the new run, tested for equivalence against a declared margin δ (CJE's transport
/// audit, `audit_transportability`, cje-eval 0.9.3; Landesberg 2025).
///
/// **The mean residual and its interval.** With weights wᵢ (1/π for a weighted label sheet, else 1)
/// and each row its own cluster: δ̂ = Σ wᵢ rᵢ / Σ wᵢ, its variance
/// n/(n − 1) · Σ (wᵢ (rᵢ − δ̂))² / (Σ wᵢ)² (the cluster sandwich with one row a cluster), the
/// Kish effective size n_eff = (Σ wᵢ)² / Σ wᵢ², and the interval δ̂ ± t · SE with
/// t the 1 − α/(2m) quantile of Student's t on max(⌊n_eff⌋ − 1, 1) degrees of freedom, m the
/// number of audits decided together (Bonferroni: all m intervals hold together with probability
/// 1 − α).
///
/// **The outcome.** Without a margin: not graded. With one: *fail* when the whole interval lies
/// beyond ±δ (even on few rows: that is decisive); else *not enough* when n_eff is below the
/// minimum (20 by default: the interval under-covers on fewer); *pass* when the whole interval lies
/// within ±δ; *not enough* otherwise (the interval crosses the margin).
///
/// **By score.** The residuals' means per bin of the calibrated scores' quantiles (10 by default;
/// edges `np.quantile` at 0, 1/B, …, 1, repeated edges merged), where a map that holds on average
/// may still be off in one band.
public struct TransportAudit: Sendable, Hashable, Codable {
    /// The audit's decision.
    public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
        case pass
        case fail
        case notEnough = "not-enough"
        case notGraded = "not-graded"
    }

    /// One fresh labelled row: the calibrated score, the experts' value, the row's weight.
    public struct Row: Sendable, Hashable {
        public var calibrated: Double
        public var expert: Double
        public var weight: Double

        /// Creates a row (weight 1 unless given).
        public init(calibrated: Double, expert: Double, weight: Double = 1) {
            self.calibrated = calibrated
            self.expert = expert
            self.weight = weight
        }
    }

    /// The residuals of one bin of calibrated scores.
    public struct Bin: Sendable, Hashable, Codable {
        /// The bin's calibrated scores, from its lower edge (inclusive) to its upper.
        public var lower: Double
        public var upper: Double
        public var rows: Int
        /// The bin's mean residual; `nil` when empty.
        public var meanResidual: Double?
    }

    /// Fresh labelled rows.
    public let rows: Int
    /// The Kish effective number of rows.
    public let effectiveRows: Double
    /// δ̂, the weighted mean residual (expert − calibrated).
    public let meanResidual: Double
    /// Its standard error; infinite with one row.
    public let standardError: Double
    /// The interval's bounds and the critical value.
    public let lower: Double
    public let upper: Double
    public let critical: Double
    /// The margin δ; `nil` when none was declared.
    public let margin: Double?
    /// α over the family and the family's size m.
    public let alpha: Double
    public let familySize: Int
    /// The fewest effective rows for a pass.
    public let minimumEffectiveRows: Double
    /// The smallest margin this interval would pass: max(|lower|, |upper|).
    public let smallestMarginPassed: Double
    /// The bias this many rows would detect with 80% power: (t + z₀.₈) · SE.
    public let detectableBias: Double
    /// The residuals by calibrated score.
    public let bins: [Bin]
    /// The decision.
    public let outcome: Outcome

    /// Why an audit cannot be made.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case noRows
        case notFinite(row: Int)
        case weight(row: Int)
        case level(String, Double)

        public var description: String {
            switch self {
            case .noRows: "no fresh labelled row to audit"
            case .notFinite(let row): "row \(row)'s calibrated score or expert value is not a finite number"
            case .weight(let row): "row \(row)'s weight is not a positive number"
            case .level(let what, let value): "\(what) \(value) is out of range"
            }
        }
    }

    /// Audits `rows` against `margin` (none: not graded), at family-wise level `alpha` over `familySize` audits.
    ///
    /// - Throws: ``Failure`` for no rows, a value not finite, a weight not positive, α outside
    ///   (0, 1), a family smaller than 1, a margin not positive, fewer than 1 bin.
    public init(
        rows: [Row], margin: Double?, alpha: Double = 0.05, familySize: Int = 1, minimumEffectiveRows: Double = 20, bins: Int = 10
    ) throws(Failure) {
        guard !rows.isEmpty else { throw .noRows }
        if let bad = rows.firstIndex(where: { !($0.calibrated.isFinite && $0.expert.isFinite) }) { throw .notFinite(row: bad + 1) }
        if let bad = rows.firstIndex(where: { !($0.weight > 0 && $0.weight.isFinite) }) { throw .weight(row: bad + 1) }
        guard alpha > 0, alpha < 1 else { throw .level("α", alpha) }
        guard familySize >= 1 else { throw .level("the family size", Double(familySize)) }
        if let margin, !(margin > 0 && margin.isFinite) { throw .level("the margin", margin) }
        guard bins >= 1 else { throw .level("the bins", Double(bins)) }

        let residuals = rows.map { $0.expert - $0.calibrated }
        let weights = rows.map(\.weight)
        let total = weights.reduce(0, +)
        let mean = zip(weights, residuals).reduce(0) { $0 + $1.0 * $1.1 } / total
        let n = Double(rows.count)
        let effective = total * total / weights.reduce(0) { $0 + $1 * $1 }
        let se: Double
        if rows.count < 2 {
            se = .infinity
        } else {
            let scores = zip(weights, residuals).reduce(0) { $0 + ($1.0 * ($1.1 - mean)) * ($1.0 * ($1.1 - mean)) }
            se = (max(0, n / (n - 1) * scores / (total * total))).squareRoot()
        }
        let df = Double(max(Int(effective.rounded(.down)) - 1, 1))
        let perAudit = alpha / Double(familySize)
        let t = StudentTDistribution.quantile(1 - perAudit / 2, degreesOfFreedom: df)
        let half = t * se
        self.rows = rows.count
        effectiveRows = effective
        meanResidual = mean
        standardError = se
        lower = mean - half
        upper = mean + half
        critical = t
        self.margin = margin
        self.alpha = alpha
        self.familySize = familySize
        self.minimumEffectiveRows = minimumEffectiveRows
        smallestMarginPassed = max(abs(mean - half), abs(mean + half))
        detectableBias = (t + NormalDistribution.quantile(0.8)) * se
        self.bins = Self.bins(scores: rows.map(\.calibrated), residuals: residuals, count: bins)
        outcome = Self.outcome(lower: mean - half, upper: mean + half, margin: margin, effective: effective, minimum: minimumEffectiveRows)
    }

    static func outcome(lower: Double, upper: Double, margin: Double?, effective: Double, minimum: Double) -> Outcome {
        guard let margin else { return .notGraded }
        if lower > margin || upper < -margin { return .fail }
        if effective < minimum { return .notEnough }
        return lower >= -margin && upper <= margin ? .pass : .notEnough
    }

    /// The residuals' means per quantile bin of `scores`: edges at the scores' quantiles 0, 1/B, …, 1
    /// (linear interpolation between order statistics, as NumPy's default), repeated edges merged;
    /// a score goes to the bin whose inner edges it is at or above (NumPy's `digitize` on the inner edges).
    static func bins(scores: [Double], residuals: [Double], count: Int) -> [Bin] {
        let sorted = scores.sorted()
        func quantile(_ p: Double) -> Double {
            let position = p * Double(sorted.count - 1)
            let below = Int(position.rounded(.down)), above = min(below + 1, sorted.count - 1)
            return sorted[below] + (position - Double(below)) * (sorted[above] - sorted[below])
        }
        var edges: [Double] = []
        for k in 0...count {
            let edge = quantile(Double(k) / Double(count))
            if edges.last != edge { edges.append(edge) }
        }
        if edges.count < 2 { edges = [sorted[0] - 1e-6, sorted[sorted.count - 1] + 1e-6] }
        let inner = Array(edges.dropFirst().dropLast())
        var sums = Array(repeating: 0.0, count: edges.count - 1), counts = Array(repeating: 0, count: edges.count - 1)
        for (score, residual) in zip(scores, residuals) {
            let bin = inner.count { score >= $0 }
            sums[bin] += residual
            counts[bin] += 1
        }
        return sums.indices.map { b in
            Bin(lower: edges[b], upper: edges[b + 1], rows: counts[b], meanResidual: counts[b] > 0 ? sums[b] / Double(counts[b]) : nil)
        }
    }
}
