package import StatisticsCore

/// Placing scores on a declared scale for the category statistics.
///
/// A value within 10⁻⁹ of a category is that category. Any other value inside
/// the scale's range is rounded half up to the nearest category
/// (``CategoryScale/nearestIndex(to:)``): 2.5 → 3, 2⅓ → 2, 2⅔ → 3. The report
/// says how many values were rounded on each side; correlations, bias and
/// spread use the values as they are.
package enum CategoryRounding {
    /// The category value for `value`, and whether it had to be rounded.
    package static func category(_ value: Double, on scale: CategoryScale) -> (value: Double, rounded: Bool) {
        let i = scale.nearestIndex(to: value)
        let category = scale.values[i]
        return (category, abs(category - value) > 1e-9)
    }
}
