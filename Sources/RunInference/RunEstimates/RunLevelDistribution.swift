import DataFormats
import LinearAlgebra
public import StatisticsCore

/// The share of a run's rows at each level of an ordinal scale, as the experts
/// would have scored them: the labelled rows' expert levels post-stratified by the judge's
/// level (the default) or the judge's level shares corrected by its estimated
/// misclassification matrix, beside the judge's and the experts' own shares.
///
/// **Matrix correction** (on request). With π the experts' distribution over the k levels and
/// M[i, j] = P(judge gives level j | expert gives level i), the judge's
/// distribution is q = Mᵀπ. From the labelled rows, M̂[i, j] is the weighted
/// share of rows the experts put at level i that the judge put at level j; from
/// the unlabelled rows, q̂ⱼ is the judge's weighted share at level j. The
/// corrected distribution solves the constrained least-squares problem
///
///     π̂ = argmin ‖M̂ᵀπ − q̂‖²   subject to π ≥ 0, Σπ = 1
///
/// (``SimplexLeastSquares``, LAPACK `dgglse` in an active set). Where M̂ᵀ is
/// invertible and M̂ᵀ⁻¹q̂ already lies on the simplex this is the matrix-inversion
/// estimator (for two levels, Rogan–Gladen); otherwise the constraint keeps every
/// share in [0, 1], which the plain inverse does not.
///
/// **By judge level** (``Estimator/byJudgeLevel``, the default): instead of inverting
/// M, each level's share is post-stratified by the judge's level, π̂ᵢ = Σⱼ qⱼ P̂(expert i | judge j),
/// with a linearised small-sample interval (``JudgeLevelShare``): the "inverse matrix"
/// (calibration) correction, which needs no invertible M and is never less precise than the
/// experts' own share, asymptotically. The matrix correction divides by the judge's
/// discrimination: with a weak judge its interval was ×1.3–4.3 the experts-only width and its
/// point estimate biased by up to 0.027 at n = 50 (docs/ESTIMATION.md, "Corrections by judge
/// level"); it stays on request. The shares sum to 1 (a judge level with no labelled row counts
/// 1/k for each level).
///
/// **Matrix-correction interval**, per level, from B = 1,000 seeded replicates of the
/// correction, each solved as above, and their 2.5% and 97.5% percentiles:
///
/// - ``MatrixCorrectionInterval/dirichletPosterior``: each row of M̂ is drawn from
///   its posterior Dirichlet(cᵢ₁ + 1/k, …, cᵢₖ + 1/k), cᵢⱼ the (weighted) count of
///   labelled rows at expert level i and judge level j, and q̂ from
///   Dirichlet(c̃ⱼ + 1/k) on the unlabelled counts: a Bayesian bootstrap (Rubin
///   1981) with Perks' prior, one pseudo-row per expert level spread evenly over
///   the judge's levels. With a good judge and n = 50 a rare expert level often
///   shows no disagreement at all; a resample of the rows then has none either, and
///   the percentile bootstrap's interval for that level falls well short of its
///   coverage; the prior keeps a disagreement possible, and the interval covers at
///   least the nominal level (docs/ESTIMATION.md, "Small samples: the remedies and how
///   they were chosen"). The point estimate is unchanged.
/// - ``MatrixCorrectionInterval/percentileBootstrap``: the labelled and unlabelled rows resampled
///   independently with replacement, which carries the uncertainty of both M̂ and
///   q̂ and of the clipping at 0, and is honest from n ≈ 200.
///
/// Replicates in which some expert level has no labelled row (M̂ has an unknown
/// row) or the subproblem is singular are excluded and counted in
/// ``undefinedResamples``.
///
/// **Beside it, PPI++ per level**: ``RunMeanEstimate`` on the indicators
/// 1[score = level], one level at a time, its interval resting on the given
/// ``WeightedMeanVariance`` (step h = 1 for the small-sample pseudo-rows), each share and its
/// bounds clipped to [0, 1] (as the experts-only shares are). Its shares need not sum to exactly 1,
/// but each is never (asymptotically) less
/// precise than the experts' own share, whereas the matrix correction, which
/// divides by the judge's discrimination, is wider than the experts' share when
/// the judge is weak (docs/ESTIMATION.md).
///
/// **Undefined**, with a reason: too few labelled rows or none unlabelled (as for
/// every corrected estimate); for the matrix correction also an expert level with no labelled row
/// (`no-variation`: the judge's behaviour at that level is unknown, so a
/// correction would silently put no mass there); a misclassification matrix whose
/// rows are linearly dependent (`rank-deficient`: the judge cannot tell two
/// expert levels apart, so the split between them is not identified).
public struct RunLevelDistribution: Sendable, Hashable, Codable {
    /// How the corrected shares are estimated, kept apart from how their intervals are formed: the
    /// estimator, with the interval where the estimator offers a choice.
    public enum Estimator: Sendable, Hashable {
        /// Each share post-stratified by the judge's level, with its linearised small-sample interval
        /// (``StatisticsCore/ConfidenceInterval/Method/byJudgeLevel``); the default.
        case byJudgeLevel
        /// The matrix correction π̂ = argmin ‖M̂ᵀπ − q̂‖² on the simplex, with the given interval.
        case matrixCorrection(MatrixCorrectionInterval)
    }

    /// How the matrix correction's intervals are formed: the 2.5% and 97.5% percentiles of B replicates.
    public enum MatrixCorrectionInterval: String, Sendable, Hashable, CaseIterable {
        /// Replicates from posterior draws of M and q under Perks' Dirichlet prior (1/k per cell)
        /// (``StatisticsCore/ConfidenceInterval/Method/dirichletPosterior``).
        case dirichletPosterior = "dirichlet-posterior"
        /// Replicates from the two-sample bootstrap of the labelled and unlabelled rows
        /// (``StatisticsCore/ConfidenceInterval/Method/percentileBootstrap``).
        case percentileBootstrap = "percentile-bootstrap"

        /// The method the intervals are recorded with.
        var method: ConfidenceInterval.Method {
            switch self {
            case .dirichletPosterior: .dirichletPosterior
            case .percentileBootstrap: .percentileBootstrap
            }
        }
    }

    /// The scale's levels, in order.
    public let levels: [Double]
    /// The corrected share of each level, with its posterior (or bootstrap) interval.
    public let corrected: [Estimate]
    /// The prediction-powered (PPI++) share of each level, its interval resting on a ``WeightedMeanVariance``.
    public let predictionPowered: [Estimate]
    /// The judge's share of each level over every row, with a normal interval.
    public let judgeOnly: [Estimate]
    /// The experts' (weighted) share of each level over the labelled rows, with its interval
    /// formed as the PPI++ shares' are (``RunMeanEstimate/expertsOnly``).
    public let expertsOnly: [Estimate]
    /// Bootstrap resamples on which the correction was undefined, excluded from the intervals.
    public let undefinedResamples: Int
    /// n, the labelled rows.
    public let labelled: Int
    /// N, the unlabelled rows.
    public let unlabelled: Int

    /// The level distribution of a sample whose scores lie on `scale`.
    ///
    /// - Parameters:
    ///   - resamples: replicates B (bootstrap resamples or posterior draws).
    ///   - seed: the generator's seed.
    ///   - variance: the variance the PPI++ and experts-only shares' intervals rest on.
    ///   - estimator: how the corrected shares are estimated (by judge level, or the matrix correction with its interval).
    /// - Throws: ``RatingError`` when a score is not a level of `scale`.
    public init(
        _ sample: CorrectionSample, scale: CategoryScale, level: Double = 0.95, resamples: Int = 1000, seed: UInt64 = 1,
        variance: WeightedMeanVariance = .smallSample, estimator: Estimator = .byJudgeLevel
    ) throws {
        let k = scale.count
        func indices(_ scores: [Double], _ name: String) throws -> [Int] {
            try scores.enumerated().map { position, score in
                guard let i = scale.index(of: score) else {
                    throw RatingError(
                        message:
                            "the \(name) score \(score.plainText) at position \(position + 1) is not on the scale \(scale)",
                        position: position)
                }
                return i
            }
        }
        let expert = try indices(sample.expert, "expert")
        let judge = try indices(sample.judge, "judge")
        let judgeUnlabelled = try indices(sample.judgeUnlabelled, "unlabelled judge")
        levels = scale.values
        labelled = sample.labelled
        unlabelled = sample.unlabelled
        let allJudge = judge + judgeUnlabelled
        judgeOnly = (0..<k).map { l in
            Self.share(
                allJudge.map { $0 == l ? 1 : 0 }, weights: [Double](repeating: 1, count: allJudge.count), level: level)
        }
        let perLevel = scale.values.map { value in
            RunMeanEstimate(indicators: sample.mapped { $0 == value ? 1 : 0 }, level: level, variance: variance)
        }
        expertsOnly = perLevel.map(\.expertsOnly)
        predictionPowered = perLevel.map(\.corrected)
        let n = sample.labelled + sample.unlabelled
        guard case .matrixCorrection(let interval) = estimator else {
            corrected = scale.values.map { value in
                sample.insufficiency.map { Estimate(undefined: $0, n: n) }
                    ?? JudgeLevelShare.estimate(
                        sample, scale: scale, inClass: { $0 == value }, emptyLevelShare: 1 / Double(k), level: level)
            }
            undefinedResamples = 0
            return
        }
        let problem = Problem(
            k: k, expert: expert, judge: judge, weights: sample.weights, judgeUnlabelled: judgeUnlabelled,
            weightsUnlabelled: sample.weightsUnlabelled)
        let point = problem.solve(
            labelledRows: Array(0..<sample.labelled), unlabelledRows: Array(0..<sample.unlabelled))
        if let reason = sample.insufficiency ?? point.failure.map({ problem.reason(for: $0, scale: scale) }) {
            corrected = Array(repeating: Estimate(undefined: reason, n: n), count: k)
            undefinedResamples = 0
            return
        }
        let replicates =
            switch interval {
            case .dirichletPosterior: problem.posterior(draws: resamples, seed: seed, prior: 1 / Double(k))
            case .percentileBootstrap:
                problem.bootstrap(resamples: resamples, seed: seed, uniformUnlabelled: sample.isUniform)
            }
        undefinedResamples = resamples - replicates.count
        corrected = (0..<k).map { l in
            let result = BootstrapResult(
                method: interval.rawValue, estimate: point.shares[l], replicates: replicates.map { $0[l] },
                resamples: resamples,
                level: level, seed: seed, jackknife: nil)
            var percentiles = result.percentileInterval
            percentiles?.method = interval.method
            return Estimate(value: point.shares[l], n: n, standardError: result.standardError, interval: percentiles)
        }
    }

    /// A weighted share with its normal interval, clipped to [0, 1].
    private static func share(_ x: [Double], weights: [Double], level: Double) -> Estimate {
        let share = WeightedShare(x, weights: weights)
        guard share.count > 0 else { return share.estimate }
        return Estimate.runEstimate(
            value: share.share, variance: share.variance, n: share.count, level: level, clippedTo: 0...1)
    }
}

extension RunLevelDistribution {
    /// The labelled pairs and unlabelled judge levels (0-based), with their weights.
    struct Problem {
        let k: Int
        let expert: [Int]
        let judge: [Int]
        let weights: [Double]
        let judgeUnlabelled: [Int]
        let weightsUnlabelled: [Double]

        /// Why a correction failed.
        enum Failure: Hashable { case unobservedExpertLevel(Int), rankDeficient }

        /// The corrected shares from the given rows (repeats allowed), or why there are none.
        func solve(labelledRows: [Int], unlabelledRows: [Int]) -> (shares: [Double], failure: Failure?) {
            var unlabelledTotals = [Double](repeating: 0, count: k)
            for r in unlabelledRows { unlabelledTotals[judgeUnlabelled[r]] += weightsUnlabelled[r] }
            return solve(labelledRows: labelledRows, unlabelledTotals: unlabelledTotals)
        }

        /// The corrected shares from labelled rows and the judge's weighted totals per level on the unlabelled rows.
        func solve(labelledRows: [Int], unlabelledTotals: [Double]) -> (shares: [Double], failure: Failure?) {
            var confusion = [Double](repeating: 0, count: k * k)
            var expertTotals = [Double](repeating: 0, count: k)
            for r in labelledRows {
                confusion[expert[r] * k + judge[r]] += weights[r]
                expertTotals[expert[r]] += weights[r]
            }
            if let missing = expertTotals.firstIndex(where: { $0 == 0 }) {
                return ([], .unobservedExpertLevel(missing))
            }
            var misclassification = [Double](repeating: 0, count: k * k)
            for i in 0..<k { for j in 0..<k { misclassification[i * k + j] = confusion[i * k + j] / expertTotals[i] } }
            let total = unlabelledTotals.reduce(0, +)
            return solve(misclassification: misclassification, judgeShares: unlabelledTotals.map { $0 / total })
        }

        /// The corrected shares from M (row-major, M[i·k + j] = P(judge j | expert i)) and the judge's shares q.
        func solve(misclassification m: [Double], judgeShares target: [Double]) -> (shares: [Double], failure: Failure?) {
            // The design is Mᵀ: row j (judge level), column i (expert level) holds M[i, j].
            var design = [Double](repeating: 0, count: k * k)
            for i in 0..<k { for j in 0..<k { design[j * k + i] = m[i * k + j] } }
            guard let shares = SimplexLeastSquares.solve(design, rows: k, columns: k, target: target) else {
                return ([], .rankDeficient)
            }
            return (shares, nil)
        }

        /// The defined posterior replicates: M's rows and q drawn from Dirichlet(weighted counts + `prior`).
        func posterior(draws: Int, seed: UInt64, prior: Double) -> [[Double]] {
            var generator = Xoshiro256StarStar(seed: seed)
            var counts = [Double](repeating: prior, count: k * k)
            for r in expert.indices { counts[expert[r] * k + judge[r]] += weights[r] }
            var totals = [Double](repeating: prior, count: k)
            for r in judgeUnlabelled.indices { totals[judgeUnlabelled[r]] += weightsUnlabelled[r] }
            var replicates: [[Double]] = []
            replicates.reserveCapacity(draws)
            for _ in 0..<draws {
                var m = [Double](repeating: 0, count: k * k)
                for i in 0..<k {
                    let row = generator.nextDirichlet(Array(counts[(i * k)..<(i * k + k)]))
                    for j in 0..<k { m[i * k + j] = row[j] }
                }
                let result = solve(misclassification: m, judgeShares: generator.nextDirichlet(totals))
                if result.failure == nil { replicates.append(result.shares) }
            }
            return replicates
        }

        /// The defined bootstrap replicates, each the k corrected shares of one resample.
        func bootstrap(resamples: Int, seed: UInt64, uniformUnlabelled: Bool) -> [[Double]] {
            var generator = Xoshiro256StarStar(seed: seed)
            let n = expert.count
            let bigN = judgeUnlabelled.count
            var counts = [Int](repeating: 0, count: k)
            for level in judgeUnlabelled { counts[level] += 1 }
            var drawnCounts = [Int](repeating: 0, count: k)
            var labelledRows = [Int](repeating: 0, count: n)
            var replicates: [[Double]] = []
            replicates.reserveCapacity(resamples)
            for _ in 0..<resamples {
                for i in 0..<n { labelledRows[i] = generator.nextIndex(below: n) }
                var totals = [Double](repeating: 0, count: k)
                if uniformUnlabelled {
                    // Resampling N equally weighted rows is one multinomial draw over the judge's k levels.
                    generator.multinomial(total: bigN, weights: counts, into: &drawnCounts)
                    totals = drawnCounts.map(Double.init)
                } else {
                    for _ in 0..<bigN {
                        let r = generator.nextIndex(below: bigN)
                        totals[judgeUnlabelled[r]] += weightsUnlabelled[r]
                    }
                }
                let result = solve(labelledRows: labelledRows, unlabelledTotals: totals)
                if result.failure == nil { replicates.append(result.shares) }
            }
            return replicates
        }

        func reason(for failure: Failure, scale: CategoryScale) -> UndefinedReason {
            switch failure {
            case .unobservedExpertLevel(let i):
                return .noVariation(
                    "no labelled row has the expert level \(scale.labels[i]), so how the judge scores such rows is unknown and the correction is undefined"
                )
            case .rankDeficient:
                return UndefinedReason(
                    code: "rank-deficient",
                    message:
                        "the judge's score distributions for two or more expert levels are linearly dependent, so the split between those levels is not identified"
                )
            }
        }
    }
}
