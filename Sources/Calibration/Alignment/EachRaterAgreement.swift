public import AgreementCoefficients
public import CalibrationData
public import StatisticsCore

/// The judge against each rater alone, averaged: the verdict's figure when the experts are not combined.
///
/// For each rater h, θ_h is the verdict's statistic between h's labels and the judge's scores on the
/// rows both scored; the figure is their mean θ̄ = (1/R) Σ_h θ_h over the R raters whose θ_h has a
/// value — like for like with the human ceiling's mean, which also sets one rater against one. The
/// category statistics use the values placed on the declared scale (rounded half up), the correlations
/// the values as they are; a θ_h on fewer than two rows is undefined, as the catalogue's figures are.
///
/// **Interval.** A bootstrap over rows: the rows some rater labelled and the judge scored are drawn
/// with replacement B times (the settings' resamples and seed), every θ_h is computed again on the
/// drawn rows it shares, and θ̄ with them. A resample on which a θ_h that has a value on the data has
/// none is undefined, left out and counted in the interval's method. Percentile, or BCa (with the
/// jackknife over rows) when asked or when it is the statistic's default; no analytic form exists for
/// the mean of dependent figures, so an analytic or t interval asked is the percentile one. With no
/// resamples there is no interval. Its coverage is measured in docs/ALIGNMENT.md (`RaterSimulation`).
///
/// **Edge cases.** A rater whose θ_h has no value is listed with the reason and left out of the mean;
/// the mean is undefined when no θ_h has a value.
public struct EachRaterAgreement: Sendable, Hashable, Codable {
    /// The judge against one rater.
    public struct RaterFigure: Sendable, Hashable, Codable {
        /// The rater.
        public var rater: String
        /// θ_h, with n the rows the rater labelled and the judge scored; no interval of its own.
        public var estimate: Estimate
    }

    /// The statistic every θ_h is.
    public var statistic: AlignmentStatistic
    /// θ_h for each rater, in order of first appearance.
    public var raters: [RaterFigure]
    /// θ̄ with its bootstrap interval; n counts the rows resampled.
    public var mean: Estimate

    /// θ_h and θ̄ of `raters`' labels by row against `judge`'s scores by row, with `options`' statistic,
    /// resamples, seed, coverage and interval. Values are placed on `scale` before any figure, so none is off it.
    public init(
        raters: [String], labels: [String: [String: Double]], judge: [String: Double], scale: CategoryScale?,
        options: AlignmentSettings
    ) {
        statistic = options.statistic
        let rows = Set(labels.values.flatMap(\.keys)).filter { judge[$0] != nil }.sorted()
        let place = { (value: Double) in
            options.statistic.isCategorical ? scale.map { CategoryRounding.category(value, on: $0).value } ?? value : value
        }
        let judged = rows.map { place(judge[$0] ?? .nan) }
        let given = raters.map { rater in rows.map { row in labels[rater]?[row].map(place) } }
        let figure = Self.figure(options.statistic, options: options, scale: scale)
        let noScale = options.statistic.isCategorical && scale == nil
        func theta(_ h: Int, _ drawn: [Int]) -> Double? {
            var pairs: ([Double?], [Double?]) = ([], [])
            for i in drawn {
                guard let label = given[h][i] else { continue }
                pairs.0.append(label)
                pairs.1.append(judged[i])
            }
            return pairs.0.count < AgreementStatistic.minimumItems || noScale ? nil : figure(pairs.0, pairs.1)
        }
        let all = Array(rows.indices)
        var figures: [RaterFigure] = []
        for (h, rater) in raters.enumerated() {
            let n = given[h].count { $0 != nil }
            let reason =
                noScale
                ? UndefinedReason(code: "no-scale", message: "\(options.statistic.displayName) needs a declared scale")
                : n < AgreementStatistic.minimumItems
                ? UndefinedReason.tooFew(
                    "\(n) row\(n == 1 ? "" : "s") shared with the judge; a figure needs at least \(AgreementStatistic.minimumItems)")
                : .noVariation("\(options.statistic.displayName) is undefined on the rows this rater shares with the judge")
            figures.append(
                RaterFigure(rater: rater, estimate: theta(h, all).map { Estimate(value: $0, n: n) } ?? Estimate(undefined: reason, n: n)))
        }
        self.raters = figures
        let defined = raters.indices.filter { figures[$0].estimate.value != nil }
        func average(_ drawn: [Int]) -> Double? {
            var sum = 0.0
            for h in defined {
                guard let value = theta(h, drawn) else { return nil }
                sum += value
            }
            return defined.isEmpty ? nil : sum / Double(defined.count)
        }
        guard let value = average(all) else {
            let reason = figures.first?.estimate.undefinedReason ?? .noData("no rater shares a row with the judge")
            self.mean = Estimate(undefined: reason, n: rows.count)
            return
        }
        guard options.resamples > 0 else {
            self.mean = Estimate(value: value, n: rows.count)
            return
        }
        let bca = (options.intervals ?? options.statistic.defaultInterval) == .bca
        let boot = Bootstrap.items(
            count: rows.count, resamples: options.resamples, level: options.confidence, seed: options.seed, bca: bca,
            statistic: average)
        var interval = bca ? boot.bcaInterval : boot.percentileInterval
        interval?.method = .describedBootstrap(
            scheme: "rows", resamples: boot.resamples, seed: boot.seed, undefinedResamples: boot.undefinedResamples, bca: bca)
        self.mean = Estimate(value: value, n: rows.count, standardError: boot.standardError, interval: interval)
            .withoutCollapsedInterval()
    }

    /// The statistic of one rater's labels (first) and the judge's scores (second), both already placed:
    /// from their table on the scale where the statistic has a table form, else from the catalogue with no interval.
    private static func figure(
        _ statistic: AlignmentStatistic, options: AlignmentSettings, scale: CategoryScale?
    ) -> ([Double?], [Double?]) -> Double? {
        var request = statistic.agreementRequest(options: options, scale: statistic.isCategorical ? scale : nil)
        request.interval = nil
        if statistic.isCategorical, let scale, let value = request.statistic.tableStatistic(for: request, scale: scale) {
            return { first, second in (try? ContingencyTable(scale: scale, first: first, second: second)).flatMap(value) }
        }
        let fixed = request
        return { first, second in
            let ratings = try? RaterRatings(raters: ["rater", "judge"], ratings: [first, second])
            return ratings.flatMap { try? fixed.statistic.measurements(of: $0, request: fixed).first?.estimate.value }
        }
    }

    /// θ_h and θ̄ of `panel`'s raters on the rows `usable` keeps against `judge`.
    init(panel: ExpertPanel, judge: JudgeScores, usable: (String) -> Bool, scale: CategoryScale?, options: AlignmentSettings) {
        self.init(
            raters: panel.raters, labels: panel.labelsByRater(usable: usable),
            judge: judge.scores.filter { usable($0.key) }.mapValues(\.value), scale: scale, options: options)
    }
}
