import DataFormats

/// The declared, ordered set of categories that ratings fall into: the
/// rubric's scale (1–4, pass/fail, ordered custom labels).
///
/// Category statistics build their tables and weights from this declared set,
/// never from the labels observed, so that an unused scale point still counts
/// (see `weighted_kappa_*_unobserved_scale_points_declared` in the reference
/// vectors: linear kappa 0.3898 on the declared 1–5 scale against sklearn's
/// 0.3103 over the observed levels only).
public struct CategoryScale: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The category values, in scale order.
    ///
    /// Weights are computed from these.
    public let values: [Double]
    /// A label per category (the value written out, unless given).
    public let labels: [String]

    /// A scale of the given values, in the given order.
    ///
    /// - Precondition: at least one value, all distinct.
    public init(values: [Double], labels: [String]? = nil) {
        precondition(!values.isEmpty, "a scale needs at least one category")
        precondition(Set(values).count == values.count, "scale values must be distinct")
        precondition(labels == nil || labels?.count == values.count, "one label per value")
        self.values = values
        self.labels = labels ?? values.map(\.plainText)
    }

    /// The integer scale `range`, such as `1...4`.
    public init(_ range: ClosedRange<Int>) {
        self.init(values: range.map(Double.init))
    }

    /// Nominal or ordered labels, valued 0, 1, 2… in the given order.
    public init(labels: [String]) {
        self.init(values: labels.indices.map(Double.init), labels: labels)
    }

    /// The most categories a declared scale, and so a k×k table, may have: 200
    /// (a 0–100 scale fits). A table of k² cells costs k² per bootstrap
    /// resample, so 2000 resamples of a 200-level table are 8·10⁷ cell draws,
    /// seconds; thousands of levels would run for minutes.
    public static let maximumCategories = 200

    /// The number of categories, k.
    public var count: Int { values.count }

    /// The position of `value` on the scale, or `nil` when it is not a category.
    public func index(of value: Double) -> Int? {
        values.firstIndex(of: value)
    }

    /// The position of the category nearest to `value`, rounding half up
    /// (towards the larger value): for averaged expert labels (multiples of
    /// 1/3) and fractional judge scores.
    public func nearestIndex(to value: Double) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (i, v) in values.enumerated() {
            let d = abs(v - value)
            if d < bestDistance || (d == bestDistance && v > values[best]) {
                best = i
                bestDistance = d
            }
        }
        return best
    }

    public var description: String {
        labels.count <= 6 ? labels.joined(separator: ", ") : "\(labels[0])–\(labels[labels.count - 1])"
    }
}
