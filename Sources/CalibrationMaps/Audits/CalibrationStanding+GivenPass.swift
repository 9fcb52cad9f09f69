public import Calibration
import RunInference
import StatisticsCore

extension CalibrationStanding {
    /// `report` with each calibrated mean corrected by the labels that decided the calibration's last,
    /// passing audit read given that pass (``CalibratedFigures/meanGivenPass``); `report` as it is when its
    /// fresh labels are not those (``EstimationReport/freshLabelFingerprint``), the last audit did not pass
    /// or had no margin.
    ///
    /// Per dimension the audit's mean residual m, its standard error and its interval's half-width give the
    /// pass region, and ``PassSelectedResidual`` reads the true mean residual b given m fell in it. The
    /// figure is the calibrated mean over the run's judged rows plus that reading — their expert mean
    /// exactly, for the map the run was read through, when b is — value and interval clipped to the scale.
    /// A dimension whose audit line predates the standard error (or had one row) gets none; one whose
    /// residual sat at the very edge of passing gets an undefined figure, with why.
    public func readingGivenPass(_ report: EstimationReport) -> EstimationReport {
        guard let audit = passedAudit(decidedBy: report), let margin = audit.margin else { return report }
        var read = report
        for index in read.dimensions.indices {
            let dimension = read.dimensions[index]
            guard var figures = dimension.calibrated, let calibrated = figures.mean.calibrated.value,
                let audited = audit.figures.first(where: { $0.dimension == dimension.name }), audited.outcome == .pass,
                let m = audited.meanResidual, let se = audited.standardError, let lower = audited.lower, let upper = audited.upper,
                let region = PassSelectedResidual.passRegion(margin: margin, halfWidth: (upper - lower) / 2)
            else { continue }
            let n = audited.rows ?? figures.mean.fresh
            guard let reading = PassSelectedResidual(meanResidual: m, standardError: se, passRegion: region, level: report.level),
                reading.value.isFinite, reading.lower.isFinite, reading.upper.isFinite
            else {
                figures.meanGivenPass = Estimate(
                    undefined: UndefinedReason(
                        code: "passed-at-the-edge",
                        message: "the audit's mean residual sat at the very edge of passing: given the pass, these labels "
                            + "bound the map's error on this run nowhere; label other rows to correct it"),
                    n: n)
                read.dimensions[index].calibrated = figures
                continue
            }
            let range = dimension.scale.map { ($0.values.min() ?? -.infinity)...($0.values.max() ?? .infinity) }
            let clip = { (x: Double) in range.map { min($0.upperBound, max($0.lowerBound, x)) } ?? x }
            figures.meanGivenPass = Estimate(
                value: clip(calibrated + reading.value), n: n,
                interval: ConfidenceInterval(
                    lower: clip(calibrated + reading.lower), upper: clip(calibrated + reading.upper), level: report.level,
                    method: .selectiveGivenPass))
            read.dimensions[index].calibrated = figures
        }
        return read
    }
}
