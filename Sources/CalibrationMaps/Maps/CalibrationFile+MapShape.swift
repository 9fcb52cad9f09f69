import AgreementCoefficients
import RunInference

/// The checks of a map's shape that ``CalibrationFile/load(from:)`` makes, map by map.
extension CalibrationFile {
    /// Why a cross-fitted map's kind does not match its maps (as a phrase), or `nil`: an isotonic map reads
    /// no covariate and every map of it is isotonic; a two-stage map's fold maps are two-stage, its full
    /// map two-stage or (fitted on few rows, as CJE) isotonic.
    static func kindProblem(of map: CrossFittedMap) -> String? {
        switch map.kind {
        case .isotonic:
            guard map.covariates.isEmpty, map.knots == nil else { return "is isotonic and names covariates or knots, which it cannot read" }
            guard case .isotonic = map.full, map.foldMaps.allSatisfy({ if case .isotonic = $0 { true } else { false } }) else {
                return "is isotonic and holds a two-stage map"
            }
        case .twoStage:
            guard let knots = map.knots, knots >= TwoStageMap.fewestKnots else {
                return "is two-stage without the knots it was fitted with (at least \(TwoStageMap.fewestKnots))"
            }
            guard map.foldMaps.allSatisfy({ if case .twoStage = $0 { true } else { false } }) else {
                return "is two-stage and holds an isotonic fold map"
            }
        }
        return nil
    }

    /// Why `map` cannot be read with `covariates` covariates (as a phrase: "has no point"), or `nil` when it can.
    static func problem(of map: JudgeMap, covariates: Int, within bounds: ClosedRange<Double>) -> String? {
        switch map {
        case .isotonic(let isotonic): return problem(of: isotonic, within: bounds)
        case .twoStage(let twoStage):
            guard twoStage.covariateCount == covariates else {
                return "reads \(twoStage.covariateCount) covariates where the calibration names \(covariates)"
            }
            let ecdf = twoStage.ecdf
            guard !ecdf.values.isEmpty, ecdf.values.count == ecdf.ranks.count, (ecdf.values + ecdf.ranks).allSatisfy(\.isFinite),
                zip(ecdf.values, ecdf.values.dropFirst()).allSatisfy({ $0 < $1 }),
                zip(ecdf.ranks, ecdf.ranks.dropFirst()).allSatisfy({ $0 < $1 }), ecdf.ranks.allSatisfy({ $0 > 0 && $0 < 1 })
            else { return "has a rank scale that is not increasing values with mid-ranks in (0, 1)" }
            if let index = twoStage.index {
                let ridge = index.ridge
                guard index.bases.count == covariates + 1,
                    ridge.coefficients.count == index.bases.reduce(0, { $0 + $1.featureCount }),
                    (ridge.coefficients + [ridge.intercept, ridge.alpha]).allSatisfy(\.isFinite)
                else { return "has a smooth index whose splines and coefficients do not match, or are not finite" }
            }
            return problem(of: twoStage.isotonic, within: bounds).map { "has a rank map that \($0.dropFirst(4))" }
        }
    }
}
