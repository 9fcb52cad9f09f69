extension OrdinalPredictionSets {
    /// Each row's set for the judge's probabilities in `rows` (one array of K per row), read by `rule`.
    ///
    /// - Throws: ``ConformalError`` naming the first row (1-based) that does not fit the scale.
    public func sets(for rows: [[Double]], rule: SetRule = .reaching) throws(ConformalError) -> [LevelInterval] {
        var sets: [LevelInterval] = []
        sets.reserveCapacity(rows.count)
        for (index, probabilities) in rows.enumerated() {
            sets.append(try set(for: probabilities, rule: rule, row: index + 1))
        }
        return sets
    }

    /// The rows to label first: the indices of `sets` from the widest set down, where the judge is
    /// least sure which level the experts would give; rows with sets of one width in the order
    /// given.
    public static func labellingOrder(_ sets: [LevelInterval]) -> [Int] {
        sets.indices.sorted { a, b in
            sets[a].width != sets[b].width ? sets[a].width > sets[b].width : a < b
        }
    }

    /// Summary of `sets`: the mean width, the share of singletons and the share that are the
    /// whole scale of `levels`; `nil` without sets.
    public static func widthSummary(
        _ sets: [LevelInterval],
        levels: Int
    ) -> (meanWidth: Double, singletons: Double, wholeScale: Double)? {
        guard !sets.isEmpty else { return nil }
        let count = Double(sets.count)
        let widths = sets.reduce(0) { $0 + $1.width }
        return (
            Double(widths) / count,
            Double(sets.count { $0.width == 1 }) / count,
            Double(sets.count { $0.width == levels }) / count
        )
    }
}
