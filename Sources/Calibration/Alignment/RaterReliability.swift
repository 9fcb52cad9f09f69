public import AgreementCoefficients
import CalibrationData
public import StatisticsCore

/// Krippendorff's alpha over every rater of a dimension, and without each rater in turn: how reliable
/// the experts are as one panel, and whose labels lower it.
///
/// The reliability data are the rows × raters labels, missing where a rater did not label a row, placed
/// on the declared scale (a value between levels rounded half up, as the category statistics place
/// them). α is ``KrippendorffAlpha`` from their coincidence matrix, 1 − D_o/D_e, with the **nominal**
/// metric on a scale of two levels and the **ordinal** (rank) metric otherwise — the alpha the
/// alignment reports (``AlignmentStatistic/alphaOrdinal``). Its n counts the rows with two labels or
/// more, the units that enter the matrix. *Without a rater* is α of the same rows with that rater's
/// labels left out (leave one rater out): above α, that rater lowers the panel's reliability.
///
/// **Edge cases.** Undefined, with the reason: with fewer than two raters ("needs two raters"),
/// without a declared scale, when no row has labels from two raters (raters with disjoint rows), and
/// when every pairable label is one level (D_e = 0). With two raters, α without either has one rater
/// left and is undefined for that reason.
///
/// Checked against PyPI `krippendorff` 0.9.0 (`alpha(reliability_data, level_of_measurement,
/// value_domain)`) within 1e-9 on HANNA's three raters, Newsroom's three raters and seeded random sets
/// with missing labels (`benchmarks/python/rater_alpha_fixtures.py`).
public struct RaterReliability: Sendable, Hashable, Codable {
    /// α of the panel without one rater.
    public struct WithoutRater: Sendable, Hashable, Codable {
        /// The rater left out.
        public var rater: String
        /// α of the others; n counts the rows two of them labelled.
        public var alpha: Estimate
    }

    /// The difference function: `nominal` on a two-level scale, else `ordinal`.
    public var metric: String
    /// The raters, in order of first appearance.
    public var raters: [String]
    /// α over every rater; n counts the rows with two labels or more.
    public var alpha: Estimate
    /// α without each rater, in the raters' order; empty with fewer than two raters.
    public var withoutRater: [WithoutRater]

    /// The fewest raters alpha is given on.
    public static let minimumRaters = 2

    /// α of `raters`' labels by row (a rater absent from a row's labels did not label it), on `scale`.
    ///
    /// - Parameters:
    ///   - raters: the raters, in the order their figures are listed.
    ///   - labels: each rater's labels, by row id.
    ///   - scale: the declared scale; without one, α is undefined.
    public init(raters: [String], labels: [String: [String: Double]], scale: CategoryScale?) throws {
        let nominal = scale?.values.count == 2
        metric = nominal ? "nominal" : "ordinal"
        self.raters = raters
        let rows = Set(labels.values.flatMap(\.keys)).sorted()
        func alphaOf(_ selected: [String]) throws -> Estimate {
            guard selected.count >= Self.minimumRaters else {
                return Estimate(
                    undefined: .tooFew(
                        "Krippendorff's alpha over raters needs two raters; \(selected.count == 1 ? "one rater is" : "no rater is") left"),
                    n: 0)
            }
            guard let scale else {
                return Estimate(
                    undefined: UndefinedReason(code: "no-scale", message: "no declared scale, so the labels have no categories for alpha"), n: 0)
            }
            let units = rows.map { row in selected.map { labels[$0]?[row].map { CategoryRounding.category($0, on: scale).value } } }
            let result = try KrippendorffAlpha(unitsByRaters: units, scale: scale, metric: nominal ? .nominal : .ordinal)
            guard result.unitsPaired > 0 else {
                return Estimate(undefined: .noPairableValues("no row has labels from two of these raters"), n: 0)
            }
            var estimate = result.alpha
            estimate.n = result.unitsPaired
            return estimate
        }
        self.alpha = try alphaOf(raters)
        withoutRater = try raters.count < Self.minimumRaters
            ? [] : raters.map { rater in WithoutRater(rater: rater, alpha: try alphaOf(raters.filter { $0 != rater })) }
    }

    /// α of `panel`'s raters on the rows `usable` keeps.
    init(panel: ExpertPanel, usable: (String) -> Bool, scale: CategoryScale?) throws {
        try self.init(raters: panel.raters, labels: panel.labelsByRater(usable: usable), scale: scale)
    }
}

extension ExpertPanel {
    /// Each rater's labels by row id, on the rows `usable` keeps.
    func labelsByRater(usable: (String) -> Bool) -> [String: [String: Double]] {
        var byRater: [String: [String: Double]] = [:]
        for (row, list) in labels where usable(row) {
            for label in list { byRater[label.rater, default: [:]][row] = label.value }
        }
        return byRater
    }
}
