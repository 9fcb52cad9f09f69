public import DataFormats
public import StatisticsCore
/// What to compute with a catalogue statistic: the statistic, its parameters
/// and the interval wanted.
///
/// Parameters a statistic does not take are `nil`; ``validated()`` says when
/// one is given to a statistic that does not take it.
public struct AgreementRequest: Sendable {
    /// The statistic.
    public var statistic: AgreementStatistic
    /// Disagreement weights, for the statistics that take them (unweighted when `nil`).
    public var weights: AgreementWeights?
    /// Krippendorff's metric, the level of measurement (nominal when `nil`).
    public var metric: KrippendorffAlpha.Metric?
    /// The declared categories, in order; required by the category statistics.
    public var scale: CategoryScale?
    /// The interval; `nil` for none (the standard error is kept).
    public var interval: IntervalMethod?
    /// Bootstrap resamples; with 0 no bootstrap is drawn and the estimate keeps
    /// its analytic standard error and interval, if any.
    public var resamples: Int
    /// The bootstrap generator's seed, for a repeatable interval.
    public var seed: UInt64
    /// Percent agreement: ratings within ±tolerance scale points agree (exact when `nil`).
    public var tolerance: Double?
    /// The ICC form (two-way agreement, single rater when `nil`).
    public var iccForm: ICCForm?
    /// Spread: also the population (divisor n) variance and standard deviation.
    public var population: Bool
    /// The intervals' coverage (their confidence).
    public var confidence: Double

    /// The fewest resamples a percentile interval is drawn from.
    public static let minimumResamples = 100
    /// The most resamples a bootstrap draws: 100 000. Beyond it the interval's
    /// percentiles move by less than their own Monte Carlo error while the run
    /// takes minutes (each resample recomputes the statistic).
    public static let maximumResamples = 100_000
    /// The resamples drawn unless a request says otherwise.
    public static let defaultResamples = 2000

    /// Creates a request.
    public init(
        statistic: AgreementStatistic, weights: AgreementWeights? = nil, metric: KrippendorffAlpha.Metric? = nil,
        scale: CategoryScale? = nil, interval: IntervalMethod? = nil, resamples: Int = defaultResamples, seed: UInt64 = 0,
        tolerance: Double? = nil, iccForm: ICCForm? = nil, population: Bool = false, confidence: Double = 0.95
    ) {
        self.statistic = statistic
        self.weights = weights
        self.metric = metric
        self.scale = scale
        self.interval = interval
        self.resamples = resamples
        self.seed = seed
        self.tolerance = tolerance
        self.iccForm = iccForm
        self.population = population
        self.confidence = confidence
    }

    /// The weights to use: as given, or none.
    public var effectiveWeights: AgreementWeights { weights ?? .unweighted }
    /// The tolerance to use: as given, or exact agreement.
    public var effectiveTolerance: Double { tolerance ?? 0 }

    /// This request, checked against what its statistic takes.
    ///
    /// - Throws: ``AgreementRequestError`` for a parameter or interval the
    ///   statistic does not take, a negative tolerance, a coverage outside (0, 1), or a bootstrap of fewer
    ///   than ``minimumResamples`` or more than ``maximumResamples`` resamples
    ///   (0, no bootstrap, is allowed).
    public func validated() throws(AgreementRequestError) -> AgreementRequest {
        let given: [(AgreementStatistic.Parameter, Bool)] = [
            (.weights, weights != nil), (.metric, metric != nil), (.tolerance, tolerance != nil),
            (.iccForm, iccForm != nil), (.population, population),
        ]
        for (parameter, isGiven) in given where isGiven && !statistic.parameters.contains(parameter) {
            throw .parameterDoesNotApply(parameter, statistic: statistic.name)
        }
        if let interval, !statistic.intervals.contains(interval) {
            throw .intervalDoesNotApply(interval, statistic: statistic.name)
        }
        if let tolerance, !(tolerance >= 0) { throw .negativeTolerance }
        guard confidence > 0, confidence < 1 else { throw .coverage(confidence) }
        if interval?.isBootstrap == true, resamples != 0, resamples < Self.minimumResamples {
            throw .tooFewResamples(resamples)
        }
        if interval?.isBootstrap == true, resamples > Self.maximumResamples { throw .tooManyResamples(resamples) }
        if resamples < 0 { throw .tooFewResamples(resamples) }
        return self
    }

    /// This request checked as ``validated()`` does, and against the ratings it
    /// is for: `raters` rater columns (`nil` for a table of counts, which holds
    /// two raters and declares its own categories).
    ///
    /// - Throws: ``AgreementRequestError`` as ``validated()`` does;
    ///   ``AgreementRequestError/tooFewRaters(statistic:needed:)`` for fewer
    ///   columns than the statistic compares;
    ///   ``AgreementRequestError/needsScale(statistic:)`` for a category
    ///   statistic on columns without the declared scale.
    public func validated(raters: Int?) throws(AgreementRequestError) -> AgreementRequest {
        let request = try validated()
        guard let raters else { return request }
        guard raters >= statistic.minimumRaters else { throw .tooFewRaters(statistic: statistic.name, needed: statistic.minimumRaters) }
        if statistic.needsScale, scale == nil { throw .needsScale(statistic: statistic.name) }
        return request
    }
}

/// Why a request cannot be computed as asked.
public enum AgreementRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter given to a statistic that does not take it.
    case parameterDoesNotApply(AgreementStatistic.Parameter, statistic: String)
    /// An interval the statistic does not offer.
    case intervalDoesNotApply(IntervalMethod, statistic: String)
    /// A category statistic without the declared scale.
    case needsScale(statistic: String)
    /// A tolerance below zero.
    case negativeTolerance
    /// A coverage outside (0, 1).
    case coverage(Double)
    /// A bootstrap of too few resamples for a percentile interval.
    case tooFewResamples(Int)
    /// A count (such as rows to list) below zero.
    case negativeCount(String, Int)
    /// More resamples than ``AgreementRequest/maximumResamples``.
    case tooManyResamples(Int)
    /// Fewer rater columns than the statistic compares.
    case tooFewRaters(statistic: String, needed: Int)
    /// The statistic needs the ratings item by item, not their pair tables.
    case needsItemRatings(statistic: String)

    /// The statistics that take what `takes` asks for, as a list.
    private static func takers(_ takes: (AgreementStatistic) -> Bool) -> String {
        AgreementStatistic.names(where: takes)
    }

    public var description: String {
        switch self {
        case .parameterDoesNotApply(let p, let statistic):
            return "\(p.rawValue) does not apply to \(statistic); it applies to \(Self.takers { $0.parameters.contains(p) })"
        case .intervalDoesNotApply(let method, let statistic):
            let takers = Self.takers { $0.intervals.contains(method) }
            return "a \(method.rawValue) interval does not apply to \(statistic); it applies to \(takers)"
        case .needsScale(let statistic):
            return "\(statistic) needs the declared scale (for example 1,2,3,4); categories come from the rubric, not from the labels seen"
        case .negativeTolerance:
            return "the tolerance must be zero or more scale points"
        case .coverage(let level):
            return "the interval's coverage must lie strictly between 0 and 1, not \(level)"
        case .tooFewResamples(let count):
            return "\(count) resamples are too few for a percentile interval: at least \(AgreementRequest.minimumResamples); 2000 is usual"
        case .negativeCount(let what, let count):
            return "the number of \(what) cannot be negative (\(count))"
        case .tooManyResamples(let count):
            return
                "\(count) resamples are more than the \(AgreementRequest.maximumResamples) a bootstrap draws (beyond that the interval moves less than its own Monte Carlo error while the run takes minutes); 2000 is usual"
        case .tooFewRaters(let statistic, let needed):
            return "\(statistic) needs at least \(needed) rater column\(needed == 1 ? "" : "s")"
        case .needsItemRatings(let statistic):
            return "\(statistic) needs the ratings item by item, not only their tables of counts"
        }
    }
}

extension AgreementRequestError: KindedError {
    /// ``ErrorKind/usage``: a statistic asked for with settings it cannot take, such as too few resamples.
    public var kind: ErrorKind { .usage }
}
