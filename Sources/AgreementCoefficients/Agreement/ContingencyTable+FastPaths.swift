import StatisticsCore

/// The allocation-free building blocks the O(k²) from-table statistics share.
extension ContingencyTable {
    /// Calls `body` with the row proportions p_i·, the column proportions p_·j
    /// and n, held in temporary (stack) storage so that a statistic evaluated
    /// thousands of times in a bootstrap allocates nothing.
    ///
    /// Proportions are all zero on an empty table.
    func withMarginalProportions<R>(
        _ body: (_ rows: UnsafeBufferPointer<Double>, _ columns: UnsafeBufferPointer<Double>, _ n: Double) -> R
    ) -> R {
        let k = self.k
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * k) { buffer in
            buffer.initialize(repeating: 0)
            var total = 0
            for i in 0..<k {
                for j in 0..<k {
                    let x = self[i, j]
                    buffer[i] += Double(x)
                    buffer[k + j] += Double(x)
                    total += x
                }
            }
            let n = Double(total)
            if total > 0 {
                for i in 0..<(2 * k) { buffer[i] /= n }
            }
            let all = UnsafeBufferPointer(buffer)
            return body(UnsafeBufferPointer(rebasing: all[0..<k]), UnsafeBufferPointer(rebasing: all[k..<(2 * k)]), n)
        }
    }

    /// The weighted share of agreement, Σ_ij w_ij n_ij / n (0 on an empty table).
    func weightedAgreement(_ weights: WeightMatrix) -> Double {
        let total = n
        guard total > 0 else { return 0 }
        var sum = 0.0
        for i in 0..<k {
            for j in 0..<k { sum += weights[i, j] * Double(self[i, j]) }
        }
        return sum / Double(total)
    }
}
