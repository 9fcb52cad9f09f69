/// A cross-fitted map as a calibration file holds it: its kind, covariates and knots beside the folds and
/// maps. A file written before two-stage maps existed has none of the three and reads as an isotonic map
/// without covariates, its maps as they were written.
extension CrossFittedMap: Codable {
    enum CodingKeys: String, CodingKey {
        case kind, covariates, knots, folds, seed, assignment, full, foldMaps, outOfFold
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decodeIfPresent(Kind.self, forKey: .kind) ?? .isotonic
        covariates = try c.decodeIfPresent([String].self, forKey: .covariates) ?? []
        knots = try c.decodeIfPresent(Int.self, forKey: .knots)
        folds = try c.decode(Int.self, forKey: .folds)
        seed = try c.decode(UInt64.self, forKey: .seed)
        assignment = try c.decode([String: Int].self, forKey: .assignment)
        full = try c.decode(JudgeMap.self, forKey: .full)
        foldMaps = try c.decode([JudgeMap].self, forKey: .foldMaps)
        outOfFold = try c.decode([String: Double].self, forKey: .outOfFold)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(covariates, forKey: .covariates)
        try c.encodeIfPresent(knots, forKey: .knots)
        try c.encode(folds, forKey: .folds)
        try c.encode(seed, forKey: .seed)
        try c.encode(assignment, forKey: .assignment)
        try c.encode(full, forKey: .full)
        try c.encode(foldMaps, forKey: .foldMaps)
        try c.encode(outOfFold, forKey: .outOfFold)
    }
}
