import AgreementCoefficients
import StatisticsCore

/// The full alignment set for one score dimension: Cohen's kappa unweighted,
/// linear and quadratic, Krippendorff's alpha (ordinal), Gwet's AC2 (quadratic
/// weights), Spearman's ρ and Kendall's τ-b, each as a point estimate from the
/// table with a percentile interval from a multinomial bootstrap of its cells.
struct AlignmentSet: Codable {
    /// One statistic with its percentile bootstrap interval.
    struct Statistic: Codable {
        var name: String
        var estimate: Double?
        var lower: Double?
        var upper: Double?
    }

    /// The names, in the order they are computed and reported.
    static let names = ["kappa", "kappa_linear", "kappa_quadratic", "alpha_ordinal", "ac2_quadratic", "spearman", "kendall_tau_b"]

    var dimension: String
    var pairs: Int
    var excludedPairs: Int
    var statistics: [Statistic]

    /// Point estimates through the full result types (as a report would
    /// compute them), then `resamples` bootstrap resamples of each statistic
    /// through its allocation-free form (none when `resamples` is 0: point
    /// estimates alone).
    init(dimension: String, table: ContingencyTable, resamples: Int, seed: UInt64) {
        let scale = table.scale
        let unweighted = AgreementWeights.unweighted.matrix(on: scale)
        let linear = AgreementWeights.linear.matrix(on: scale)
        let quadratic = AgreementWeights.quadratic.matrix(on: scale)
        let points: [Double?] = [
            CohenKappa(table, weights: .unweighted).kappa.value,
            CohenKappa(table, weights: .linear).kappa.value,
            CohenKappa(table, weights: .quadratic).kappa.value,
            KrippendorffAlpha(table, metric: .ordinal).alpha.value,
            GwetAgreementCoefficient(table, weights: .quadratic).coefficient.value,
            Correlation.measure(.spearman, table: table).value,
            Correlation.measure(.kendallTauB, table: table).value,
        ]
        let replicates: [(ContingencyTable) -> Double?] = [
            { CohenKappa.value(of: $0, weights: unweighted) },
            { CohenKappa.value(of: $0, weights: linear) },
            { CohenKappa.value(of: $0, weights: quadratic) },
            { KrippendorffAlpha.value(of: $0, metric: .ordinal) },
            { GwetAgreementCoefficient.value(of: $0, weights: quadratic) },
            { Correlation.measure(.spearman, table: $0).value },
            { Correlation.measure(.kendallTauB, table: $0).value },
        ]
        statistics = zip(Self.names, zip(points, replicates)).enumerated().map { index, entry in
            let (name, (point, statistic)) = entry
            let interval =
                resamples > 0
                ? Bootstrap.table(table, resamples: resamples, seed: seed &+ UInt64(index), statistic: statistic).percentileInterval : nil
            return Statistic(name: name, estimate: point, lower: interval?.lower, upper: interval?.upper)
        }
        self.dimension = dimension
        pairs = table.n
        excludedPairs = table.excludedPairs
    }
}
