import DataFormats

/// The share of a run's rows at each level of an ordinal scale, as the experts
/// would have scored them: the judge's level shares corrected by its estimated
/// misclassification matrix, beside the judge's and the experts' own shares.
///
/// **Model.** With π the experts' distribution over the k levels and
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
/// **Interval: percentile bootstrap**, per level, resampling the labelled rows and
/// the unlabelled rows independently with replacement (B = 1,000 by default,
/// seeded): it carries the uncertainty of both M̂ and q̂, and of the clipping at 0.
/// Resamples in which some expert level has no labelled row (M̂ has an unknown row)
/// or the subproblem is singular are excluded and counted in
/// ``undefinedResamples``.
///
/// **Beside it, PPI++ per level**: ``RunMeanEstimate`` on the indicators
/// 1[score = level], one level at a time. Its shares need not sum to exactly 1
/// nor stay in [0, 1] at the extremes, but each is never (asymptotically) less
/// precise than the experts' own share, whereas the matrix correction, which
/// divides by the judge's discrimination, is wider than the experts' share when
/// the judge is weak (docs/ESTIMATION.md).
///
/// **Undefined**, with a reason: too few labelled rows or none unlabelled (as for
/// every corrected estimate); an expert level with no labelled row
/// (`no-variation`: the judge's behaviour at that level is unknown, so a
/// correction would silently put no mass there); a misclassification matrix whose
/// rows are linearly dependent (`rank-deficient`: the judge cannot tell two
/// expert levels apart, so the split between them is not identified).
public struct RunLevelDistribution: Sendable, Hashable, Codable {
    /// The scale's levels, in order.
    public let levels: [Double]
    /// The corrected share of each level, with its percentile-bootstrap interval.
    public let corrected: [Estimate]
    /// The prediction-powered (PPI++) share of each level, with its normal interval.
    public let predictionPowered: [Estimate]
    /// The judge's share of each level over every row, with a normal interval.
    public let judgeOnly: [Estimate]
    /// The experts' (weighted) share of each level over the labelled rows, with a normal interval.
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
    ///   - resamples: bootstrap resamples B.
    ///   - seed: the bootstrap generator's seed.
    /// - Throws: ``RatingError`` when a score is not a level of `scale`.
    public init(
        _ sample: CorrectionSample, scale: CategoryScale, level: Double = 0.95, resamples: Int = 1000, seed: UInt64 = 1
    )
        throws
    {
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
        expertsOnly = (0..<k).map { l in
            Self.share(expert.map { $0 == l ? 1 : 0 }, weights: sample.weights, level: level)
        }
        predictionPowered = scale.values.map { value in
            RunMeanEstimate(sample.mapped { $0 == value ? 1 : 0 }, level: level).corrected
        }
        let problem = Problem(
            k: k, expert: expert, judge: judge, weights: sample.weights, judgeUnlabelled: judgeUnlabelled,
            weightsUnlabelled: sample.weightsUnlabelled)
        let n = sample.labelled + sample.unlabelled
        let point = problem.solve(
            labelledRows: Array(0..<sample.labelled), unlabelledRows: Array(0..<sample.unlabelled))
        if let reason = sample.insufficiency ?? point.failure.map({ problem.reason(for: $0, scale: scale) }) {
            corrected = Array(repeating: Estimate(undefined: reason, n: n), count: k)
            undefinedResamples = 0
            return
        }
        let replicates = problem.bootstrap(resamples: resamples, seed: seed, uniformUnlabelled: sample.isUniform)
        undefinedResamples = resamples - replicates.count
        corrected = (0..<k).map { l in
            let result = BootstrapResult(
                method: "two-sample-items", estimate: point.shares[l], replicates: replicates.map { $0[l] },
                resamples: resamples,
                level: level, seed: seed, jackknife: nil)
            return Estimate(
                value: point.shares[l], n: n, standardError: result.standardError, interval: result.percentileInterval)
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
            // The design is Mᵀ: row j (judge level), column i (expert level) holds M[i, j].
            var design = [Double](repeating: 0, count: k * k)
            for i in 0..<k { for j in 0..<k { design[j * k + i] = confusion[i * k + j] / expertTotals[i] } }
            let total = unlabelledTotals.reduce(0, +)
            let target = unlabelledTotals.map { $0 / total }
            guard let shares = SimplexLeastSquares.solve(design, rows: k, columns: k, target: target) else {
                return ([], .rankDeficient)
            }
            return (shares, nil)
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
