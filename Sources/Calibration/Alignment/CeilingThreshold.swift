public import CalibrationData
import DataFormats

/// A dimension's verdict threshold set from the experts' own agreement: F × the human ceiling's mean,
/// the mean over rater pairs of the verdict's statistic (``DimensionAlignment/HumanCeiling/PairSummary/mean``).
///
/// A judge is then asked to agree with the experts a share F of how well they agree with each other
/// (F = 1: as well as two experts do), rather than a fixed figure that may lie above every pair.
///
/// **Edge cases.** Refused (``AlignmentSettingsError``) with F outside (0, 1.5]; on a dimension with
/// no ceiling (fewer than two raters sharing a row), with every pair's figure undefined, or with a
/// mean of 0 or below — experts who agree no better than chance set no bar a judge could be held to.
public struct CeilingThreshold: Sendable, Hashable, Codable {
    /// F.
    public var factor: Double
    /// The human ceiling's mean pair figure.
    public var ceilingMean: Double
    /// F × ``ceilingMean``: the threshold the dimension's verdict was read against.
    public var threshold: Double

    /// The largest F: half as much again as the experts agree is already a stretch.
    public static let maximumFactor = 1.5

    /// Checks F before any work.
    ///
    /// - Throws: ``AlignmentSettingsError`` for F outside (0, ``maximumFactor``].
    public static func check(factor: Double) throws(AlignmentSettingsError) {
        guard factor > 0, factor <= maximumFactor else { throw AlignmentSettingsError(.ceilingFactorOutOfRange(factor)) }
    }

    /// Checks `settings`' threshold factor and what it and the judge against each rater cannot go
    /// with, before any work: sequential looks keep one threshold and one figure for the whole plan.
    ///
    /// - Throws: ``AlignmentSettingsError`` for F outside (0, ``maximumFactor``], or either beside looks.
    public static func check(_ settings: AlignmentSettings) throws(AlignmentSettingsError) {
        if let factor = settings.thresholdFromCeiling { try check(factor: factor) }
        if settings.sequentialLooks != nil, settings.thresholdFromCeiling != nil || settings.eachExpert {
            throw AlignmentSettingsError(.looksWith(ceiling: settings.thresholdFromCeiling != nil))
        }
    }

    /// F × `ceiling`'s mean on `dimension`.
    ///
    /// - Throws: ``AlignmentSettingsError`` when the dimension has no ceiling to set it from.
    init(factor: Double, ceiling: DimensionAlignment.HumanCeiling?, raters: Int, dimension: String) throws(AlignmentSettingsError) {
        guard let ceiling else {
            let why = raters < 2 ? "it has \(raters) rater\(raters == 1 ? "" : "s")" : "no two of its \(raters) raters labelled a common row"
            throw AlignmentSettingsError(.noCeiling(dimension: dimension, why: why))
        }
        guard let mean = ceiling.summary?.mean else {
            throw AlignmentSettingsError(.noCeiling(dimension: dimension, why: "every pair's \(ceiling.statistic.displayName) is undefined"))
        }
        guard mean > 0 else {
            throw AlignmentSettingsError(
                .noCeiling(dimension: dimension, why: "its raters agree no better than chance (mean pair figure \(mean.plainText))"))
        }
        self.factor = factor
        self.ceilingMean = mean
        self.threshold = factor * mean
    }
}
