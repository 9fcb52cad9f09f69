import AgreementStatistics
import CommandLineParsing

/// One statistic `judgecal agreement --statistic` can compute: its name,
/// which raters it compares, which options apply to it, and how it is
/// computed (`nil` while its implementation has not landed in this build).
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
        case weights, level, ci
    }

    typealias Compute = @Sendable (RaterRatings, AgreementRequest) throws -> [Measurement]

    var name: String
    var summary: String
    var shape: Shape
    var parameters: Set<Parameter> = []
    /// Whether the declared categories (`--categories` or a table's header) are required.
    var needsScale = false
    var compute: Compute?

    /// The statistics, in the order `--help` lists them.
    ///
    /// An entry whose `compute` is `nil` is declared (so its options are
    /// validated and its name is known) but answers "not yet available".
    static let all: [AgreementStatistic] = [
        AgreementStatistic(
            name: "cohen-kappa", summary: "Cohen's kappa per pair", shape: .pairs, parameters: [.weights, .ci], needsScale: true),
        AgreementStatistic(
            name: "krippendorff-alpha", summary: "Krippendorff's alpha over all raters", shape: .allRaters, parameters: [.level, .ci]),
        AgreementStatistic(name: "gwet-ac1", summary: "Gwet's AC1 over all raters", shape: .allRaters, parameters: [.ci], needsScale: true),
        AgreementStatistic(
            name: "gwet-ac2", summary: "Gwet's weighted AC2 over all raters", shape: .allRaters, parameters: [.weights, .ci],
            needsScale: true),
        AgreementStatistic(
            name: "fleiss-kappa", summary: "Fleiss' kappa over all raters", shape: .allRaters, parameters: [.ci], needsScale: true),
        AgreementStatistic(
            name: "percent", summary: "exact agreement per pair, Σ diagonal / n", shape: .pairs, needsScale: true, compute: percentAgreement
        ),
        AgreementStatistic(name: "spearman", summary: "Spearman's rho per pair", shape: .pairs, parameters: [.ci]),
        AgreementStatistic(name: "kendall-b", summary: "Kendall's tau-b per pair", shape: .pairs, parameters: [.ci]),
        AgreementStatistic(name: "pearson", summary: "Pearson's r per pair", shape: .pairs, parameters: [.ci]),
        AgreementStatistic(name: "icc", summary: "intraclass correlation over all raters", shape: .allRaters, parameters: [.ci]),
        AgreementStatistic(
            name: "spread", summary: "mean, standard deviation, median, minimum and maximum per rater", shape: .eachRater, compute: spread),
        AgreementStatistic(
            name: "bias", summary: "mean difference per pair (first − second), with its standard error", shape: .pairs, compute: bias),
    ]

    static var names: [String] { all.map(\.name) }

    /// The statistic called `name`.
    ///
    /// - Throws: ``UsageError`` when it is known but not yet available in this build.
    static func named(_ name: String) throws(UsageError) -> AgreementStatistic {
        guard let statistic = all.first(where: { $0.name == name }) else {
            throw UsageError("unknown statistic \(name)")
        }
        guard statistic.compute != nil else {
            let available = all.filter { $0.compute != nil }.map(\.name).joined(separator: ", ")
            throw UsageError("--statistic \(name) is not yet available in this build of judgecal; available now: \(available)")
        }
        return statistic
    }

    // MARK: - The statistics available in this build

    /// Per pair: the proportion of items both raters put in the same category,
    /// Σᵢ nᵢᵢ / n over the pair's contingency table (pairs with a missing
    /// rating left out and counted as excluded); undefined with no pairs.
    private static let percentAgreement: Compute = { data, request in
        guard let scale = request.scale else { return [] }
        return try data.pairs.map { i, j in
            let table = try ContingencyTable(scale: scale, first: data.ratings[i], second: data.ratings[j])
            let n = table.n
            let agreed = (0..<table.k).reduce(0) { $0 + table[$1, $1] }
            let estimate =
                n == 0
                ? Estimate(undefined: .noData("no item has ratings from both raters"), n: 0)
                : Estimate(value: Double(agreed) / Double(n), n: n)
            return Measurement(
                raters: [data.raters[i], data.raters[j]], measure: "percent", estimate: estimate, excluded: table.excludedPairs)
        }
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
