import AgreementCoefficients
import DataFormats
import StatisticsCore
import _TestSupport

/// Reads the data layouts of `agreement-vectors.json` (see its `schema`) into
/// the toolkit's types, on the scale each case declares.
extension ReferenceCase {
    /// Cases whose expected value follows scikit-learn's and R irr's convention
    /// of weighting by the *index of the observed levels*.
    ///
    /// We reproduce it by declaring a scale of just those levels valued
    /// 0, 1, 2…, and check the declared-scale value separately
    /// (`statsmodels_full_1to6_scale`).
    static let observedIndexConvention: Set<String> = [
        "kappa2_irr_anxiety_r2_r3_equal",
        "kappa2_irr_anxiety_r2_r3_squared",
        "weighted_kappa_quadratic_unobserved_scale_points_sklearn_default",
    ]

    /// The categories the case declares (`params.categories`, `params.labels`
    /// or `data.categories`), when it declares a list.
    var declaredCategories: [JSONValue]? {
        for candidate in [params["categories"], params["labels"], data["categories"]] {
            if let list = candidate?.array { return list }
        }
        return nil
    }

    /// Every rating in the case's rater lists or units × raters layout.
    var ratingValues: [JSONValue] {
        var all: [JSONValue] = []
        for key in ["rater1", "rater2"] { all += data[key]?.array ?? [] }
        for key in ["units_by_raters", "coders_by_units"] {
            for row in data[key]?.array ?? [] { all += row.array ?? [] }
        }
        return all.filter { !$0.isNull }
    }

    /// The scale: declared categories where given, else the sorted observed
    /// values (numbers) or labels (strings); for a table or counts without
    /// declared categories, 0…k−1.
    func scale(observedIndex: Bool = false) throws -> CategoryScale {
        if observedIndex {
            let observed = Set(ratingValues.compactMap(\.double)).sorted()
            return CategoryScale(labels: observed.map(Self.label))
        }
        if let declared = declaredCategories {
            if let numbers = JSONValue.array(declared).doubles { return CategoryScale(values: numbers) }
            return CategoryScale(labels: declared.compactMap(\.string))
        }
        if let k = data["table"]?.array?.count ?? data["counts_by_units"]?.array?.first?.array?.count {
            return CategoryScale(values: (0..<k).map(Double.init))
        }
        let values = ratingValues
        if values.allSatisfy({ $0.double != nil }) {
            return CategoryScale(values: Set(values.compactMap(\.double)).sorted())
        }
        return CategoryScale(labels: Set(values.compactMap(\.string)).sorted())
    }

    /// A rating as a value on `scale`: a number as itself (or its position, for
    /// the observed-index convention), a label as its position.
    func ratingValue(_ v: JSONValue, on scale: CategoryScale, observedIndex: Bool) -> Double? {
        switch v {
        case .number(let x):
            guard observedIndex else { return x }
            return scale.labels.firstIndex(of: Self.label(x)).map(Double.init)
        case .string(let s): return scale.labels.firstIndex(of: s).map(Double.init)
        default: return nil
        }
    }

    /// The two raters' table, from `data.table` or from `rater1`/`rater2`.
    func contingencyTable(observedIndex: Bool = false) throws -> ContingencyTable {
        let scale = try scale(observedIndex: observedIndex)
        if let rows = data["table"]?.array, data["rater1"] == nil {
            return ContingencyTable(scale: scale, rows: rows.map { ($0.doubles ?? []).map { Int($0) } })
        }
        let first = (data["rater1"]?.array ?? []).map { ratingValue($0, on: scale, observedIndex: observedIndex) }
        let second = (data["rater2"]?.array ?? []).map { ratingValue($0, on: scale, observedIndex: observedIndex) }
        return try ContingencyTable(scale: scale, first: first, second: second)
    }

    /// Units × raters, from `units_by_raters` or the transpose of `coders_by_units`.
    func unitsByRaters(on scale: CategoryScale) -> [[Double?]] {
        if let rows = data["units_by_raters"]?.array {
            return rows.map { ($0.array ?? []).map { ratingValue($0, on: scale, observedIndex: false) } }
        }
        let coders = (data["coders_by_units"]?.array ?? []).map {
            ($0.array ?? []).map { ratingValue($0, on: scale, observedIndex: false) }
        }
        guard let units = coders.first?.count else { return [] }
        return (0..<units).map { u in coders.map { $0[u] } }
    }

    /// Per-unit category counts, from `counts_by_units` or a ratings layout.
    func unitCounts() throws -> UnitCategoryCounts {
        let scale = try scale()
        if let rows = data["counts_by_units"]?.array {
            return UnitCategoryCounts(scale: scale, rows: rows.map { $0.doubles ?? [] })
        }
        return try UnitCategoryCounts(scale: scale, unitsByRaters: unitsByRaters(on: scale))
    }

    /// A number written as a label, `3` for 3.0.
    static func label(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

    /// The agreement weights the case names (`params.weights`, else the statistic's name).
    var weights: AgreementWeights {
        let named = (params["weights"]?.string ?? "") + " " + statistic
        if named.contains("quadratic") || named.contains("squared") { return .quadratic }
        if named.contains("linear") || named.contains("equal") { return .linear }
        return .unweighted
    }
}
