import AgreementCoefficients

/// A judge's scores read through a cross-fitted map (``CrossFittedMap``) and through each of its fold
/// maps, row by row in a ``CorrectionSample``'s order: what an estimate through a saved map rests on,
/// whatever kind of map made the values.
///
/// The estimators (``CalibratedMeanEstimate``) take these values, not the map, so that one estimator
/// serves the map of a score onto the experts' value, the map onto the chance of a pass
/// (``PassMap``), and the level shares made of those (``levelShares(passes:)``).
public struct MappedScores: Sendable, Hashable {
    /// One reading of every row: the labelled rows in the sample's order, then the unlabelled.
    public struct Values: Sendable, Hashable {
        public var labelled: [Double]
        public var unlabelled: [Double]

        /// Creates a reading.
        public init(labelled: [Double], unlabelled: [Double]) {
            self.labelled = labelled
            self.unlabelled = unlabelled
        }

        /// Every row's value, labelled first.
        public var all: [Double] { labelled + unlabelled }
    }

    /// Each row through the full map.
    public let full: Values
    /// Each row through fold map k, for k in 0 ..< K.
    public let folds: [Values]

    /// The readings of a full map and its fold maps, each of as many rows as the sample it is used with.
    package init(full: Values, folds: [Values]) {
        self.full = full
        self.folds = folds
    }

    /// The score of each row of `sample` (labelled, then unlabelled) read through `map` and its fold
    /// maps, with each row's values of the map's covariates (in the order of
    /// ``CrossFittedMap/covariates``; none for a map of the score alone).
    ///
    /// - Throws: ``TwoStageMap/Failure/covariates(expected:given:)`` when a row's covariates are not as
    ///   many as the map reads (none given for a map that reads some).
    public init(
        _ sample: CorrectionSample, through map: CrossFittedMap, covariates: (labelled: [[Double]], unlabelled: [[Double]])? = nil
    ) throws(TwoStageMap.Failure) {
        func read(_ f: JudgeMap) throws(TwoStageMap.Failure) -> Values {
            func values(_ scores: [Double], _ rows: [[Double]]?) throws(TwoStageMap.Failure) -> [Double] {
                var out: [Double] = []
                out.reserveCapacity(scores.count)
                for (i, score) in scores.enumerated() {
                    let given = rows.flatMap { i < $0.count ? $0[i] : nil } ?? []
                    guard given.count == map.covariates.count else {
                        throw .covariates(expected: map.covariates.count, given: given.count)
                    }
                    out.append(try f.predict(score, covariates: given))
                }
                return out
            }
            return Values(
                labelled: try values(sample.judge, covariates?.labelled), unlabelled: try values(sample.judgeUnlabelled, covariates?.unlabelled))
        }
        full = try read(map.full)
        var folds: [Values] = []
        for fold in map.foldMaps { folds.append(try read(fold)) }
        self.folds = folds
    }

    /// The values of the same rows under `combine` applied row by row to the readings of several maps
    /// with the same folds (the full maps together, then fold k's together).
    static func combining(_ maps: [MappedScores], _ combine: ([Double]) -> [Double]) -> [MappedScores] {
        guard let first = maps.first else { return [] }
        func combined(_ reading: (MappedScores) -> Values) -> [Values] {
            let readings = maps.map(reading)
            let (n, m) = (first.full.labelled.count, first.full.unlabelled.count)
            let labelled = (0..<n).map { i in combine(readings.map { $0.labelled[i] }) }
            let unlabelled = (0..<m).map { i in combine(readings.map { $0.unlabelled[i] }) }
            let outputs = (labelled.first ?? unlabelled.first ?? []).count
            return (0..<outputs).map { j in Values(labelled: labelled.map { $0[j] }, unlabelled: unlabelled.map { $0[j] }) }
        }
        let full = combined(\.full)
        let folds = first.folds.indices.map { k in combined { $0.folds[k] } }
        return full.indices.map { j in MappedScores(full: full[j], folds: folds.map { $0[j] }) }
    }

    /// The share at each level from the readings of the pass maps at every level but the lowest
    /// (`passes`, in ascending level): with F₁ = 1 below the lowest, F_{K+1} = 0 above the highest and
    /// F₂ … F_K a row's chances of a pass at each level, the share at level l is F_l − F_{l+1} once the
    /// chances are put in decreasing order.
    ///
    /// The pass maps are fitted one level at a time, so at some score a higher level's chance can
    /// exceed a lower one's, which would make a share negative. Sorting each row's chances
    /// (the rearrangement of Chernozhukov, Fernández-Val & Galichon 2009, Econometrica) makes them
    /// decrease with the level, the shares non-negative and summing to 1, and brings each chance no
    /// further from the truth than before. Done alike on the full maps and on each fold's.
    ///
    /// - Returns: K readings, one per level in ascending order.
    public static func levelShares(passes: [MappedScores]) -> [MappedScores] {
        combining(passes) { chances in
            let cumulative = [1] + chances.sorted(by: >) + [0]
            return (0..<(cumulative.count - 1)).map { cumulative[$0] - cumulative[$0 + 1] }
        }
    }
}
