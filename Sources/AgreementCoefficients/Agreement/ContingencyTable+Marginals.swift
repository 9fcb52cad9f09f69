public import StatisticsCore

/// The margins and proportions a confusion-matrix report shows beside the counts.
extension ContingencyTable {
    /// How many items the first rater (rows) placed in each category.
    public var rowTotals: [Int] {
        (0..<k).map { i in (0..<k).reduce(0) { $0 + self[i, $1] } }
    }

    /// How many items the second rater (columns) placed in each category.
    public var columnTotals: [Int] {
        (0..<k).map { j in (0..<k).reduce(0) { $0 + self[$1, j] } }
    }

    /// How many items both raters placed in the same category (the diagonal).
    public var agreements: Int {
        (0..<k).reduce(0) { $0 + self[$1, $1] }
    }

    /// Each cell as a share of all n pairs, row by row; all zero when the table is empty.
    public var proportions: [[Double]] {
        let total = Double(n)
        return rows.map { row in row.map { total > 0 ? Double($0) / total : 0 } }
    }

    /// Each cell as a share of its row: among items the first rater put in
    /// category i, the share the second rater put in j (the row-normalised
    /// confusion matrix, recall per expert category when the expert is the first
    /// rater).
    ///
    /// A row with no items has no shares (`nil`).
    public var rowProportions: [[Double]?] {
        let totals = rowTotals
        return rows.enumerated().map { i, row in
            totals[i] > 0 ? row.map { Double($0) / Double(totals[i]) } : nil
        }
    }
}
