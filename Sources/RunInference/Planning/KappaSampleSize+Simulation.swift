public import AgreementCoefficients
import StatisticsCore

extension KappaSampleSize {
    /// The fewest rows searched: below 10 paired rows `align` gives no verdict.
    public static let minimumRows = 10
    /// The most rows searched; a design that needs more is reported as needing more.
    public static let maximumRows = 20_000

    /// The share of `replications` simulated label sets of `rows` rows, drawn
    /// from `design`, on which the verdict's interval (``CohenKappa``'s normal
    /// interval at `level`, Fleiss–Cohen–Everitt SE at the estimate) lies wholly
    /// on the true kappa's side of `threshold`.
    ///
    /// Each replication draws the k² cell counts as one multinomial over the
    /// design's probabilities (held as integer weights to 2⁻⁴⁰); a table whose
    /// kappa or interval is undefined counts as not decisive. The generator is
    /// seeded with `seed` afresh, so every n sees the same stream (common random
    /// numbers) and the power curve is smooth in n.
    ///
    /// With `interval` a bootstrap, each replication's interval is that bootstrap of its table
    /// (``Bootstrap/table(_:resamples:level:seed:statistic:)``, the resampling `align` does), seeded from the replication.
    public static func simulatedPower(
        design: AgreementDesign, weights: AgreementWeights, threshold: Double, level: Double, rows: Int,
        replications: Int, seed: UInt64, interval: VerdictInterval = .analytic
    ) -> Double? {
        guard let truth = design.kappa(weights: weights.matrix(on: design.scale)), truth != threshold else { return nil }
        let cellWeights = design.cells.map { Int(($0 * 0x1p40).rounded()) }
        let matrix = weights.matrix(on: design.scale)
        var generator = Xoshiro256StarStar(seed: seed)
        var counts = [Int](repeating: 0, count: cellWeights.count)
        var decisive = 0
        for replication in 0..<replications {
            generator.multinomial(total: rows, weights: cellWeights, into: &counts)
            let table = ContingencyTable(scale: design.scale, counts: counts, excludedPairs: 0)
            let ci: ConfidenceInterval?
            switch interval {
            case .analytic:
                ci = CohenKappa(table, weights: weights, level: level).kappa.interval
            case .percentileBootstrap(let resamples), .bca(let resamples):
                let result = Bootstrap.table(table, resamples: resamples, level: level, seed: seed &+ UInt64(replication) &+ 1) {
                    CohenKappa.value(of: $0, weights: matrix)
                }
                if case .bca = interval { ci = result.bcaInterval } else { ci = result.percentileInterval }
            }
            guard let ci, ci.upper > ci.lower else { continue }
            if truth > threshold ? ci.lower >= threshold : ci.upper < threshold { decisive += 1 }
        }
        return Double(decisive) / Double(replications)
    }

    /// The interval a simulated verdict is decided on.
    public enum VerdictInterval: Sendable, Hashable {
        /// ``CohenKappa``'s normal interval, the Fleiss–Cohen–Everitt SE at the estimate (`align`'s analytic interval).
        case analytic
        /// The percentile bootstrap of the table, with this many resamples.
        case percentileBootstrap(resamples: Int)
        /// The BCa bootstrap of the table, with this many resamples.
        case bca(resamples: Int)
    }

    /// The fewest rows at which the verdict decided on `interval` reaches `power`, searched from `start`
    /// (the analytic interval's rows, ``simulatedRows(design:weights:threshold:level:power:replications:seed:)``)
    /// in steps of 5%, up while the power falls short (to ``maximumRows``) and down while it holds (at most 40 steps).
    ///
    /// A bootstrap per replication costs `resamples` tables, so this search starts near the answer
    /// rather than bisecting from the large-sample formula.
    public static func simulatedRows(
        startingAt start: Int, design: AgreementDesign, weights: AgreementWeights, threshold: Double, level: Double, power: Double,
        replications: Int, seed: UInt64, interval: VerdictInterval
    ) -> Need {
        func reaches(_ n: Int) -> Bool {
            (simulatedPower(
                design: design, weights: weights, threshold: threshold, level: level, rows: n, replications: replications, seed: seed,
                interval: interval) ?? 0) >= power
        }
        func step(_ n: Int, up: Bool) -> Int {
            up ? min(maximumRows, max(n + 1, Int((Double(n) * 1.05).rounded(.up)))) : max(minimumRows, min(n - 1, Int((Double(n) / 1.05).rounded(.down))))
        }
        var n = min(max(start, minimumRows), maximumRows)
        if reaches(n) {
            for _ in 0..<40 {
                let lower = step(n, up: false)
                guard lower < n, reaches(lower) else { break }
                n = lower
            }
            return .rows(n)
        }
        while n < maximumRows {
            n = step(n, up: true)
            if reaches(n) { return .rows(n) }
        }
        return .moreThanMaximum
    }

    /// The fewest rows (from ``minimumRows`` to ``maximumRows``) whose
    /// ``simulatedPower(design:weights:threshold:level:rows:replications:seed:)``
    /// reaches `power`: a bisection on n started from the large-sample
    /// ``rows(design:weights:threshold:level:power:rule:)``.
    ///
    /// - Returns: n; ``Need/moreThanMaximum`` when even ``maximumRows`` falls short;
    ///   `nil` where no n decides (true kappa on the threshold, or undefined).
    public static func simulatedRows(
        design: AgreementDesign, weights: AgreementWeights, threshold: Double, level: Double, power: Double,
        replications: Int, seed: UInt64
    ) -> Need? {
        guard let start = rows(design: design, weights: weights, threshold: threshold, level: level, power: power) else { return nil }
        func reaches(_ n: Int) -> Bool {
            (simulatedPower(
                design: design, weights: weights, threshold: threshold, level: level, rows: n, replications: replications, seed: seed)
                ?? 0) >= power
        }
        var high = min(max(start, minimumRows), maximumRows)
        var low = minimumRows - 1
        while !reaches(high) {
            guard high < maximumRows else { return .moreThanMaximum }
            low = high
            high = min(high * 2, maximumRows)
        }
        if high == minimumRows || reaches(minimumRows) { return .rows(minimumRows) }
        low = max(low, minimumRows)
        while high - low > 1 {
            let middle = (low + high) / 2
            if reaches(middle) { high = middle } else { low = middle }
        }
        return .rows(high)
    }

    /// A planned number of rows.
    public enum Need: Sendable, Hashable, Codable {
        /// This many labelled rows.
        case rows(Int)
        /// More than ``KappaSampleSize/maximumRows``.
        case moreThanMaximum

        /// The rows, `nil` beyond the maximum.
        public var count: Int? {
            if case .rows(let n) = self { return n }
            return nil
        }

        /// How JSON writes ``moreThanMaximum``.
        public static let moreThanMaximumWords = "more-than-maximum"

        /// Writes a number of rows as that number, and ``moreThanMaximum`` as `"more-than-maximum"`
        /// (the synthesized form was `{"rows": {"_0": 178}}`).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .rows(let n): try container.encode(n)
            case .moreThanMaximum: try container.encode(Self.moreThanMaximumWords)
            }
        }

        /// Reads either form.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let n = try? container.decode(Int.self) {
                self = .rows(n)
            } else if try container.decode(String.self) == Self.moreThanMaximumWords {
                self = .moreThanMaximum
            } else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a number of rows or \"\(Self.moreThanMaximumWords)\"")
            }
        }
    }
}
