public import DataFormats
public import Foundation
import Calibration
import RunInference
import StatisticsCore

/// One line of the history (``DataFormats/HistoryLog``, kind `trust`): a trust measurement's
/// certificate, with the rubric's full text and the figures beside each threshold, so that how far
/// the judge could be trusted, and how that moved as the judge or the rubric changed, can be read
/// back later.
public struct TrustHistoryEntry: HistoryRecord, Hashable {
    /// The figures of one dimension beside its certificate's threshold; `nil` where undefined.
    public struct Figures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// The share of labelled rows on which the judge alone agrees.
        public var judgeAloneAgreement: Double?
        /// The share of the labelled rows kept on which the judge agrees.
        public var keptAgreement: Double?
        /// The confidence's expected calibration error and Brier score
        /// (``RunInference/ConfidenceCalibration``), with the error's bootstrap bounds.
        public var expectedCalibrationError: Double?
        public var expectedCalibrationErrorLower: Double?
        public var expectedCalibrationErrorUpper: Double?
        public var brierScore: Double?
        /// The smallest risk the labelled rows could certify; `nil` when none.
        public var bestReachableRisk: Double?
    }

    private static let name = "trust"
    /// The kind of line: `trust`.
    public static var historyKind: String? { name }

    /// `trust`, as the line says which kind it is.
    public var kind = Self.name
    /// When trust was measured, written as ISO 8601 in UTC.
    public var time: Date
    /// The data set.
    public var dataset: String?
    /// The rubric's full text (its SHA-256 is the certificate's).
    public var rubricText: String?
    /// The thresholds and the judge they were measured on, as the certificate file holds them.
    public var certificate: TrustCertificate
    /// Each dimension's figures, in the rubric's order.
    public var figures: [Figures]
    /// The SHA-256 (hex) of the history's line before this one (``DataFormats/HistoryRecord/previous``).
    public var previous: String?

    /// The entry for `report`, whose certificate is `certificate`, measured with the rubric `rubricText`.
    public init(report: TrustReport, certificate: TrustCertificate, rubricText: String?) {
        time = certificate.created
        dataset = report.info.dataset
        self.rubricText = rubricText
        self.certificate = certificate
        figures = report.dimensions.map { d in
            let ece = d.calibration.expectedCalibrationError
            return Figures(
                dimension: d.name, judgeAloneAgreement: d.judgeAloneAgreement, keptAgreement: d.keptAgreement,
                expectedCalibrationError: ece.value, expectedCalibrationErrorLower: ece.interval?.lower,
                expectedCalibrationErrorUpper: ece.interval?.upper, brierScore: d.calibration.brierScore.value,
                bestReachableRisk: d.threshold.bestReachableRisk)
        }
    }
}
