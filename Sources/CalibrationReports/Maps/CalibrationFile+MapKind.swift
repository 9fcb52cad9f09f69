import CalibrationData
import CalibrationMaps
import RunInference

/// What the reports say of a map's kind: isotonic in the judge's score, or two-stage with its covariates.
extension CalibrationFile {
    /// The dimensions' kind of map (one setting fits them all): isotonic when there is none.
    var mapKind: CrossFittedMap.Kind { dimensions.first?.map.kind ?? .isotonic }

    /// "an isotonic map from the judge's score", or the two-stage map with its covariates.
    var mapPhrase: String {
        guard mapKind == .twoStage else { return "an isotonic map from the judge's score" }
        let covariates = dimensions.first?.map.covariates ?? []
        let of = covariates.isEmpty ? "the judge's score" : "the judge's score and " + covariates.joined(separator: ", ")
        return "a two-stage map (CJE's): a cubic spline of \(of) fitted by ridge, ranked, then an isotonic map of the rank"
    }

    /// The table's header: a judge score, or a two-stage map's rank of its index, and the calibrated value.
    static func mapHeader(_ d: Dimension) -> [String] {
        d.map.full.isTwoStage ? ["rank of the index", "calibrated"] : ["judge score", "calibrated"]
    }

    /// "map (judge score → calibrated value):", or the rank's.
    static func mapCaption(_ d: Dimension) -> String {
        "map (\(mapHeader(d)[0]) → calibrated value):"
    }

    /// A two-stage map's sentence: its covariates, knots and penalty, and CJE's fallbacks on few rows; `nil` for an isotonic map.
    static func twoStageSentence(_ d: Dimension) -> String? {
        guard d.map.kind == .twoStage else { return nil }
        let covariates = d.map.covariates.isEmpty ? "no covariates" : "covariates " + d.map.covariates.joined(separator: ", ")
        var parts = ["two-stage, \(covariates)"]
        switch d.map.full {
        case .twoStage(let m):
            if let index = m.index {
                parts.append("\(index.bases.first?.knots ?? 0) knots, ridge α \(ReportNumber.number(index.ridge.alpha))")
            }
        case .isotonic:
            parts.append("fewer than \(TwoStageMap.minimumRows) rows: the full map is isotonic in the judge's score (as CJE)")
        }
        let scoreOnly = d.map.foldMaps.count { if case .twoStage(let m) = $0 { m.index == nil } else { false } }
        if scoreOnly > 0 {
            parts.append(
                "\(scoreOnly) of \(d.map.folds) fold maps fitted on fewer than \(TwoStageMap.minimumRows) rows rank the judge's score alone")
        }
        return parts.joined(separator: "; ")
    }
}

extension JudgeMap {
    /// Whether this is a two-stage map.
    var isTwoStage: Bool {
        if case .twoStage = self { true } else { false }
    }
}
