import AgreementCoefficients
import CalibrationData
import StatisticsCore

/// Two raters' scores of the same rows (the expert first, as the table's
/// rows; the judge or a second expert second), as they are and placed on the
/// declared scale: the one place every alignment statistic is computed from.
struct PairedScores {
    /// The rows, in run order.
    let ids: [String]
    /// The first rater's scores (the expert mean; or the first expert).
    let first: [Double]
    /// The second rater's scores (the judge; or the second expert).
    let second: [Double]
    /// The pairs placed on the scale, rows = first rater; `nil` without a scale.
    let table: ContingencyTable?
    /// Why there is no table.
    let noTableReason: UndefinedReason?
    /// Both sides' values placed on the scale (rounded half up to the nearest
    /// level); empty without a scale.
    let onScaleFirst: [Double?]
    let onScaleSecond: [Double?]
    /// How many values of each side were rounded onto the scale.
    let roundedFirst: Int
    let roundedSecond: Int

    init(ids: [String], first: [Double], second: [Double], scale: CategoryScale?, dimension: String) throws {
        self.ids = ids
        self.first = first
        self.second = second
        guard let scale else {
            table = nil
            noTableReason = UndefinedReason(
                code: "no-scale",
                message:
                    "dimension \(dimension) has no declared scale, so category statistics (agreement, kappa, alpha, AC2, confusion matrix) cannot be computed; give the rubric that declares it"
            )
            (roundedFirst, roundedSecond) = (0, 0)
            (onScaleFirst, onScaleSecond) = ([], [])
            return
        }
        let a = first.map { CategoryRounding.category($0, on: scale) }
        let b = second.map { CategoryRounding.category($0, on: scale) }
        roundedFirst = a.count { $0.rounded }
        roundedSecond = b.count { $0.rounded }
        onScaleFirst = a.map { $0.value }
        onScaleSecond = b.map { $0.value }
        table = try ContingencyTable(scale: scale, first: onScaleFirst, second: onScaleSecond)
        noTableReason = nil
    }

    /// `statistic` with its interval, computed by the agreement catalogue
    /// (``AlignmentStatistic/agreementRequest(options:scale:)``): the category
    /// statistics on the values placed on the scale, the correlations on the
    /// values as they are.
    ///
    /// The bootstrap resamples the cells of the table when the values it uses
    /// are on the scale, the rows otherwise; its interval's method names B, the
    /// seed and how many resamples were undefined (excluded).
    func estimate(_ statistic: AlignmentStatistic, options: AlignmentSettings) throws -> Estimate {
        let columns: [[Double?]]
        if statistic.isCategorical {
            guard table != nil else { return Estimate(undefined: noTableReason ?? .noData(), n: ids.count) }
            columns = [onScaleFirst, onScaleSecond]
        } else {
            columns = [first, second]
        }
        let request = statistic.agreementRequest(options: options, scale: table?.scale)
        let ratings = try RaterRatings(raters: ["first", "second"], ratings: columns)
        guard let measurement = try request.statistic.measurements(of: ratings, request: request).first else {
            return Estimate(undefined: .noData(), n: ids.count)
        }
        var estimate = measurement.estimate
        if let r = measurement.resampling, var interval = estimate.interval {
            interval.method = .describedBootstrap(
                scheme: r.method, resamples: r.resamples, seed: r.seed, undefinedResamples: r.undefinedResamples,
                bca: interval.method == .bcaBootstrap)
            estimate.interval = interval
        }
        return estimate
    }
}
