public import DataFormats
/// How the labelled rows of a run were drawn, which decides what the corrected
/// figures may claim.
///
/// A corrected estimate is an inference from a sample to the run, valid only
/// when the labelled rows are a probability sample of it: drawn uniformly at
/// random, or with known inclusion probabilities (a stratified extraction), by
/// which each row is then weighted (``CorrectionSample/SamplingDesign``).
/// Rows picked by hand are no such sample; their figures can be shown but not
/// read as estimates of the run.
public enum EstimationSampling: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each labelled row's inclusion probability is recorded; rows are weighted by it.
    case inclusionProbabilities = "inclusion-probabilities"
    /// The user declares the labelled rows a uniform random sample of the run.
    case randomSample = "random-sample"
    /// The labelled rows were picked by hand: figures shown, marked not valid for inference.
    case notForInference = "not-for-inference"

    /// The user's declaration: a uniform random sample, or rows picked by hand; `nil` for neither.
    ///
    /// - Throws: ``EstimationSettingsError`` when both are given.
    public static func declared(randomSample: Bool, notForInference: Bool) throws(EstimationSettingsError) -> Self? {
        switch (randomSample, notForInference) {
        case (true, true): throw EstimationSettingsError(.contradictoryDeclarations)
        case (true, false): return .randomSample
        case (false, true): return .notForInference
        case (false, false): return nil
        }
    }

    /// One sentence for the report: what the figures rest on (a declaration in the bound
    /// ``EstimationWording``, which names how the user made it).
    public var statement: String {
        switch self {
        case .inclusionProbabilities:
            "every row weighted by its inclusion probability π from the sampling frame: labelled rows by 1/π, unlabelled "
                + "by 1/(1 − π) (Hájek)"
        case .randomSample: EstimationWording.randomSampleDeclared.text
        case .notForInference: EstimationWording.notForInferenceDeclared.text
        }
    }
}

/// What ``EstimationReport`` computes besides the mean: the pass rate at a
/// level, how the labelled rows were drawn, the interval level and the
/// level distribution's posterior draws.
public struct EstimationSettings: Sendable, Hashable, Codable {
    /// The level at and above which a row passes; `nil` for no pass rate.
    public var passLevel: Double?
    /// What the user declared about how the labelled rows were drawn, when the
    /// label sheets record no inclusion probabilities: ``EstimationSampling/randomSample``
    /// or ``EstimationSampling/notForInference``; `nil` for no declaration.
    public var declaredSampling: EstimationSampling?
    /// The intervals' coverage (their confidence).
    public var confidence: Double
    /// Posterior draws of the level distribution's correction (by judge level).
    public var resamples: Int
    /// The seed of those draws.
    public var seed: UInt64

    /// Creates the settings.
    public init(
        passLevel: Double? = nil, declaredSampling: EstimationSampling? = nil, confidence: Double = 0.95, resamples: Int = 1000,
        seed: UInt64 = 1
    ) {
        self.passLevel = passLevel
        self.declaredSampling = declaredSampling
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
    }

    /// The keys as first written: the coverage is `level`.
    private enum CodingKeys: String, CodingKey {
        case passLevel, declaredSampling, resamples, seed
        case confidence = "level"
    }

    /// The settings from the command line's options: the pass level and the two
    /// declarations, a uniform random sample and rows picked by hand (``EstimationSampling/declared(randomSample:notForInference:)``).
    ///
    /// - Throws: ``EstimationSettingsError`` when both declarations are made.
    public init(passLevel: Double?, randomSample: Bool, notForInference: Bool) throws(EstimationSettingsError) {
        self.init(
            passLevel: passLevel,
            declaredSampling: try EstimationSampling.declared(randomSample: randomSample, notForInference: notForInference))
    }

    /// The sampling the figures rest on, given whether inclusion probabilities were recorded.
    ///
    /// - Throws: ``EstimationSettingsError`` when nothing says how the rows were drawn (naming the two
    ///   ways forward), when both declarations are made, or when a declaration contradicts recorded
    ///   probabilities.
    public func sampling(probabilitiesRecorded: Bool) throws(EstimationSettingsError) -> EstimationSampling {
        switch (probabilitiesRecorded, declaredSampling) {
        case (true, nil): return .inclusionProbabilities
        case (true, .randomSample?): throw EstimationSettingsError(.randomSampleBesideProbabilities)
        case (_, .notForInference?): return .notForInference
        case (false, .randomSample?): return .randomSample
        case (false, .inclusionProbabilities?), (false, nil): throw EstimationSettingsError(.samplingUndeclared)
        case (true, .inclusionProbabilities?): return .inclusionProbabilities
        }
    }
}

/// Options an estimate cannot be made with, and what to ask for instead; the
/// command line reports it as a usage error (exit 64).
public struct EstimationSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to ask for instead, in the library's words.
    public let message: String
    /// What is wrong, where the way out is a setting of the caller's, for a tool to word naming its
    /// options (the sampling declarations, the pass level, run B's files); `nil` when ``message`` says all.
    public let problem: Problem?

    /// What is wrong, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// Both declarations: a uniform random sample, and rows picked by hand (not for inference).
        case contradictoryDeclarations
        /// A uniform random sample declared of rows whose inclusion probabilities the frame records.
        case randomSampleBesideProbabilities
        /// Neither recorded probabilities nor a declaration of how the labelled rows were drawn.
        case samplingUndeclared
        /// `count` of the run's `rows` (`first` the first of them) are in strata no batch drew from.
        case unreachableRows(Int, of: Int, first: String)
        /// A pass level that is not a level of the dimension's scale (as the report writes it).
        case passLevelOffScale(Double, dimension: String, scale: String)
        /// Run B's judge scores without its label sheets, or its sheets without its scores.
        case versusIncomplete
        /// A calibration with a second run: the calibrated mean is of one run.
        case calibratedVersus
        /// Both the judge's scores of the run and its judgments, or neither.
        case scoresOrJudgments
        /// Declared levels an alignment cannot take (``AlignmentSettingsError``).
        case levels(AlignmentSettingsError)
    }

    package init(_ message: String) {
        self.message = message
        problem = nil
    }

    package init(_ problem: Problem) {
        self.problem = problem
        message =
            switch problem {
            case .contradictoryDeclarations:
                "the two declarations contradict each other: the labelled rows were either drawn at random or picked by hand"
            case .randomSampleBesideProbabilities:
                "the sampling frame gives each row's inclusion probability, so the rows were not drawn uniformly; drop "
                    + "the random-sample declaration and they are weighted by those probabilities"
            case .samplingUndeclared:
                Self.samplingUndeclaredStart
                    + "If the labelled rows were drawn uniformly at random from the run, declare them a random sample (the "
                    + "report says you did); if they were picked by hand, declare them not for inference and the figures "
                    + "are shown marked as not valid for inference"
            case .unreachableRows(let count, let rows, let first):
                Self.unreachableRowsStart(count, of: rows, first: first)
                    + "draw labels from those strata, or show the figures declared not for inference"
            case .passLevelOffScale(let level, let dimension, let scale):
                "the pass level \(level.plainText) is not a level of \(dimension)'s scale \(scale); name one of its levels"
            case .versusIncomplete: "run B needs both its judge scores and its label sheets"
            case .calibratedVersus: "a calibration reads one run's scores: estimate A − B without it, or each run with it"
            case .scoresOrJudgments: "give the judge's scores or the rubric to judge the run with, not both"
            case .levels(let error): error.message
            }
    }

    /// The start of a ``Problem/samplingUndeclared`` message, up to the ways forward.
    public static let samplingUndeclaredStart =
        "the label sheets do not record how their rows were drawn from the run (no inclusion probabilities), so "
        + "nothing says they stand for the run and no corrected figure would be honest. "

    /// The start of a ``Problem/unreachableRows(_:of:first:)`` message, up to the ways forward.
    public static func unreachableRowsStart(_ count: Int, of rows: Int, first: String) -> String {
        "\(count) of the run's \(rows) rows (\(first) first) are in strata no batch drew "
            + "from (π = 0 in the sampling frame), so no label stands for them and their corrected figures would be "
            + "the judge's own; "
    }

    public var description: String { message }
}

extension EstimationSettingsError: KindedError {
    /// ``ErrorKind/usage``: options an estimate cannot be made with.
    public var kind: ErrorKind { .usage }
}
