extension OrdinalPredictionSets {
    /// A contiguous run of levels, lower...upper (0-based indices into the scale's levels), with
    /// the judge's probability mass on it.
    public struct LevelInterval: Sendable, Hashable, Codable {
        /// The lowest level in the set.
        public var lower: Int
        /// The highest level in the set.
        public var upper: Int
        /// The sum of the judge's renormalised probabilities over lower...upper.
        public var mass: Double

        /// Creates an interval.
        public init(lower: Int, upper: Int, mass: Double) {
            self.lower = lower
            self.upper = upper
            self.mass = mass
        }

        /// How many levels the set holds: upper − lower + 1 (1 is a singleton, K the whole scale).
        public var width: Int { upper - lower + 1 }

        /// Whether the set holds `level`.
        public func contains(_ level: Int) -> Bool { level >= lower && level <= upper }
    }

    /// The greedy path of a row's renormalised probabilities: K nested intervals, the k-th of
    /// width k, each the one before with the neighbour of larger probability added (ties to the
    /// lower level), the first the most probable level (ties to the lowest). Masses are summed in
    /// the order the levels are added, capped at 1, and the whole scale's is exactly 1: summing
    /// renormalised probabilities can land an ulp either side of 1, which would split the scores'
    /// atom at the whole scale into several values and q̂ between them.
    public static func path(_ probabilities: [Double]) -> [LevelInterval] {
        guard var lower = probabilities.indices.first else { return [] }
        for level in probabilities.indices where probabilities[level] > probabilities[lower] { lower = level }
        var upper = lower
        var mass = probabilities[lower]
        var path = [LevelInterval(lower: lower, upper: upper, mass: mass)]
        path.reserveCapacity(probabilities.count)
        while lower > 0 || upper < probabilities.count - 1 {
            let below = lower > 0 ? probabilities[lower - 1] : -Double.infinity
            let above = upper < probabilities.count - 1 ? probabilities[upper + 1] : -Double.infinity
            if below >= above {
                lower -= 1
                mass = min(1, mass + below)
            } else {
                upper += 1
                mass = min(1, mass + above)
            }
            path.append(LevelInterval(lower: lower, upper: upper, mass: mass))
        }
        path[path.count - 1].mass = 1
        return path
    }

    /// A calibration row's conformal score: the mass of the first interval on its path that holds
    /// `level` (1 − α of new rows' levels have a score at or below q̂). A level off the scale
    /// scores 1, the whole scale's mass.
    public static func score(_ probabilities: [Double], level: Int) -> Double {
        path(probabilities).first { $0.contains(level) }?.mass ?? 1
    }

    /// `probabilities` divided by their sum, each checked: K of them, finite, at least 0, and
    /// not all 0. The sum is taken from the lowest level up.
    static func normalised(_ probabilities: [Double], levels: Int, row: Int) throws(ConformalError) -> [Double] {
        guard probabilities.count == levels else {
            throw .wrongLength(row: row, given: probabilities.count, levels: levels)
        }
        var total = 0.0
        for (level, p) in probabilities.enumerated() {
            guard p.isFinite, p >= 0 else { throw .badProbability(row: row, level: level, value: p) }
            total += p
        }
        guard total > 0, total.isFinite else { throw .noMass(row: row) }
        return probabilities.map { $0 / total }
    }
}
