import AgreementStatistics
import CommandLineParsing
import DataFormats

/// One statistic `judgecal agreement --statistic` can compute: its name,
/// which raters it compares, which options apply to it, and how it is computed.
///
/// The arithmetic lives in `AgreementStatistics`; this type only selects the
/// rater columns, passes the options and attaches the interval asked for.
struct AgreementStatistic: Sendable {
    /// Which raters one figure compares.
    enum Shape: Sendable {
        /// One figure per rater column.
        case eachRater
        /// One figure per pair of rater columns.
        case pairs
        /// One figure for all rater columns together.
        case allRaters
    }

    /// An option that only some statistics take.
    enum Parameter: String, Sendable {
        case weights, level, tolerance
        case iccForm = "icc-form"
    }

    typealias Compute = @Sendable (RaterRatings, AgreementRequest) throws -> [Measurement]
    /// One figure from the selected rater columns (items in file order, `nil` missing).
    typealias Measure = @Sendable (_ columns: [[Double?]], _ request: AgreementRequest) throws -> Estimate
    /// The figure from a two-rater table alone, prepared once per request: the
    /// O(k²) path for ``Bootstrap/table(_:resamples:level:seed:statistic:)``.
    typealias TableValue = @Sendable (AgreementRequest, CategoryScale) -> @Sendable (ContingencyTable) -> Double?

    var name: String
    var summary: String
    var shape: Shape
    var parameters: Set<Parameter> = []
    /// The `--ci` methods it takes.
    var intervals: Set<IntervalMethod> = [.bootstrap]
    /// Whether the declared categories (`--categories` or a table's header) are required.
    var needsScale = false
    /// For correlations: the coefficient, averaged over groups with `--group-by`.
    var correlation: Correlation.Method?
    var compute: Compute

    /// The statistics, in the order `--help` lists them.
    static let all: [AgreementStatistic] = [
        AgreementStatistic(
            name: "cohen-kappa", summary: "Cohen's kappa per pair", shape: .pairs, parameters: [.weights],
            intervals: [.analytic, .t, .bootstrap], needsScale: true,
            compute: computing(
                "kappa", shape: .pairs, measure: cohenKappa,
                tableValue: { r, scale in
                    let w = r.weights.weights.matrix(on: scale)
                    return { CohenKappa.value(of: $0, weights: w) }
                })),
        AgreementStatistic(
            name: "krippendorff-alpha", summary: "Krippendorff's alpha over all raters, --level nominal by default", shape: .allRaters,
            parameters: [.level],
            compute: computing(
                "alpha", shape: .allRaters, measure: krippendorffAlpha,
                tableValue: { r, _ in
                    let metric = (r.level ?? .nominal).metric
                    return { KrippendorffAlpha.value(of: $0, metric: metric) }
                })),
        AgreementStatistic(
            name: "gwet-ac1", summary: "Gwet's AC1 over all raters", shape: .allRaters, intervals: [.analytic, .t, .bootstrap],
            needsScale: true, compute: gwet("AC1", weighted: false)),
        AgreementStatistic(
            name: "gwet-ac2", summary: "Gwet's weighted AC2 over all raters", shape: .allRaters, parameters: [.weights],
            intervals: [.analytic, .t, .bootstrap], needsScale: true, compute: gwet("AC2", weighted: true)),
        AgreementStatistic(
            name: "fleiss-kappa", summary: "Fleiss' kappa over all raters", shape: .allRaters, intervals: [.analytic, .t, .bootstrap],
            needsScale: true,
            compute: computing("kappa", shape: .allRaters) { columns, r in
                FleissKappa(try counts(columns, r), interval: (r.interval ?? .analytic).coefficientInterval).coefficient
            }),
        AgreementStatistic(
            name: "randolph-kappa", summary: "Randolph's free-marginal kappa over all raters", shape: .allRaters, needsScale: true,
            compute: computing("free-marginal kappa", shape: .allRaters) { columns, r in RandolphKappa.estimate(try counts(columns, r)) }),
        AgreementStatistic(
            name: "percent", summary: "agreement per pair, Σ diagonal / n or within ±--tolerance, and pairwise over 3+ raters",
            shape: .pairs, parameters: [.tolerance], needsScale: true, compute: percent),
        correlation("spearman", "Spearman's rho per pair", .spearman),
        correlation("kendall-b", "Kendall's tau-b per pair", .kendallTauB),
        correlation("kendall-c", "Stuart's tau-c per pair", .kendallTauC),
        correlation("pearson", "Pearson's r per pair, Fisher z interval", .pearson, intervals: [.analytic, .bootstrap]),
        AgreementStatistic(
            name: "icc", summary: "intraclass correlation over all raters, --icc-form A,1 by default", shape: .allRaters,
            parameters: [.iccForm], intervals: [.analytic, .bootstrap],
            compute: computing("ICC", shape: .allRaters, listwise: true) { columns, r in
                try IntraclassCorrelation(unitsByRaters: transposed(columns), form: r.iccForm.form).estimate
            }),
        AgreementStatistic(
            name: "spread", summary: "mean, standard deviation, median, minimum and maximum per rater", shape: .eachRater, intervals: [],
            compute: spread),
        AgreementStatistic(
            name: "bias", summary: "mean difference per pair (first − second), with its standard error", shape: .pairs, intervals: [],
            compute: bias),
    ]

    static var names: [String] { all.map(\.name) }

    /// The statistic called `name`.
    static func named(_ name: String) throws(UsageError) -> AgreementStatistic {
        guard let statistic = all.first(where: { $0.name == name }) else {
            throw UsageError("unknown statistic \(name)")
        }
        return statistic
    }

    // MARK: - Building the figures

    /// A statistic's figures: one per pair or one over all raters, each with
    /// the interval the request asks for and the items left out.
    ///
    /// - Parameter listwise: whether an item missing any rating is left out
    ///   (pairs, ICC); otherwise items with fewer than two ratings are.
    private static func computing(
        _ measureName: String, shape: Shape, listwise: Bool = false, measure: @escaping Measure, tableValue: TableValue? = nil
    ) -> Compute {
        { data, request in
            let selections = shape == .pairs ? data.pairs.map { [$0.0, $0.1] } : [Array(data.raters.indices)]
            return try selections.map { selected in
                let columns = selected.map { data.ratings[$0] }
                let (estimate, undefinedResamples) = try interval(
                    for: try measure(columns, request), columns: columns, request: request, measure: measure, tableValue: tableValue)
                let needed = listwise || shape == .pairs ? columns.count : 2
                let used = (0..<data.itemCount).filter { i in columns.count(where: { $0[i] != nil }) >= needed }.count
                return Measurement(
                    raters: selected.map { data.raters[$0] }, measure: measureName, estimate: estimate, excluded: data.itemCount - used,
                    undefinedResamples: undefinedResamples)
            }
        }
    }

    /// The estimate with the interval asked for.
    ///
    /// No `--ci`: no interval (the standard error is kept); analytic or t: the
    /// statistic's own; bootstrap: a percentile interval whose standard error
    /// replaces the analytic one. The bootstrap resamples the two-rater
    /// table where the statistic has a table form and the scale is declared,
    /// and the items otherwise.
    ///
    /// - Returns: the estimate, and with a bootstrap the number of resamples on
    ///   which the statistic was undefined (left out of the SE and interval).
    private static func interval(
        for estimate: Estimate, columns: [[Double?]], request: AgreementRequest, measure: Measure, tableValue: TableValue?
    ) throws -> (Estimate, Int?) {
        var estimate = estimate
        switch request.interval {
        case nil: estimate.interval = nil
        case .analytic?, .t?: break
        case .bootstrap?:
            guard estimate.value != nil else { return (estimate, nil) }
            let seed = request.seed ?? 0
            let result: BootstrapResult
            if let tableValue, columns.count == 2, let scale = request.scale {
                let table = try ContingencyTable(scale: scale, first: columns[0], second: columns[1])
                result = Bootstrap.table(table, resamples: request.resamples, seed: seed, statistic: tableValue(request, scale))
            } else {
                result = Bootstrap.items(count: columns.first?.count ?? 0, resamples: request.resamples, seed: seed, bca: false) {
                    indices in (try? measure(columns.map { c in indices.map { c[$0] } }, request))?.value
                }
            }
            estimate.standardError = result.standardError
            estimate.interval = result.percentileInterval
            return (estimate, result.undefinedResamples)
        }
        return (estimate, nil)
    }

    /// Items × raters from raters × items.
    private static func transposed(_ columns: [[Double?]]) -> [[Double?]] {
        (0..<(columns.first?.count ?? 0)).map { i in columns.map { $0[i] } }
    }

    /// Per-item category counts on the declared scale.
    private static func counts(_ columns: [[Double?]], _ request: AgreementRequest) throws -> UnitCategoryCounts {
        try UnitCategoryCounts(scale: try declaredScale(request), unitsByRaters: transposed(columns))
    }

    private static func declaredScale(_ request: AgreementRequest) throws -> CategoryScale {
        guard let scale = request.scale else { throw UsageError("\(request.statistic.name) needs the declared scale: add --categories") }
        return scale
    }

    private static func pairTable(_ columns: [[Double?]], _ request: AgreementRequest) throws -> ContingencyTable {
        try ContingencyTable(scale: try declaredScale(request), first: columns[0], second: columns[1])
    }

    // MARK: - The statistics

    private static let cohenKappa: Measure = { columns, r in
        CohenKappa(try pairTable(columns, r), weights: r.weights.weights, interval: (r.interval ?? .analytic).coefficientInterval).kappa
    }

    /// Alpha on the declared scale, or without one on the values seen: unused
    /// categories carry no weight in alpha (n_c = 0), so this changes nothing.
    private static let krippendorffAlpha: Measure = { columns, r in
        let seen = Set(columns.joined().compactMap { $0 }).sorted()
        let scale = r.scale ?? CategoryScale(values: seen)
        return try KrippendorffAlpha(unitsByRaters: transposed(columns), scale: scale, metric: (r.level ?? .nominal).metric).alpha
    }

    /// AC1 (unweighted) or AC2: the two-rater table form for two raters (as
    /// irrCAC's table functions), Gwet's multi-rater form otherwise.
    private static func gwet(_ measureName: String, weighted: Bool) -> Compute {
        let weights: @Sendable (AgreementRequest) -> AgreementWeights = { weighted ? $0.weights.weights : .unweighted }
        return computing(
            measureName, shape: .allRaters,
            measure: { columns, r in
                let interval = (r.interval ?? .analytic).coefficientInterval
                if columns.count == 2 {
                    return GwetAgreementCoefficient(try pairTable(columns, r), weights: weights(r), interval: interval).coefficient
                }
                return GwetAgreementCoefficient(try counts(columns, r), weights: weights(r), interval: interval).coefficient
            },
            tableValue: { r, scale in
                let w = weights(r).matrix(on: scale)
                return { GwetAgreementCoefficient.value(of: $0, weights: w) }
            })
    }

    /// Per pair: exact agreement (``PercentAgreement/exact(_:)``) or within
    /// ±tolerance; with three or more raters also the pairwise definition over
    /// all of them (``PercentAgreement/pairwise(_:tolerance:)``).
    private static let percent: Compute = { data, request in
        let name = request.tolerance == 0 ? "percent" : "within ±\(request.tolerance.plainText)"
        let perPair = computing(name, shape: .pairs) { columns, r in
            r.tolerance == 0
                ? PercentAgreement.exact(try pairTable(columns, r))
                : PercentAgreement.withinTolerance(try pairTable(columns, r), tolerance: r.tolerance)
        }
        let overAll = computing("pairwise " + name, shape: .allRaters) { columns, r in
            PercentAgreement.pairwise(try counts(columns, r), tolerance: r.tolerance)
        }
        return try perPair(data, request) + (data.raters.count > 2 ? try overAll(data, request) : [])
    }

    private static func correlation(
        _ name: String, _ summary: String, _ method: Correlation.Method, intervals: Set<IntervalMethod> = [.bootstrap]
    ) -> AgreementStatistic {
        AgreementStatistic(
            name: name, summary: summary + "; with --group-by also its mean over the groups", shape: .pairs, intervals: intervals,
            correlation: method,
            compute: computing(method.rawValue, shape: .pairs) { columns, _ in
                try Correlation.measure(method, columns[0], columns[1]).estimate
            })
    }

    /// Per rater: ``Spread`` figures over the ratings given (missing left out).
    private static let spread: Compute = { data, _ in
        data.raters.indices.flatMap { r -> [Measurement] in
            let values = data.ratings[r].compactMap { $0 }
            let figures: [(String, Estimate)] = [
                ("mean", Spread.mean(values)),
                ("sd", Spread.standardDeviation(values)),
                ("median", Spread.median(values)),
                ("min", Spread.minimum(values)),
                ("max", Spread.maximum(values)),
            ]
            return figures.map {
                Measurement(raters: [data.raters[r]], measure: $0.0, estimate: $0.1, excluded: data.itemCount - values.count)
            }
        }
    }

    /// Per pair: ``Spread/meanDifference(_:_:)``, first rater minus second.
    private static let bias: Compute = { data, _ in
        data.pairs.map { i, j in
            let estimate = Spread.meanDifference(data.ratings[i], data.ratings[j])
            return Measurement(
                raters: [data.raters[i], data.raters[j]], measure: "mean difference", estimate: estimate,
                excluded: data.itemCount - estimate.n)
        }
    }
}
