import StatisticsCore

extension AgreementStatistic {
    /// The fewest rated items a figure is given on: one item is one pair of
    /// ratings, on which kappa is 0 or undefined and every interval a point.
    public static let minimumItems = 2

    /// A statistic's figures: one per pair or one over all raters, each with the
    /// interval the request asks for and the items left out.
    ///
    /// - Parameter listwise: whether an item missing any rating is left out
    ///   (pairs, ICC); otherwise items with fewer than two ratings are.
    ///
    /// Each is finished by ``measurement(_:raters:measureName:items:used:request:bootstrap:)``.
    static func figures(
        _ measureName: String, shape: Shape, listwise: Bool = false, measure: @escaping Measure, tableValue: TableValue? = nil
    ) -> Compute {
        { data, request in
            let selections = shape == .pairs ? data.pairs.map { [$0.0, $0.1] } : [Array(data.raters.indices)]
            return try selections.map { selected in
                let columns = selected.map { data.ratings[$0] }
                let needed = listwise || shape == .pairs ? columns.count : 2
                let used = (0..<data.itemCount).count { i in columns.count(where: { $0[i] != nil }) >= needed }
                return try measurement(
                    try measure(columns, request), raters: selected.map { data.raters[$0] }, measureName: measureName,
                    items: data.itemCount, used: used, request: request
                ) {
                    bootstrap(columns: columns, request: request, measure: measure, tableValue: tableValue)
                }
            }
        }
    }

    /// One figure as the catalogue reports it: the items left out, undefined
    /// on fewer than ``minimumItems``, with the interval the request asks for.
    ///
    /// No interval: none (the standard error is kept); analytic or t: the
    /// statistic's own; bootstrap: a percentile interval (from `bootstrap`)
    /// whose standard error replaces the analytic one, unless the request draws
    /// no resamples. An interval that collapses to a point is removed and its
    /// reason kept (``Estimate/withoutCollapsedInterval()``). The measure is named with its
    /// weights when they are not the identity: `kappa (quadratic weights)`.
    static func measurement(
        _ figure: Figure, raters: [String], measureName: String, items: Int, used: Int, request: AgreementRequest,
        bootstrap: () -> BootstrapResult?
    ) throws -> AgreementMeasurement {
        let weights = request.effectiveWeights
        let named = weights == .unweighted ? measureName : "\(measureName) (\(weights) weights)"
        var measurement = AgreementMeasurement(
            raters: raters, measure: named, estimate: figure.estimate, test: figure.test, table: figure.table,
            notes: figure.notes)
        measurement.excluded = items - used
        // Too few items before the figure's own reason: on one item chance agreement is 1 too, but the item
        // count is why. No item at all keeps the figure's "no data".
        if used > 0 || measurement.estimate.value != nil, used < Self.minimumItems {
            measurement.estimate = Estimate(
                undefined: .tooFew(
                    "\(used) rated item\(used == 1 ? " is" : "s are") too few: \(measureName) needs at least \(Self.minimumItems), and on one item any agreement or disagreement is all there is"
                ),
                n: measurement.estimate.n)
            return measurement
        }
        switch request.interval {
        case nil: measurement.estimate.interval = nil
        case .analytic?, .t?: break
        case .bootstrap?, .bca?:
            guard measurement.estimate.value != nil, request.resamples > 0, let result = bootstrap() else { break }
            measurement.estimate.standardError = result.standardError
            measurement.estimate.interval = request.interval == .bca ? result.bcaInterval : result.percentileInterval
            if measurement.estimate.interval == nil {
                measurement.estimate.intervalUndefinedReason = UndefinedReason(
                    code: "no-bca",
                    message:
                        "the BCa interval is undefined here (no jackknife spread or no resample on one side of the estimate); "
                        + IntervalWording.percentileWhenBCaUndefined.text)
            }
            measurement.resampling = .init(
                method: result.method, resamples: result.resamples, seed: result.seed,
                undefinedResamples: result.undefinedResamples)
        }
        measurement.estimate = measurement.estimate.withoutCollapsedInterval()
        return measurement
    }

    /// The bootstrap of the selected columns: a multinomial over the cells of
    /// the two-rater table where the statistic has a table form, a scale is
    /// declared and every rating is on it (the statistic of the table is then
    /// the statistic of the ratings), the items resampled otherwise. Resamples
    /// on which the statistic is undefined are left out and counted.
    private static func bootstrap(
        columns: [[Double?]], request: AgreementRequest, measure: Measure, tableValue: TableValue?
    ) -> BootstrapResult {
        if let tableValue, columns.count == 2, let scale = request.scale,
            let table = try? ContingencyTable(scale: scale, first: columns[0], second: columns[1])
        {
            return Bootstrap.table(
                table, resamples: request.resamples, level: request.confidence, seed: request.seed,
                statistic: tableValue(request, scale))
        }
        return Bootstrap.items(
            count: columns.first?.count ?? 0, resamples: request.resamples, level: request.confidence,
            seed: request.seed, bca: request.interval == .bca
        ) { indices in
            (try? measure(columns.map { c in indices.map { c[$0] } }, request))?.estimate.value
        }
    }

    /// Items × raters from raters × items.
    static func transposed(_ columns: [[Double?]]) -> [[Double?]] {
        (0..<(columns.first?.count ?? 0)).map { i in columns.map { $0[i] } }
    }

    /// Per-item category counts on the declared scale.
    static func counts(_ columns: [[Double?]], _ request: AgreementRequest) throws -> UnitCategoryCounts {
        try UnitCategoryCounts(scale: try declaredScale(request), unitsByRaters: transposed(columns))
    }

    /// The two raters' table on the declared scale.
    static func pairTable(_ columns: [[Double?]], _ request: AgreementRequest) throws -> ContingencyTable {
        try ContingencyTable(scale: try declaredScale(request), first: columns[0], second: columns[1])
    }

    private static func declaredScale(_ request: AgreementRequest) throws(AgreementRequestError) -> CategoryScale {
        guard let scale = request.scale else { throw .needsScale(statistic: request.statistic.name) }
        return scale
    }
}
