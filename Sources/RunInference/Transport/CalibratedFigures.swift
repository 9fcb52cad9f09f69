public import StatisticsCore

/// A dimension's saved maps: the map of the judge's score onto the experts' value, and the map onto
/// the chance of a pass at each level above the lowest (``PassMap``), all cross-fitted on the same
/// rows with the same folds.
public struct ScaleMaps: Sendable, Hashable {
    /// The map onto the experts' value.
    public var value: CrossFittedMap
    /// The pass maps in ascending level, one per level above the scale's lowest; `nil` when the
    /// calibration holds none (written before they were fitted).
    public var passes: [PassMap]?
    /// The values of the maps' covariates (``CrossFittedMap/covariates``) on each row of the run read
    /// through them, by row id; empty for maps of the score alone.
    public var covariates: [String: [Double]]

    /// Creates the maps.
    public init(value: CrossFittedMap, passes: [PassMap]?, covariates: [String: [Double]] = [:]) {
        self.value = value
        self.passes = passes
        self.covariates = covariates
    }
}

/// The map of a judge's score onto the chance that an expert puts the row at `level` or above: an
/// isotonic regression of the pass indicator 1{expert level ≥ `level`}, cross-fitted as the value
/// map is (``CrossFittedMap``), with values in [0, 1].
public struct PassMap: Sendable, Hashable, Codable {
    /// The level a pass reaches.
    public var level: Double
    /// The map.
    public var map: CrossFittedMap

    /// Creates a pass map.
    public init(level: Double, map: CrossFittedMap) {
        self.level = level
        self.map = map
    }
}

/// A run's figures on the experts' scale read through a dimension's saved maps (``ScaleMaps``): the
/// calibrated mean, the calibrated pass rate at a level and the calibrated share at each level, each
/// with its correction by fresh labels (``CalibratedMeanEstimate``: the map's jackknife in the
/// variance, PPI++ on the residuals).
///
/// - **Pass rate at t**: the mean of the pass map at t over the run; the fresh labels' residuals are
///   1{Yᵢ ≥ t} − f_t(sᵢ), Yᵢ the expert's level.
/// - **Share at level l**: the mean of F_l(s) − F_{l+1}(s) over the run, the pass maps' chances
///   rearranged to decrease with the level (``MappedScores/levelShares(passes:)``); the residuals are
///   1{Yᵢ = l} − (F_l − F_{l+1})(sᵢ). The shares' point values sum to 1.
///
/// The indicator means are clipped into [0, 1] no more than the mean is into the scale: a share's
/// interval may reach past 0 or 1 when it is near either, as the PPI++ shares' do before clipping.
public struct CalibratedFigures: Sendable, Hashable, Codable {
    /// One level's calibrated share.
    public struct Share: Sendable, Hashable, Codable {
        public var level: Double
        public var estimate: CalibratedMeanEstimate
    }

    /// The calibrated mean.
    public let mean: CalibratedMeanEstimate
    /// The calibrated mean corrected by labels that also decided the calibration's passing audit, read given
    /// that pass (``PassSelectedResidual``); `nil` unless the caller, who knows the audit, sets it.
    public var meanGivenPass: Estimate? = nil
    /// The level a pass reaches, when one was asked.
    public let passLevel: Double?
    /// The calibrated pass rate at ``passLevel``; `nil` when none was asked or it is undefined (``passRateUndefined``).
    public let passRate: CalibratedMeanEstimate?
    /// Why there is no calibrated pass rate although a pass level was asked.
    public let passRateUndefined: UndefinedReason?
    /// Each level's calibrated share, in ascending level; `nil` when undefined (``levelsUndefined``).
    public let levels: [Share]?
    /// Why there are no calibrated shares.
    public let levelsUndefined: UndefinedReason?

    /// The figures of `sample` through `maps`.
    ///
    /// - Parameters:
    ///   - sample: the judge's scores with the fresh labels, as the experts gave them (for the mean).
    ///   - rows: the ids of `sample`'s labelled and unlabelled rows, in its order: whose covariates a
    ///     two-stage map reads (``ScaleMaps/covariates``); `nil` for maps of the score alone.
    ///   - levels: the scale's levels in ascending order and how an expert's value is placed on one of
    ///     them, or `nil` when the dimension has no scale: then only the mean.
    ///   - passLevel: the level a pass reaches, or `nil` for no pass rate.
    /// - Throws: ``TwoStageMap/Failure/covariates(expected:given:)`` when a row has not the covariates the maps read.
    public init(
        _ sample: CorrectionSample, rows: (labelled: [String], unlabelled: [String])? = nil,
        levels: (scale: [Double], place: (Double) -> Double)?, maps: ScaleMaps, passLevel: Double?,
        level: Double = 0.95, variance: WeightedMeanVariance = .smallSample
    ) throws(TwoStageMap.Failure) {
        let covariates = rows.map { ids in
            (labelled: ids.labelled.map { maps.covariates[$0] ?? [] }, unlabelled: ids.unlabelled.map { maps.covariates[$0] ?? [] })
        }
        func read(_ map: CrossFittedMap) throws(TwoStageMap.Failure) -> MappedScores {
            try MappedScores(sample, through: map, covariates: covariates)
        }
        mean = CalibratedMeanEstimate(sample, mapped: try read(maps.value), level: level, variance: variance)
        self.passLevel = passLevel
        guard let levels, let passes = maps.passes, passes.map(\.level) == Array(levels.scale.dropFirst()) else {
            let reason = UndefinedReason(
                code: "no-pass-maps",
                message: levels == nil
                    ? "the dimension has no declared scale"
                    : "the calibration holds no map per level of this scale (it was fitted before they were saved, "
                        + "or on another scale): fit it again")
            (passRate, passRateUndefined) = (nil, passLevel == nil ? nil : reason)
            (self.levels, levelsUndefined) = (nil, reason)
            return
        }
        let onScale = sample.expertMapped(levels.place)
        var readings: [MappedScores] = []
        for pass in passes { readings.append(try read(pass.map)) }
        func estimate(_ indicator: @escaping (Double) -> Bool, _ reading: MappedScores) -> CalibratedMeanEstimate {
            CalibratedMeanEstimate(onScale.expertMapped { indicator($0) ? 1 : 0 }, mapped: reading, level: level, variance: variance)
        }
        if let passLevel, let index = passes.firstIndex(where: { $0.level == passLevel }) {
            (passRate, passRateUndefined) = (estimate({ $0 >= passLevel }, readings[index]), nil)
        } else {
            let reason = UndefinedReason(
                code: "lowest-level", message: "every row is at the scale's lowest level or above: the pass rate is 1")
            (passRate, passRateUndefined) = (nil, passLevel == nil ? nil : reason)
        }
        let shares = MappedScores.levelShares(passes: readings)
        self.levels = zip(levels.scale, shares).map { value, reading in
            Share(level: value, estimate: estimate({ $0 == value }, reading))
        }
        levelsUndefined = nil
    }
}
