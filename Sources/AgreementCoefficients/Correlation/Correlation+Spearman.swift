extension Correlation {
    /// Spearman's ρ on validated vectors: Pearson's r on average ranks.
    static func spearmanValidated(_ x: [Double], _ y: [Double]) -> Correlation {
        pearsonValidated(averageRanks(x), averageRanks(y), level: 0.95, method: .spearman)
    }

    /// The 1-based ranks of `values`, ties given the mean of the ranks they span
    /// (R's `rank(ties.method = "average")`, scipy's `rankdata`), in O(N log N).
    ///
    /// The order comes from a radix sort (``RadixSort``), O(N).
    static func averageRanks(_ values: [Double]) -> [Double] {
        let order = RadixSort.order(of: values).map { (value: values[$0], position: $0) }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && order[end].value == order[start].value { end += 1 }
            // Positions start..<end share the ranks start+1 … end.
            let mid = Double(start + 1 + end) / 2
            for i in start..<end { ranks[order[i].position] = mid }
            start = end
        }
        return ranks
    }
}
