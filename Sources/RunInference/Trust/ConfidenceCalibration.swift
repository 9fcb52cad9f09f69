public import StatisticsCore

/// Whether a judge's confidence means what it says: among rows where it is 80% sure, does it agree
/// with the experts on 80% of them? A reliability table, the expected calibration error with a
/// bootstrap interval, and the Brier score, over labelled rows.
///
/// **Bins.** `bins` equal-width bins of [0, 1], placed as scikit-learn's `calibration_curve` places
/// them (`strategy="uniform"`): the inner edges are k·(1/bins), and a confidence c falls in the bin
/// whose number is how many inner edges lie strictly below c, so a confidence on an edge belongs to
/// the bin below it and 0 to the first bin. Each bin reports its rows, the mean confidence and the
/// share agreeing (scikit-learn's `prob_pred` and `prob_true` for the non-empty bins).
///
/// **Expected calibration error** (Naeini, Cooper & Hauskrecht 2015; Guo et al. 2017):
/// ECE = Σ_b (n_b / n) · |agreement_b − mean confidence_b| over the non-empty bins. It is biased
/// upward on few rows (an empty or thin bin's gap is mostly noise), so its interval is a percentile
/// bootstrap over rows (``Bootstrap/items(count:resamples:level:seed:bca:statistic:)``) and a small
/// ECE is read with it.
///
/// **Brier score**: (1/n) Σ (cᵢ − yᵢ)², yᵢ = 1 when the row agrees; 0 is perfect, and a judge that
/// always says 0.5 scores 0.25.
public struct ConfidenceCalibration: Sendable, Hashable, Codable {
    /// One bin of the reliability table.
    public struct Bin: Sendable, Hashable, Codable {
        /// The bin's edges: rows with lower < confidence ≤ upper (the first bin includes 0).
        public var lower: Double
        public var upper: Double
        /// Rows in the bin.
        public var rows: Int
        /// Their mean confidence; `nil` for an empty bin.
        public var meanConfidence: Double?
        /// The share of them on which the judge agreed with the experts; `nil` for an empty bin.
        public var agreement: Double?
    }

    /// Labelled rows measured.
    public let rows: Int
    /// Every bin, empty ones too, from the lowest confidence up.
    public let bins: [Bin]
    /// The expected calibration error with its percentile bootstrap interval; undefined without rows.
    public let expectedCalibrationError: Estimate
    /// The Brier score; undefined without rows.
    public let brierScore: Estimate

    /// Measures the calibration of `rows`' confidences against whether they agreed.
    ///
    /// - Parameters:
    ///   - bins: how many equal-width bins (default 10, as scikit-learn's).
    ///   - resamples: bootstrap resamples for the ECE's interval; `level` its coverage; `seed` the generator's seed.
    /// - Precondition: bins ≥ 1; every confidence in [0, 1].
    public init(rows: [TrustThreshold.Row], bins: Int = 10, resamples: Int = 2000, level: Double = 0.95, seed: UInt64) {
        precondition(bins >= 1, "a reliability table has a bin")
        precondition(rows.allSatisfy { $0.confidence >= 0 && $0.confidence <= 1 }, "confidences lie in [0, 1]")
        self.rows = rows.count
        let placed = rows.map { Self.bin(of: $0.confidence, bins: bins) }
        let width = 1.0 / Double(bins)
        var table: [Bin] = (0..<bins).map { k in
            Bin(lower: Double(k) * width, upper: k == bins - 1 ? 1 : Double(k + 1) * width, rows: 0)
        }
        var sums = [Double](repeating: 0, count: bins), agreeing = [Int](repeating: 0, count: bins)
        for (row, b) in zip(rows, placed) {
            table[b].rows += 1
            sums[b] += row.confidence
            if row.agrees { agreeing[b] += 1 }
        }
        for b in 0..<bins where table[b].rows > 0 {
            table[b].meanConfidence = sums[b] / Double(table[b].rows)
            table[b].agreement = Double(agreeing[b]) / Double(table[b].rows)
        }
        self.bins = table
        guard !rows.isEmpty else {
            expectedCalibrationError = Estimate(undefined: .noData("there are no labelled rows with a confidence"), n: 0)
            brierScore = expectedCalibrationError
            return
        }
        let ece = { (indices: [Int]) -> Double? in Self.expectedCalibrationError(of: indices.map { rows[$0] }, placed: indices.map { placed[$0] }, bins: bins) }
        let boot = Bootstrap.items(count: rows.count, resamples: resamples, level: level, seed: seed, bca: false, statistic: ece)
        let value = ece(Array(rows.indices)) ?? 0
        expectedCalibrationError = Estimate(value: value, n: rows.count, standardError: boot.standardError, interval: boot.percentileInterval)
        let brier = rows.reduce(0.0) { sum, row in
            let gap = row.confidence - (row.agrees ? 1 : 0)
            return sum + gap * gap
        }
        brierScore = Estimate(value: brier / Double(rows.count), n: rows.count)
    }

    /// The bin a confidence falls in: the number of inner edges k·(1/bins) strictly below it.
    public static func bin(of confidence: Double, bins: Int) -> Int {
        let width = 1.0 / Double(bins)
        var k = 0
        while k < bins - 1, Double(k + 1) * width < confidence { k += 1 }
        return k
    }

    /// Σ_b (n_b / n) |agreement_b − mean confidence_b| of rows already placed in bins.
    private static func expectedCalibrationError(of rows: [TrustThreshold.Row], placed: [Int], bins: Int) -> Double? {
        guard !rows.isEmpty else { return nil }
        var counts = [Int](repeating: 0, count: bins), gaps = [Double](repeating: 0, count: bins)
        for (row, b) in zip(rows, placed) {
            counts[b] += 1
            gaps[b] += (row.agrees ? 1 : 0) - row.confidence
        }
        // Σ_b (n_b/n)·|Σ_{i∈b}(yᵢ − cᵢ)/n_b| = Σ_b |Σ_{i∈b}(yᵢ − cᵢ)| / n.
        return gaps.reduce(0) { $0 + abs($1) } / Double(rows.count)
    }
}
