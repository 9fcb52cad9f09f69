import AgreementStatistics

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
            return
        }
        let a = first.map { CategoryRounding.category($0, on: scale) }
        let b = second.map { CategoryRounding.category($0, on: scale) }
        roundedFirst = a.count { $0.rounded }
        roundedSecond = b.count { $0.rounded }
        table = try ContingencyTable(scale: scale, first: a.map { $0.value }, second: b.map { $0.value })
        noTableReason = nil
    }

    /// Whether every value is a category, so a statistic of the table is the
    /// statistic of the values and the table can be resampled for it.
    var isOnScale: Bool { table != nil && roundedFirst == 0 && roundedSecond == 0 }

    /// `statistic` with its interval: analytic where the statistic has a
    /// standard error and `options.intervals` is analytic, else the percentile
    /// bootstrap (cells of the table when the values are on the scale, rows otherwise).
    func estimate(_ statistic: AlignmentStatistic, options: AlignmentOptions) throws -> Estimate {
        switch statistic {
        case .quadraticKappa, .linearKappa, .kappa, .ac2:
            guard let table else { return Estimate(undefined: noTableReason ?? .noData(), n: ids.count) }
            let analytic = Self.coefficient(statistic, table: table, level: options.level)
            return options.intervals == .analytic ? analytic : bootstrapped(analytic, statistic, options: options)
        case .alphaOrdinal:
            guard let table else { return Estimate(undefined: noTableReason ?? .noData(), n: ids.count) }
            return bootstrapped(KrippendorffAlpha(table, metric: .ordinal).alpha, statistic, options: options)
        case .pearson, .spearman, .kendall:
            let method = Self.correlationMethod(statistic)
            let estimate = try Correlation.measure(method, second, first, level: options.level).estimate
            return statistic == .pearson && options.intervals == .analytic ? estimate : bootstrapped(estimate, statistic, options: options)
        }
    }

    /// Kappa or AC2 with its analytic standard error and normal interval.
    private static func coefficient(_ statistic: AlignmentStatistic, table: ContingencyTable, level: Double) -> Estimate {
        switch statistic {
        case .kappa: CohenKappa(table, weights: .unweighted, level: level).kappa
        case .linearKappa: CohenKappa(table, weights: .linear, level: level).kappa
        case .ac2: GwetAgreementCoefficient(table, weights: .quadratic, level: level).coefficient
        default: CohenKappa(table, weights: .quadratic, level: level).kappa
        }
    }

    static func correlationMethod(_ statistic: AlignmentStatistic) -> Correlation.Method {
        switch statistic {
        case .spearman: .spearman
        case .kendall: .kendallTauB
        default: .pearson
        }
    }

    /// The statistic of a table alone, allocation-light, for resampling.
    static func tableValue(_ statistic: AlignmentStatistic, scale: CategoryScale) -> (ContingencyTable) -> Double? {
        switch statistic {
        case .quadraticKappa, .linearKappa, .kappa:
            let weights: AgreementWeights = statistic == .kappa ? .unweighted : statistic == .linearKappa ? .linear : .quadratic
            let matrix = weights.matrix(on: scale)
            return { CohenKappa.value(of: $0, weights: matrix) }
        case .ac2:
            let matrix = AgreementWeights.quadratic.matrix(on: scale)
            return { GwetAgreementCoefficient.value(of: $0, weights: matrix) }
        case .alphaOrdinal:
            return { KrippendorffAlpha.value(of: $0, metric: .ordinal) }
        case .pearson, .spearman, .kendall:
            let method = correlationMethod(statistic)
            return { Correlation.measure(method, table: $0).value }
        }
    }

    /// `estimate` with the bootstrap's standard error and percentile interval.
    ///
    /// Unchanged when undefined or when the bootstrap is off. The interval's
    /// method names B, the seed and how many resamples were undefined (excluded).
    private func bootstrapped(_ estimate: Estimate, _ statistic: AlignmentStatistic, options: AlignmentOptions) -> Estimate {
        guard let value = estimate.value, options.resamples > 0 else { return estimate }
        let result: BootstrapResult
        if let table, statistic.isCategorical || isOnScale {
            result = Bootstrap.table(
                table, resamples: options.resamples, level: options.level, seed: options.seed,
                statistic: Self.tableValue(statistic, scale: table.scale))
        } else {
            let method = Self.correlationMethod(statistic)
            result = Bootstrap.items(count: ids.count, resamples: options.resamples, level: options.level, seed: options.seed, bca: false) {
                rows in
                try? Correlation.measure(method, rows.map { second[$0] }, rows.map { first[$0] }).value
            }
        }
        return Estimate(value: value, n: estimate.n, standardError: result.standardError, interval: result.describedPercentileInterval)
    }
}

extension BootstrapResult {
    /// The percentile interval, its method naming how it was drawn, B, the
    /// seed and how many resamples were undefined (and excluded).
    var describedPercentileInterval: ConfidenceInterval? {
        guard var interval = percentileInterval else { return nil }
        interval.method =
            "percentile-bootstrap (\(method), B = \(resamples), seed \(seed), \(undefinedResamples) undefined resamples excluded)"
        return interval
    }
}
