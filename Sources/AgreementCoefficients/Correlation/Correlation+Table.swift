public import StatisticsCore

extension Correlation {
    /// The coefficient `method` from a table of paired ratings on a declared
    /// scale, in time independent of the number of items: O(k²) for every method.
    ///
    /// The table's row categories are the first rater's, its columns the
    /// second's; each cell stands for as many identical pairs as it counts. So
    /// the result equals the vector form of ``measure(_:_:_:level:)`` on the
    /// pairs the table was built from (checked in the tests), while a bootstrap can
    /// redraw the k² cells instead of N rows:
    /// - Pearson's r uses the scale's category values;
    /// - Spearman's ρ gives each category the mid-rank of its margin
    ///   (cumulative count before it + (count + 1)/2), then Pearson on those;
    /// - Kendall's τ counts concordant and discordant pairs of cells with
    ///   running sums over the rows below, and ties from the margins; τ-c's m
    ///   counts the categories actually used on each side.
    ///
    /// The table's ``ContingencyTable/excludedPairs`` are carried into ``excludedPairs``.
    /// Scratch memory is O(k); nothing is proportional to N.
    public static func measure(_ method: Method, table: ContingencyTable, level: Double = 0.95) -> Correlation {
        var result: Correlation
        switch method {
        case .pearson:
            result = tableMoments(table, method: .pearson, rowValues: table.scale.values, columnValues: table.scale.values, level: level)
        case .spearman:
            let margins = table.margins
            result = tableMoments(
                table, method: .spearman,
                rowValues: midRanks(margins.rows), columnValues: midRanks(margins.columns), level: level)
        case .kendallTauB, .kendallTauC:
            result = tableKendall(table, variant: method)
        }
        result.excludedPairs = table.excludedPairs
        return result
    }

    /// Centred moments of the table's cells under the given category values.
    private static func tableMoments(
        _ table: ContingencyTable, method: Method, rowValues: [Double], columnValues: [Double], level: Double
    ) -> Correlation {
        let k = table.k
        let margins = table.margins
        let n = margins.n
        guard n >= 2 else { return undefined(method, n: n, constantSide: nil) }
        var sumX = CompensatedSum()
        var sumY = CompensatedSum()
        for i in 0..<k {
            sumX.add(Double(margins.rows[i]) * rowValues[i])
            sumY.add(Double(margins.columns[i]) * columnValues[i])
        }
        let mx = sumX.value / Double(n)
        let my = sumY.value / Double(n)
        var sxx = CompensatedSum()
        var syy = CompensatedSum()
        var sxy = CompensatedSum()
        for i in 0..<k {
            let dx = rowValues[i] - mx
            let dy = columnValues[i] - my
            sxx.add(Double(margins.rows[i]) * dx * dx)
            syy.add(Double(margins.columns[i]) * dy * dy)
        }
        table.counts.withUnsafeBufferPointer { counts in
            for i in 0..<k where margins.rows[i] > 0 {
                let dx = rowValues[i] - mx
                for j in 0..<k {
                    let c = counts[i * k + j]
                    if c > 0 { sxy.add(Double(c) * dx * (columnValues[j] - my)) }
                }
            }
        }
        return fromMoments(method, n: n, sxx: sxx.value, syy: syy.value, sxy: sxy.value, level: level)
    }

    /// Mid-ranks of categories with the given margin counts (0 for an empty category).
    private static func midRanks(_ margin: [Int]) -> [Double] {
        var before = 0
        return margin.map { count in
            defer { before += count }
            return count > 0 ? Double(before) + Double(count + 1) / 2 : 0
        }
    }

    /// Kendall's S from the table: for each cell, the pairs with a cell strictly
    /// below and to the right (concordant) or below and to the left (discordant).
    ///
    /// `below[j]` holds the column counts of the rows already passed, from the
    /// bottom up, so each row costs O(k).
    private static func tableKendall(_ table: ContingencyTable, variant: Method) -> Correlation {
        let k = table.k
        let margins = table.margins
        var below = [Int](repeating: 0, count: k)
        var s = 0
        table.counts.withUnsafeBufferPointer { counts in
            for i in stride(from: k - 1, through: 0, by: -1) {
                if margins.rows[i] > 0 {
                    // leftOf = Σ below[j'] for j' < j; rightOf = Σ below[j'] for j' > j.
                    var leftOf = 0
                    var rightOf = below.reduce(0, +)
                    for j in 0..<k {
                        rightOf -= below[j]
                        let c = counts[i * k + j]
                        if c > 0 { s += c * (rightOf - leftOf) }
                        leftOf += below[j]
                    }
                }
                for j in 0..<k { below[j] += counts[i * k + j] }
            }
        }
        var xTies = TieGroups()
        var yTies = TieGroups()
        for i in 0..<k {
            xTies.add(groupOf: margins.rows[i])
            yTies.add(groupOf: margins.columns[i])
        }
        return fromPairCounts(variant, n: margins.n, s: s, xTies: xTies, yTies: yTies)
    }
}

extension ContingencyTable {
    /// Row and column totals and the grand total, in one pass over the k² cells.
    fileprivate var margins: (rows: [Int], columns: [Int], n: Int) {
        var rows = [Int](repeating: 0, count: k)
        var columns = [Int](repeating: 0, count: k)
        var n = 0
        counts.withUnsafeBufferPointer { counts in
            for i in 0..<k {
                for j in 0..<k {
                    let c = counts[i * k + j]
                    rows[i] += c
                    columns[j] += c
                    n += c
                }
            }
        }
        return (rows, columns, n)
    }
}
