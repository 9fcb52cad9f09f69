import DataFormats
import StatisticsCore

extension AgreementStatistic {
    /// Every statistic, in the order `judgecal agreement`'s help lists them.
    public static let all: [AgreementStatistic] = [
        cohenKappa, krippendorffAlpha, gwetAC1, gwetAC2, fleissKappa, randolphKappa, percentAgreement, confusion,
        spearman, kendallTauB, kendallTauC, pearson, intraclassCorrelation, spread, bias,
    ]

    /// The names of the statistics that satisfy `condition`, in catalogue order, as a list
    /// (`cohen-kappa, gwet-ac2, fleiss-kappa` for those that take weights).
    public static func names(where condition: (AgreementStatistic) -> Bool) -> String {
        all.filter(condition).map(\.name).joined(separator: ", ")
    }

    /// Cohen's kappa per pair of raters (weighted on request), with its z test.
    public static let cohenKappa = AgreementStatistic(
        name: "cohen-kappa", summary: "Cohen's kappa per pair, with its z test", shape: .pairs, parameters: [.weights],
        intervals: [.analytic, .t, .bootstrap], needsScale: true,
        tableValue: { r, scale in
            let w = r.effectiveWeights.matrix(on: scale)
            return { CohenKappa.value(of: $0, weights: w) }
        },
        tableFigure: cohenKappaFigure,
        computation: .figures(measure: "kappa", listwise: false, onPairTable(cohenKappaFigure)))

    /// Krippendorff's alpha over all raters, at a level of measurement.
    public static let krippendorffAlpha = AgreementStatistic(
        name: "krippendorff-alpha", summary: "Krippendorff's alpha over all raters, with the nominal metric by default",
        shape: .allRaters, parameters: [.metric],
        tableValue: { r, _ in
            let metric = r.metric ?? .nominal
            return { KrippendorffAlpha.value(of: $0, metric: metric) }
        },
        computation: .figures(measure: "alpha", listwise: false, krippendorffAlphaFigure))

    /// Gwet's AC1 over all raters.
    public static let gwetAC1 = AgreementStatistic(
        name: "gwet-ac1", summary: "Gwet's AC1 over all raters", shape: .allRaters, intervals: [.analytic, .t, .bootstrap],
        needsScale: true, tableValue: gwetTable(weighted: false), tableFigure: gwetPairFigure(weighted: false),
        computation: .figures(measure: "AC1", listwise: false, gwet(weighted: false)))

    /// Gwet's weighted AC2 over all raters.
    public static let gwetAC2 = AgreementStatistic(
        name: "gwet-ac2", summary: "Gwet's weighted AC2 over all raters", shape: .allRaters, parameters: [.weights],
        intervals: [.analytic, .t, .bootstrap], needsScale: true, tableValue: gwetTable(weighted: true),
        tableFigure: gwetPairFigure(weighted: true),
        computation: .figures(measure: "AC2", listwise: false, gwet(weighted: true)))

    /// Fleiss' kappa over all raters (weighted: Gwet's generalisation), with its z test.
    public static let fleissKappa = AgreementStatistic(
        name: "fleiss-kappa", summary: "Fleiss' kappa over all raters (weighted: Gwet's generalisation), with its z test",
        shape: .allRaters, parameters: [.weights], intervals: [.analytic, .t, .bootstrap], needsScale: true,
        computation: .figures(measure: "kappa", listwise: false, fleissKappaFigure))

    /// Randolph's free-marginal kappa over all raters.
    public static let randolphKappa = AgreementStatistic(
        name: "randolph-kappa", summary: "Randolph's free-marginal kappa over all raters", shape: .allRaters,
        needsScale: true,
        computation: .figures(measure: "free-marginal kappa", listwise: false) { columns, r in
            Figure(estimate: RandolphKappa.estimate(try counts(columns, r)))
        })

    /// Percent agreement per pair, and over three or more raters the pairwise mean and the all-agree share.
    public static let percentAgreement = AgreementStatistic(
        name: "percent",
        summary:
            "agreement per pair, Σ diagonal / n or within a tolerance; over 3+ raters also the pairwise mean and the share of items where all agree",
        shape: .pairs, parameters: [.tolerance], computation: .custom(percentFigures))

    /// The two raters' table of counts on the declared scale, per pair.
    public static let confusion = AgreementStatistic(
        name: "confusion", summary: "the table of counts per pair on the declared scale, rows the first rater, with its exact agreement",
        shape: .pairs, intervals: [], needsScale: true, tableFigure: confusionFigure,
        computation: .figures(measure: "confusion (exact agreement)", listwise: false, onPairTable(confusionFigure)))

    /// Spearman's rho per pair.
    public static let spearman = correlation("spearman", "Spearman's rho per pair", .spearman)

    /// Kendall's tau-b per pair.
    public static let kendallTauB = correlation("kendall-b", "Kendall's tau-b per pair", .kendallTauB)

    /// Stuart's tau-c per pair.
    public static let kendallTauC = correlation("kendall-c", "Stuart's tau-c per pair", .kendallTauC)

    /// Pearson's r per pair, with Fisher's z interval.
    public static let pearson = correlation(
        "pearson", "Pearson's r per pair, Fisher z interval", .pearson, intervals: [.analytic, .bootstrap])

    /// An intraclass correlation over all raters (McGraw–Wong forms).
    public static let intraclassCorrelation = AgreementStatistic(
        name: "icc", summary: "intraclass correlation over all raters, form A,1 by default", shape: .allRaters,
        parameters: [.iccForm], intervals: [.analytic, .bootstrap],
        computation: .figures(measure: "ICC", listwise: true) { columns, r in
            let form = r.iccForm ?? .twoWay(.agreement, .single)
            let icc = try IntraclassCorrelation(unitsByRaters: transposed(columns), form: form, level: r.confidence)
            return Figure(estimate: icc.estimate, notes: icc.notes)
        })

    /// Location and spread per rater.
    public static let spread = AgreementStatistic(
        name: "spread",
        summary: "mean, standard deviation, median, minimum and maximum per rater, and on request the population variance and SD",
        shape: .eachRater, parameters: [.population], intervals: [], computation: .custom(spreadFigures))

    /// The mean difference per pair of raters.
    public static let bias = AgreementStatistic(
        name: "bias", summary: "mean difference per pair (first − second), with its standard error", shape: .pairs,
        intervals: [], computation: .custom(biasFigures))

    // MARK: - The statistics

    /// The figure of the two selected columns' table on the declared scale.
    private static func onPairTable(_ figure: @escaping TableFigure) -> Measure {
        { columns, r in try figure(try pairTable(columns, r), r) }
    }

    private static let confusionFigure: TableFigure = { table, _ in
        Figure(estimate: PercentAgreement.exact(table), table: table)
    }

    private static let cohenKappaFigure: TableFigure = { table, r in
        let kappa = CohenKappa(
            table, weights: r.effectiveWeights, level: r.confidence,
            quantile: (r.interval ?? .analytic).quantile)
        return Figure(estimate: kappa.kappa, test: zTest(kappa.nullStandardError, kappa.z, kappa.pValue))
    }

    private static let fleissKappaFigure: Measure = { columns, r in
        let kappa = FleissKappa(
            try counts(columns, r), weights: r.effectiveWeights, level: r.confidence,
            quantile: (r.interval ?? .analytic).quantile)
        return Figure(estimate: kappa.coefficient, test: zTest(kappa.nullStandardError, kappa.z, kappa.pValue))
    }

    private static func zTest(_ se: Double?, _ z: Double?, _ p: Double?) -> AgreementMeasurement.ZTest? {
        guard let se, let z, let p else { return nil }
        return AgreementMeasurement.ZTest(nullStandardError: se, z: z, pValue: p)
    }

    /// Alpha on the declared scale, or without one on the values seen: unused
    /// categories carry no weight in alpha (n_c = 0), so this changes nothing.
    private static let krippendorffAlphaFigure: Measure = { columns, r in
        let seen = Set(columns.joined().compactMap { $0 }).sorted()
        let scale = r.scale ?? CategoryScale(values: seen)
        return Figure(
            estimate: try KrippendorffAlpha(unitsByRaters: transposed(columns), scale: scale, metric: r.metric ?? .nominal).alpha)
    }

    /// AC1 (unweighted) or AC2: the two-rater table form for two raters (as
    /// irrCAC's table functions), Gwet's multi-rater form otherwise.
    private static func gwet(weighted: Bool) -> Measure {
        { columns, r in
            if columns.count == 2 { return try gwetPairFigure(weighted: weighted)(try pairTable(columns, r), r) }
            let weights = weighted ? r.effectiveWeights : .unweighted
            let quantile = (r.interval ?? .analytic).quantile
            return Figure(
                estimate: GwetAgreementCoefficient(
                    try counts(columns, r), weights: weights, level: r.confidence, quantile: quantile
                ).coefficient)
        }
    }

    /// AC1 or AC2 of two raters from their table, as irrCAC's table functions.
    private static func gwetPairFigure(weighted: Bool) -> TableFigure {
        { table, r in
            Figure(
                estimate: GwetAgreementCoefficient(
                    table, weights: weighted ? r.effectiveWeights : .unweighted, level: r.confidence,
                    quantile: (r.interval ?? .analytic).quantile
                ).coefficient)
        }
    }

    /// AC1 or AC2 of a two-rater table alone.
    private static func gwetTable(weighted: Bool) -> TableValue {
        { r, scale in
            let w = (weighted ? r.effectiveWeights : .unweighted).matrix(on: scale)
            return { GwetAgreementCoefficient.value(of: $0, weights: w) }
        }
    }

    /// Per pair: exact agreement (``PercentAgreement/exact(_:)``) or within
    /// ±tolerance; with three or more raters also the mean over pairs of raters
    /// (``PercentAgreement/pairwise(_:tolerance:)``) and the share of items on
    /// which all raters agree (``PercentAgreement/allRatersAgree(_:tolerance:)``),
    /// named so that the two are not confused.
    /// Without a declared scale, the values seen: agreement, exact or within a tolerance, does not
    /// depend on categories nobody used.
    private static let percentFigures: Compute = { data, request in
        var request = request
        if request.scale == nil {
            let seen = Set(data.ratings.joined().compactMap { $0 }).sorted()
            request.scale = seen.isEmpty ? nil : CategoryScale(values: seen)
        }
        let tolerance = request.effectiveTolerance
        let name = tolerance == 0 ? "percent" : "within ±\(tolerance.plainText)"
        let perPair = figures(name, shape: .pairs) { columns, r in
            let table = try pairTable(columns, r)
            return Figure(
                estimate: tolerance == 0
                    ? PercentAgreement.exact(table) : PercentAgreement.withinTolerance(table, tolerance: tolerance))
        }
        guard data.raters.count > 2 else { return try perPair(data, request) }
        let pairwise = figures("pairwise " + name, shape: .allRaters) { columns, r in
            Figure(estimate: PercentAgreement.pairwise(try counts(columns, r), tolerance: tolerance))
        }
        let allAgree = figures(tolerance == 0 ? "all raters agree" : "all raters within ±\(tolerance.plainText)", shape: .allRaters) {
            columns, r in
            Figure(estimate: PercentAgreement.allRatersAgree(try counts(columns, r), tolerance: tolerance))
        }
        return try perPair(data, request) + pairwise(data, request) + allAgree(data, request)
    }

    private static func correlation(
        _ name: String, _ summary: String, _ method: Correlation.Method, intervals: Set<IntervalMethod> = [.bootstrap]
    ) -> AgreementStatistic {
        AgreementStatistic(
            name: name, summary: summary, shape: .pairs,
            intervals: intervals, correlation: method,
            tableValue: { _, _ in { Correlation.measure(method, table: $0).value } },
            computation: .figures(measure: method.rawValue, listwise: false) { columns, r in
                Figure(estimate: try Correlation.measure(method, columns[0], columns[1], level: r.confidence).estimate)
            })
    }

    /// Per rater: ``Spread`` figures over the ratings given (missing left out).
    private static let spreadFigures: Compute = { data, request in
        data.raters.indices.flatMap { r -> [AgreementMeasurement] in
            let values = data.ratings[r].compactMap { $0 }
            var figures: [(String, Estimate)] = [
                ("mean", Spread.mean(values)),
                ("sd", Spread.standardDeviation(values)),
                ("median", Spread.median(values)),
                ("min", Spread.minimum(values)),
                ("max", Spread.maximum(values)),
            ]
            if request.population {
                figures += [
                    ("variance", Spread.variance(values)),
                    ("population variance", Spread.variance(values, divisor: .population)),
                    ("population sd", Spread.standardDeviation(values, divisor: .population)),
                ]
            }
            return figures.map {
                AgreementMeasurement(
                    raters: [data.raters[r]], measure: $0.0, estimate: $0.1, excluded: data.itemCount - values.count)
            }
        }
    }

    /// Per pair: ``Spread/meanDifference(_:_:)``, first rater minus second.
    private static let biasFigures: Compute = { data, _ in
        data.pairs.map { i, j in
            let estimate = Spread.meanDifference(data.ratings[i], data.ratings[j])
            return AgreementMeasurement(
                raters: [data.raters[i], data.raters[j]], measure: "mean difference", estimate: estimate,
                excluded: data.itemCount - estimate.n)
        }
    }
}
