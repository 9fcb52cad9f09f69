/// A k×k×k table of counts of (expert, first judge, second judge) ratings of
/// the same items: the joint data behind comparing two judges' (or two
/// rubrics') agreement with one expert.
///
/// Both expert-versus-judge tables are margins of it, so resampling items
/// jointly is one multinomial draw over its k³ cells
/// (``Bootstrap/paired(_:resamples:level:seed:statistic:)``), and McNemar's
/// test reads its discordant counts (``McNemarTest``).
public struct PairedRatingTable: Sendable, Hashable, Codable {
    /// The declared scale shared by all three raters.
    public let scale: CategoryScale
    /// Counts, `counts[(e * k + a) * k + b]` for expert e, first judge a, second judge b.
    public private(set) var counts: [Int]
    /// Items left out because any of the three ratings was missing (listwise deletion).
    public private(set) var excludedItems: Int

    /// The table from three ratings lists of the same items, in the same order.
    ///
    /// - Throws: ``RatingError`` for an off-scale rating (naming its position and
    ///   rater: 1 expert, 2 first judge, 3 second judge) or lists of different lengths.
    public init(scale: CategoryScale, expert: [Double?], first: [Double?], second: [Double?]) throws {
        guard expert.count == first.count, expert.count == second.count else {
            throw RatingError(
                message:
                    "the expert's and the two judges' lists differ in length (\(expert.count), \(first.count), \(second.count)); they must rate the same items",
                position: nil)
        }
        let k = scale.count
        var counts = [Int](repeating: 0, count: k * k * k)
        var excluded = 0
        for position in expert.indices {
            guard let e = expert[position], let a = first[position], let b = second[position] else {
                excluded += 1
                continue
            }
            var cell = 0
            for (rater, value) in [e, a, b].enumerated() {
                guard let index = scale.index(of: value) else {
                    throw RatingError.offScale(value: value, position: position, rater: rater + 1, scale: scale)
                }
                cell = cell * k + index
            }
            counts[cell] += 1
        }
        self.scale = scale
        self.counts = counts
        self.excludedItems = excluded
    }

    /// k, the number of categories.
    public var k: Int { scale.count }

    /// The number of items with all three ratings.
    public var n: Int { counts.reduce(0, +) }

    /// The count of items rated e by the expert, a by the first judge and b by the second.
    public subscript(expert e: Int, first a: Int, second b: Int) -> Int { counts[(e * k + a) * k + b] }

    /// The expert (rows) against the first judge (columns).
    public var expertVersusFirst: ContingencyTable { judgeTables().first }

    /// The expert (rows) against the second judge (columns).
    public var expertVersusSecond: ContingencyTable { judgeTables().second }

    private func judgeTables() -> (first: ContingencyTable, second: ContingencyTable) {
        var first = ContingencyTable(scale: scale)
        var second = ContingencyTable(scale: scale)
        Self.margins(counts, k: k, into: &first, &second)
        return (first, second)
    }

    /// Writes the expert × first and expert × second margins of k³ `cells` into the two tables.
    static func margins(_ cells: [Int], k: Int, into first: inout ContingencyTable, _ second: inout ContingencyTable) {
        for e in 0..<k {
            for a in 0..<k {
                var sum = 0
                for b in 0..<k { sum += cells[(e * k + a) * k + b] }
                first[e, a] = sum
            }
            for b in 0..<k {
                var sum = 0
                for a in 0..<k { sum += cells[(e * k + a) * k + b] }
                second[e, b] = sum
            }
        }
    }
}

extension Bootstrap {
    /// The paired bootstrap of the difference between two judges' agreement
    /// with the same expert, statistic(expert × first) − statistic(expert ×
    /// second), resampling items jointly as one multinomial draw over the k³
    /// cells of the ``PairedRatingTable`` (O(k³) per resample, independent of
    /// n).
    ///
    /// Because both tables come from the same resampled items, the correlation
    /// between the two judges' agreement is kept, which an unpaired comparison
    /// of two intervals would lose. A resample where either statistic is
    /// undefined is undefined (excluded and counted).
    public static func paired(
        _ table: PairedRatingTable, resamples: Int = 2000, level: Double = 0.95, seed: UInt64,
        statistic: (ContingencyTable) -> Double?
    ) -> BootstrapResult {
        let k = table.k
        var first = ContingencyTable(scale: table.scale)
        var second = ContingencyTable(scale: table.scale)
        return multinomial(method: "paired-multinomial", cells: table.counts, resamples: resamples, level: level, seed: seed) { cells in
            PairedRatingTable.margins(cells, k: k, into: &first, &second)
            guard let a = statistic(first), let b = statistic(second) else { return nil }
            return a - b
        }
    }
}

extension PairedRatingTable {
    /// The jackknife standard error of the difference statistic(expert × first) −
    /// statistic(expert × second): each item left out once (every item of a k³ cell gives the
    /// same value, so O(k³) evaluations), SE = √((n − 1)/n · Σ (θ₍ᵢ₎ − θ̄)²) (Efron & Tibshirani
    /// 1993, §11.2).
    ///
    /// `compare`'s default interval for the difference is θ̂ ± t₍ₙ₋₁₎·SE with it: at 50 paired rows
    /// it reaches the nominal coverage where the paired percentile bootstrap falls short (measured in
    /// docs/ITERATION.md, "The certified gain's interval").
    ///
    /// - Returns: `nil` with fewer than two items or where a leave-one-out difference is undefined.
    public func jackknifeStandardError(statistic: (ContingencyTable) -> Double?) -> Double? {
        var first = ContingencyTable(scale: scale)
        var second = ContingencyTable(scale: scale)
        let k = k
        let values = Bootstrap.cellJackknife(counts) { cells in
            Self.margins(cells, k: k, into: &first, &second)
            guard let a = statistic(first), let b = statistic(second) else { return nil }
            return a - b
        }
        return BootstrapResult.jackknifeStandardError(values)
    }
}
