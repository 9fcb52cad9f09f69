public import StatisticsCore

extension RunPassRate {
    /// How the corrected pass rate is estimated, kept apart from how its interval is formed: the
    /// estimator, with the interval where the estimator offers a choice.
    public enum Estimator: Sendable, Hashable {
        /// The pass rate post-stratified by the judge's level, Σⱼ qⱼ r̂ⱼ, qⱼ the judge's share of the run
        /// at level j and r̂ⱼ the experts' pass rate among the labelled rows at that level, with its
        /// linearised small-sample interval (``JudgeLevelShare``,
        /// ``StatisticsCore/ConfidenceInterval/Method/byJudgeLevel``); the default.
        case byJudgeLevel
        /// Rogan–Gladen's θ̂ = (p + Sp − 1)/(Se + Sp − 1), clipped to [0, 1], with the given interval.
        case roganGladen(RoganGladenInterval)
    }

    /// How the interval of Rogan–Gladen's estimate is formed.
    public enum RoganGladenInterval: String, Sendable, Hashable, CaseIterable {
        /// The delta method over p, Se and Sp: θ̂ ± z·SE about the unclipped θ̂, clipped to [0, 1]
        /// (``StatisticsCore/ConfidenceInterval/Method/delta``).
        case delta
        /// Percentiles of θ over posterior draws of p, Se and Sp, each from a Beta posterior with
        /// Jeffreys' prior on its effective counts (``StatisticsCore/ConfidenceInterval/Method/betaPosterior``).
        case betaPosterior = "beta-posterior"
    }
}
