import AgreementCoefficients
public import CalibrationData
public import DataFormats
import Judging
public import RunInference
public import StatisticsCore

/// How many expert labels a decisive verdict needs, per dimension of a rubric:
/// what `judgecal plan` prints before anyone labels.
///
/// For each dimension a planned joint table (``AgreementDesign``) is built
/// from what is known: a pilot sheet's table with the judge (both level
/// distributions and where disagreements fall), else the judge's level
/// distribution on the run with the experts assumed to use the levels as
/// often, else every level equally often. The table is moved to each true
/// kappa around the threshold, and the rows are the fewest whose simulated
/// verdict (``KappaSampleSize/simulatedRows(design:weights:threshold:level:power:replications:seed:)``)
/// lies wholly on the true side with each chance asked. A two-level dimension also
/// gets the rows Donner & Eliasziw's goodness-of-fit test needs
/// (``KappaSampleSize/goodnessOfFitRows(nullKappa:trueKappa:positiveShare:alpha:power:)``).
/// Each dimension says which assumptions its numbers rest on.
public struct LabelPlan: Sendable, Hashable, Codable {
    /// The choices behind a plan.
    public struct Settings: Sendable, Hashable, Codable {
        /// The verdict's statistic: one of the kappas, whose tables the plan simulates.
        public var statistic: AlignmentStatistic
        /// The verdict's threshold θ.
        public var threshold: Double
        /// The verdict interval's coverage (its confidence).
        public var confidence: Double
        /// The chances of a decisive verdict to plan for.
        public var powers: [Double]
        /// Simulated label sets per candidate n, from 100 to ``maximumReplications``.
        public var replications: Int
        /// The most replications a plan runs: 100,000 gives a power's simulation error near ±0.001,
        /// finer than any plan needs, and more only runs longer (2^63 − 1 once ran until killed).
        public static let maximumReplications = 100_000
        /// The simulation's seed.
        public var seed: UInt64
        /// The verdict's interval as `align` forms it: `nil` for the statistic's default
        /// (``CalibrationData/AlignmentStatistic/defaultInterval``), as `align` uses when none is named.
        /// The t interval is not simulated.
        public var intervals: IntervalMethod?
        /// The bootstrap resamples of each simulated label set, when the interval is a bootstrap: fewer
        /// than `align`'s 2,000, whose 2.5% and 97.5% quantiles they estimate without bias but with more
        /// noise, which the simulation averages over its label sets.
        public static let bootstrapResamples = 200
        /// The simulated label sets per candidate n when the interval is a bootstrap: at most this many
        /// (each costs ``bootstrapResamples`` tables), a power's simulation error about ±0.03 at 0.8; the
        /// same seed at every n keeps the steps' comparison smoother than that.
        public static let bootstrapReplications = 200

        /// The defaults: quadratic kappa, θ = 0.6 and 95% intervals as `align`; 80% and 90%
        /// chances; 2,000 replications (a power's simulation error about ±0.009), seed 0.
        public init(
            statistic: AlignmentStatistic = .quadraticKappa, threshold: Double = AlignmentSettings.defaultThreshold, confidence: Double = 0.95,
            powers: [Double] = [0.8, 0.9], replications: Int = 2_000, seed: UInt64 = 0, intervals: IntervalMethod? = nil
        ) {
            self.intervals = intervals
            self.statistic = statistic
            self.threshold = threshold
            self.confidence = confidence
            self.powers = powers
            self.replications = replications
            self.seed = seed
        }

        /// The keys as first written: the coverage is `level`.
        private enum CodingKeys: String, CodingKey {
            case statistic, threshold, powers, replications, seed, intervals
            case confidence = "level"
        }

        /// The agreement weights of ``statistic``.
        ///
        /// - Throws: ``LabelPlanError`` for a statistic that is not a kappa, or a threshold outside (−1, 1).
        func weights() throws(LabelPlanError) -> AgreementWeights {
            guard let weights = statistic.kappaWeights else { throw .unsupportedStatistic(statistic) }
            guard threshold.isFinite, threshold > -1, threshold < 1 else { throw .thresholdOutOfRange(threshold, statistic) }
            guard (100...Self.maximumReplications).contains(replications) else { throw .replicationsOutOfRange(replications) }
            guard confidence > 0, confidence < 1, powers.allSatisfy({ $0 > 0 && $0 < 1 }) else { throw .probabilityOutOfRange }
            return weights
        }

        /// The interval method the verdict is planned on: ``intervals``, or the statistic's default.
        var verdictMethod: IntervalMethod { intervals ?? statistic.defaultInterval }

        /// The simulated form of ``verdictMethod``.
        ///
        /// - Throws: ``LabelPlanError/intervalNotSimulated(_:)`` for the t interval.
        func simulatedInterval() throws(LabelPlanError) -> KappaSampleSize.VerdictInterval {
            switch verdictMethod {
            case .analytic: .analytic
            case .t: throw .intervalNotSimulated(.t)
            case .bootstrap: .percentileBootstrap(resamples: Self.bootstrapResamples)
            case .bca: .bca(resamples: Self.bootstrapResamples)
            }
        }

        /// True kappas planned for: the threshold and 0.05, 0.1 and 0.2 either side.
        var truths: [Double] {
            [-0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.2].map { ((threshold + $0) * 1000).rounded() / 1000 }
        }
    }

    /// Where a dimension's planned table came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A pilot sheet's joint table with the judge.
        case pilot
        /// The judge's level distribution on the run, the experts assumed alike.
        case judgeLevels = "judge-levels"
        /// Every level equally often (nothing else known).
        case uniform
    }

    /// The rows needed at one true kappa.
    public struct Need: Sendable, Hashable, Codable {
        /// The true kappa.
        public var truth: Double
        /// Per planned chance (``Settings/powers``, same order): the rows, or `nil` where no
        /// number of rows decides (the truth on the threshold).
        public var rows: [KappaSampleSize.Need?]
        /// On a two-level scale, per planned chance: the rows Donner & Eliasziw's (1992)
        /// goodness-of-fit test of H₀: κ = threshold needs
        /// (``KappaSampleSize/goodnessOfFitRows(nullKappa:trueKappa:positiveShare:alpha:power:)``),
        /// `nil` in a place where it has none; absent on a longer scale.
        public var goodnessOfFit: [Int?]? = nil
    }

    /// The plan of one dimension.
    public struct Dimension: Sendable, Hashable, Codable {
        /// The dimension.
        public var name: String
        /// The scale's level values, lowest first.
        public var levels: [Double]
        /// Where the table came from.
        public var source: Source
        /// The rows the source rests on (scored judge rows, or paired pilot rows); 0 for uniform.
        public var sourceRows: Int
        /// The planned first rater's (experts') share of each level.
        public var expertLevels: [Double]
        /// The planned judge's share of each level.
        public var judgeLevels: [Double]
        /// The pilot's kappa, where there is a pilot.
        public var pilotKappa: Double?
        /// The most kappa these level distributions allow.
        public var maximumKappa: Double?
        /// The rows per true kappa.
        public var needs: [Need]
        /// The assumptions the numbers rest on, one sentence each (those that point at another
        /// command's setting in the bound ``PlanWording``).
        public var assumptions: [String]
    }

    /// The choices the plan was made with.
    public var settings: Settings
    /// The rubric's name.
    public var rubric: String
    /// Per dimension, in rubric order.
    public var dimensions: [Dimension]
}

/// A plan that cannot be made.
public enum LabelPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A verdict statistic the plan cannot simulate.
    case unsupportedStatistic(AlignmentStatistic)
    /// A threshold no interval of the statistic can lie wholly above or below.
    case thresholdOutOfRange(Double, AlignmentStatistic)
    /// Too few replications to estimate a chance, or more than ``LabelPlan/Settings/maximumReplications``.
    case replicationsOutOfRange(Int)
    /// A coverage or chance outside (0, 1).
    case probabilityOutOfRange
    /// A dimension whose table cannot be built.
    case dimension(String, AgreementDesignError)
    /// A pilot sheet given without the judge's scores of its rows.
    case pilotWithoutJudgments
    /// A pilot sheet that shares no scored row with the judgments, on a dimension.
    case pilotUnpaired(String)
    /// An interval method the plan does not simulate.
    case intervalNotSimulated(IntervalMethod)

    public var description: String {
        switch self {
        case .unsupportedStatistic(let s):
            "plan covers Cohen's kappa (cohen-kappa, with quadratic, linear or no weights), whose tables it can simulate; \(s.displayName) is not one"
        case .thresholdOutOfRange(let t, let s):
            "threshold \(t) lies outside (−1, 1), the range of \(s.displayName): no interval can lie wholly on one side of it"
        case .replicationsOutOfRange(let r):
            "replications must be from 100 to \(LabelPlan.Settings.maximumReplications) (got \(r))"
        case .probabilityOutOfRange: "coverage and chances must lie strictly between 0 and 1"
        case .dimension(let name, let error): "dimension \(name): \(error)"
        case .pilotWithoutJudgments:
            "a pilot sheet needs the judge's scores of its rows: give the judgments file (.judgments.jsonl) with it"
        case .pilotUnpaired(let name):
            "dimension \(name): no pilot row has both an expert label and a judge score, so the pilot says nothing about it"
        case .intervalNotSimulated(let method):
            "the plan simulates the analytic, bootstrap and bca intervals; not \(method.rawValue)"
        }
    }
}

extension LabelPlanError: KindedError {
    /// ``ErrorKind/usage``: a plan asked for with settings it cannot take.
    public var kind: ErrorKind { .usage }
}
