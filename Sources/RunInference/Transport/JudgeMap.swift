public import AgreementCoefficients

/// One fitted judge-to-expert map — the full map of a ``CrossFittedMap`` or one of its fold maps: the
/// isotonic map of the judge's score (``AgreementCoefficients/IsotonicRegression``, CJE's monotone
/// calibrator) or the two-stage map of the score and covariates (``TwoStageMap``).
///
/// Encoded as the map it holds: an isotonic map as its own fields (`thresholds`, `values`), so files
/// written before two-stage maps existed read unchanged; a two-stage map under the key `twoStage`.
public enum JudgeMap: Sendable, Hashable {
    case isotonic(IsotonicRegression)
    case twoStage(TwoStageMap)

    /// The calibrated value of a judge's `score` with its `covariates`. An isotonic map reads the score alone,
    /// whatever covariates come with it (the full map of a two-stage fit on few rows, as CJE's, takes and ignores them).
    ///
    /// - Throws: ``TwoStageMap/Failure/covariates(expected:given:)`` when a two-stage map is given another number of covariates.
    public func predict(_ score: Double, covariates: [Double]) throws(TwoStageMap.Failure) -> Double {
        switch self {
        case .isotonic(let map): return map.predict(score)
        case .twoStage(let map): return try map.predict(score, covariates: covariates)
        }
    }

    /// The isotonic map's last stage: the map itself, or a two-stage map's map from rank to value.
    public var isotonicStage: IsotonicRegression {
        switch self {
        case .isotonic(let map): map
        case .twoStage(let map): map.isotonic
        }
    }
}

extension JudgeMap: Codable {
    enum CodingKeys: String, CodingKey {
        case twoStage
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.twoStage) {
            self = .twoStage(try container.decode(TwoStageMap.self, forKey: .twoStage))
        } else {
            self = .isotonic(try IsotonicRegression(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .isotonic(let map): try map.encode(to: encoder)
        case .twoStage(let map):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(map, forKey: .twoStage)
        }
    }
}
