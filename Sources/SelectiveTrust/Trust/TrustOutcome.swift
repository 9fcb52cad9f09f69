public import Calibration

/// What `judgecal trust` decided for a dimension.
public enum TrustOutcome: String, Sendable, Hashable, Codable, VerdictOutcome {
    /// A threshold keeps rows with the guarantee asked for.
    case trusted
    /// Too few labelled rows for any threshold to be certified, even if the judge never disagreed.
    case tooFewRows = "too few rows"
    /// The labelled rows are enough, but even the most confident rows disagree too often: no threshold achieves α.
    case noThreshold = "no threshold"

    /// Worst first: no threshold, too few rows, trusted.
    public static let severity: [TrustOutcome] = [.noThreshold, .tooFewRows, .trusted]
    /// Written with its figures and the reason under `reason`.
    public static let record = VerdictRecord<TrustOutcome>.withFigures(reasonKey: "reason")

    /// Trusted passes, no threshold fails, too few rows is inconclusive (more labelled rows would decide it).
    public var gate: VerdictGate {
        switch self {
        case .trusted: .passes
        case .noThreshold: .fails
        case .tooFewRows: .inconclusive
        }
    }
}
