public import DataFormats
public import CalibrationData

/// What `judgecal trust` guarantees and how it measures: the risk α, the error δ, what counts as
/// agreeing with the experts, and the reliability table's bins and bootstrap.
public struct TrustSettings: Sendable, Hashable, Codable {
    /// When the judge's level agrees with the experts' level.
    public enum Agreement: String, Sendable, Hashable, Codable, CaseIterable {
        /// The same level.
        case exact
        /// Levels at most one step apart on the scale's order (an ordinal scale of three levels or more).
        case withinOne = "within-one"
    }

    /// α: the largest share of kept rows allowed to disagree with the experts.
    public var risk: Double
    /// δ: the probability allowed that the guarantee fails.
    public var error: Double
    /// What counts as agreeing.
    public var agreement: Agreement
    /// The fewest labelled rows a candidate threshold keeps (``RunInference/TrustThreshold/minimumKept``).
    public var minimumKept: Int
    /// How several raters of a row make its expert value; `nil` for each scale's standard
    /// (``CalibrationData/ExpertCombination/standard(for:)``).
    public var experts: ExpertCombination?
    /// Whether the rubric's worked-example rows stay in (they are left out by default: the judge saw their answers).
    public var includeExamples: Bool
    /// The reliability table's equal-width bins.
    public var bins: Int
    /// Bootstrap resamples for the calibration error's interval, and their seed.
    public var resamples: Int
    public var seed: UInt64

    /// The settings; by default α 0.2, δ 0.1, exact agreement, 30 rows kept at least (as Jung,
    /// Brahman & Choi 2025), 10 bins, 2,000 resamples with the alignment's seed.
    ///
    /// - Throws: ``TrustSettingsError`` for a risk or error outside (0, 1), fewer than one row kept,
    ///   bins outside 1…100, or fewer than 100 resamples.
    public init(
        risk: Double = standard.risk, error: Double = standard.error, agreement: Agreement = standard.agreement,
        minimumKept: Int = standard.minimumKept, experts: ExpertCombination? = nil, includeExamples: Bool = false,
        bins: Int = standard.bins, resamples: Int = standard.resamples, seed: UInt64 = standard.seed
    ) throws(TrustSettingsError) {
        guard risk > 0 && risk < 1 else { throw .risk(risk) }
        guard error > 0 && error < 1 else { throw .error(error) }
        guard minimumKept >= 1 else { throw .minimumKept(minimumKept) }
        guard (1...100).contains(bins) else { throw .bins(bins) }
        guard resamples >= 100 else { throw .resamples(resamples) }
        self.init(
            checked: risk, error: error, agreement: agreement, minimumKept: minimumKept, experts: experts, includeExamples: includeExamples,
            bins: bins, resamples: resamples, seed: seed)
    }

    /// The settings when nothing is chosen (``init(risk:error:agreement:minimumKept:experts:includeExamples:bins:resamples:seed:)``'s defaults).
    public static let standard = TrustSettings(
        checked: 0.2, error: 0.1, agreement: .exact, minimumKept: 30, experts: nil, includeExamples: false, bins: 10,
        resamples: AlignmentSettings().resamples, seed: AlignmentSettings().seed)

    private init(
        checked risk: Double, error: Double, agreement: Agreement, minimumKept: Int, experts: ExpertCombination?, includeExamples: Bool,
        bins: Int, resamples: Int, seed: UInt64
    ) {
        self.risk = risk
        self.error = error
        self.agreement = agreement
        self.minimumKept = minimumKept
        self.experts = experts
        self.includeExamples = includeExamples
        self.bins = bins
        self.resamples = resamples
        self.seed = seed
    }
}

/// A trust setting out of its range; the CLI words it with the option that sets it.
public enum TrustSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    case risk(Double)
    case error(Double)
    case minimumKept(Int)
    case bins(Int)
    case resamples(Int)

    public var description: String {
        switch self {
        case .risk(let a): "the risk α is \(a); it lies strictly between 0 and 1"
        case .error(let d): "the error probability δ is \(d); it lies strictly between 0 and 1"
        case .minimumKept(let n): "a threshold keeps at least one row, not \(n)"
        case .bins(let n): "the reliability table has 1 to 100 bins, not \(n)"
        case .resamples(let n): "the calibration error's bootstrap needs at least 100 resamples, not \(n)"
        }
    }
}

extension TrustSettingsError: KindedError {
    /// ``DataFormats/ErrorKind/usage``: a setting the user chose.
    public var kind: ErrorKind { .usage }
}
