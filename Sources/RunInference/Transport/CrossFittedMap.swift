public import AgreementCoefficients
import DataFormats
import StatisticsCore

/// A judge-to-expert map fitted on labelled rows with cross-fitting: the rows split into K folds,
/// map k fitted on every fold but k, and the full map on all of them (CJE's `JudgeCalibrator.fit_cv`,
/// Landesberg 2025).
///
/// **The map** (``Method``) is CJE's monotone calibrator, the isotonic map of the judge's score
/// (``AgreementCoefficients/IsotonicRegression``), by default; or its two-stage calibrator
/// (``TwoStageMap``) of the score and named covariates, each row carrying their values in the order of
/// ``covariates``. Every fold map is of the kind asked; as in CJE, a two-stage full map fitted on fewer
/// than ``TwoStageMap/minimumRows`` rows is the isotonic map of the score, and a fold map whose training
/// rows are that few ranks the score alone (``TwoStageMap/index`` `nil`).
///
/// - The **full map** is what a later run's scores are read through (``predict(_:covariates:)``).
/// - A labelled row's **out-of-fold** value is read through the map not fitted on it
///   (``outOfFold``), so its residual (expert − calibrated) is an honest one, not one the map was
///   drawn towards.
/// - The **fold maps** carry the map's own uncertainty into an estimate by the delete-a-fold
///   jackknife (``jackknifeVariance(_:)``).
///
/// **Folds.** Each row's id is hashed with the seed (the SHA-256 of `"<seed>:<id>"`), the ids
/// sorted by that hash and dealt round robin, so fold sizes differ by at most one and a row's fold
/// depends only on the ids and the seed. With fewer than 2K rows, K becomes max(2, ⌊n/2⌋), as
/// CJE's `resolve_n_folds` does; fewer than 4 rows cannot be cross-fitted.
public struct CrossFittedMap: Sendable, Hashable {
    /// One labelled row: the judge's score, the experts' value, the row's weight, and its covariates'
    /// values in the order of the map's names (none for an isotonic map).
    public struct Row: Sendable, Hashable {
        public var id: String
        public var score: Double
        public var target: Double
        public var weight: Double
        public var covariates: [Double]

        /// Creates a row (weight 1 and no covariates unless given).
        public init(id: String, score: Double, target: Double, weight: Double = 1, covariates: [Double] = []) {
            self.id = id
            self.score = score
            self.target = target
            self.weight = weight
            self.covariates = covariates
        }
    }

    /// Which map is fitted.
    public enum Method: Sendable, Hashable {
        /// The isotonic map of the judge's score.
        case isotonic
        /// The two-stage map of the score and the covariates named, with the base knots asked of each spline.
        case twoStage(covariates: [String], knots: Int = TwoStageMap.standardKnots)
    }

    /// The kind of map, as a calibration file names it.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case isotonic
        case twoStage = "two-stage"
    }

    /// Why a map cannot be fitted.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fewer than 4 rows, or the folds asked for fewer than 2.
        case tooFewRows(Int)
        case folds(Int)
        /// An id appears twice.
        case duplicateID(String)
        /// A fit failed (a value not finite, a negative weight).
        case fit(IsotonicRegression.Failure)
        case twoStage(TwoStageMap.Failure)
        /// A row has another number of covariates than the map names; fewer knots asked than ``TwoStageMap/fewestKnots``.
        case covariates(row: String, expected: Int, given: Int)
        case knots(Int)

        public var description: String {
            switch self {
            case .tooFewRows(let n): "\(n) labelled \(n == 1 ? "row" : "rows"); a cross-fitted map needs at least \(CrossFittedMap.minimumRows)"
            case .folds(let k): "\(k) folds; cross-fitting needs at least 2"
            case .duplicateID(let id): "the row \(id) appears twice"
            case .fit(let failure): failure.description
            case .twoStage(let failure): failure.description
            case .covariates(let row, let expected, let given):
                "the row \(row) has \(given) covariate \(given == 1 ? "value" : "values") where the map names \(expected)"
            case .knots(let k): "\(k) knots asked; a two-stage map's splines use at least \(TwoStageMap.fewestKnots) (CJE's floor)"
            }
        }
    }

    /// The fewest rows a map can be cross-fitted on: 4, two folds of two.
    public static let minimumRows = 4

    /// The number of folds used (at most the number asked).
    public let folds: Int
    /// The seed of the fold assignment.
    public let seed: UInt64
    /// Each labelled row's fold, by id.
    public let assignment: [String: Int]
    /// The kind of map, the covariates it reads (in order; none for an isotonic map), and the knots
    /// asked of a two-stage map's splines (`nil` for an isotonic map).
    public let kind: Kind
    public let covariates: [String]
    public let knots: Int?
    /// The map fitted on every row.
    public let full: JudgeMap
    /// Map k, fitted on every row outside fold k.
    public let foldMaps: [JudgeMap]
    /// Each labelled row's value read through the map not fitted on it, by id.
    public let outOfFold: [String: Double]

    /// Fits the maps of `method` on `rows` with `folds` folds (fewer when the rows are few), the values
    /// clipped into `bounds`.
    ///
    /// - Throws: ``Failure``.
    public init(
        rows: [Row], folds asked: Int = 5, seed: UInt64 = 0, bounds: ClosedRange<Double>? = nil, method: Method = .isotonic
    ) throws(Failure) {
        guard asked >= 2 else { throw .folds(asked) }
        guard rows.count >= Self.minimumRows else { throw .tooFewRows(rows.count) }
        var seen: Set<String> = []
        for row in rows where !seen.insert(row.id).inserted { throw .duplicateID(row.id) }
        let names: [String]
        switch method {
        case .isotonic: names = []
        case .twoStage(let covariates, let knots):
            guard knots >= TwoStageMap.fewestKnots else { throw .knots(knots) }
            names = covariates
        }
        if let bad = rows.first(where: { $0.covariates.count != names.count }) {
            throw .covariates(row: bad.id, expected: names.count, given: bad.covariates.count)
        }
        let k = Self.folds(rows: rows.count, asked: asked)
        let assignment = Self.assignment(ids: rows.map(\.id), folds: k, seed: seed)
        var foldMaps: [JudgeMap] = []
        for fold in 0..<k {
            foldMaps.append(try Self.fit(rows.filter { assignment[$0.id] != fold }, method: method, bounds: bounds, isFold: true))
        }
        self.folds = k
        self.seed = seed
        self.assignment = assignment
        switch method {
        case .isotonic:
            kind = .isotonic
            knots = nil
        case .twoStage(_, let asked):
            kind = .twoStage
            knots = asked
        }
        covariates = names
        full = try Self.fit(rows, method: method, bounds: bounds, isFold: false)
        self.foldMaps = foldMaps
        var outOfFold: [String: Double] = [:]
        for row in rows {
            do {
                outOfFold[row.id] = try foldMaps[assignment[row.id] ?? 0].predict(row.score, covariates: row.covariates)
            } catch {
                throw .twoStage(error)
            }
        }
        self.outOfFold = outOfFold
    }

    /// One map of `method` on `rows`: isotonic, or two-stage — save that a full map on fewer than
    /// ``TwoStageMap/minimumRows`` rows is isotonic (CJE's fallback), where a fold map ranks the score.
    static func fit(_ rows: [Row], method: Method, bounds: ClosedRange<Double>?, isFold: Bool) throws(Failure) -> JudgeMap {
        let scores = rows.map(\.score), targets = rows.map(\.target), weights = rows.map(\.weight)
        if case .twoStage(_, let knots) = method, isFold || rows.count >= TwoStageMap.minimumRows {
            do {
                return .twoStage(
                    try TwoStageMap(
                        scores: scores, covariates: rows.map(\.covariates), targets: targets, weights: weights, knots: knots,
                        bounds: bounds))
            } catch {
                throw .twoStage(error)
            }
        }
        do {
            return .isotonic(try IsotonicRegression(x: scores, y: targets, weights: weights, bounds: bounds))
        } catch {
            throw .fit(error)
        }
    }

    /// The folds used for `rows` rows when `asked` are asked: `asked` when rows ≥ 2 · asked, else max(2, ⌊rows/2⌋).
    public static func folds(rows: Int, asked: Int) -> Int {
        rows >= 2 * asked ? asked : max(2, rows / 2)
    }

    /// Each id's fold: the ids sorted by the SHA-256 of `"<seed>:<id>"` (then by id), dealt round robin.
    public static func assignment(ids: [String], folds: Int, seed: UInt64) -> [String: Int] {
        let keyed = ids.map { (key: SHA256.hexDigest(of: Array("\(seed):\($0)".utf8)), id: $0) }.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        return Dictionary(uniqueKeysWithValues: keyed.enumerated().map { ($0.element.id, $0.offset % folds) })
    }

    /// The calibrated value of a judge's `score` with its `covariates` (in the order of ``covariates``),
    /// read through the full map.
    ///
    /// - Throws: ``TwoStageMap/Failure/covariates(expected:given:)`` when they are not as many as the map's.
    public func predict(_ score: Double, covariates: [Double] = []) throws(TwoStageMap.Failure) -> Double {
        guard covariates.count == self.covariates.count else {
            throw .covariates(expected: self.covariates.count, given: covariates.count)
        }
        return try full.predict(score, covariates: covariates)
    }

    /// The delete-a-fold jackknife variance of `statistic` (a figure computed from a map, such as
    /// the mean calibrated score over a run): ``jackknifeVariance(of:)`` of the statistic through each
    /// fold map — the part of an estimate's variance that comes from having fitted the map on these
    /// labelled rows (CJE's oracle-uncertainty term).
    public func jackknifeVariance<E: Error>(_ statistic: (JudgeMap) throws(E) -> Double) throws(E) -> Double {
        var values: [Double] = []
        for fold in foldMaps { values.append(try statistic(fold)) }
        return Self.jackknifeVariance(of: values)
    }

    /// The delete-a-fold jackknife variance of a statistic from its values θ₍ₖ₎ through each of K fold
    /// maps: (K − 1)/K · Σₖ (θ₍ₖ₎ − θ̄)², θ̄ their mean; 0 for fewer than two values.
    public static func jackknifeVariance(of values: [Double]) -> Double {
        guard values.count >= 2 else { return 0 }
        let k = Double(values.count)
        let mean = values.reduce(0, +) / k
        return (k - 1) / k * values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    }
}
