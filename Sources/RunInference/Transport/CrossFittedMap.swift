public import AgreementCoefficients
import DataFormats
import StatisticsCore

/// A judge-to-expert map fitted on labelled rows with cross-fitting: the rows split into K folds,
/// map k fitted (``AgreementCoefficients/IsotonicRegression``) on every fold but k, and the full map
/// on all of them (CJE's monotone calibrator, Landesberg 2025; its `JudgeCalibrator.fit_cv`).
///
/// - The **full map** is what a later run's scores are read through (``predict(_:)``).
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
public struct CrossFittedMap: Sendable, Hashable, Codable {
    /// One labelled row: the judge's score, the experts' value, the row's weight.
    public struct Row: Sendable, Hashable {
        public var id: String
        public var score: Double
        public var target: Double
        public var weight: Double

        /// Creates a row (weight 1 unless given).
        public init(id: String, score: Double, target: Double, weight: Double = 1) {
            self.id = id
            self.score = score
            self.target = target
            self.weight = weight
        }
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

        public var description: String {
            switch self {
            case .tooFewRows(let n): "\(n) labelled \(n == 1 ? "row" : "rows"); a cross-fitted map needs at least \(CrossFittedMap.minimumRows)"
            case .folds(let k): "\(k) folds; cross-fitting needs at least 2"
            case .duplicateID(let id): "the row \(id) appears twice"
            case .fit(let failure): failure.description
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
    /// The map fitted on every row.
    public let full: IsotonicRegression
    /// Map k, fitted on every row outside fold k.
    public let foldMaps: [IsotonicRegression]
    /// Each labelled row's value read through the map not fitted on it, by id.
    public let outOfFold: [String: Double]

    /// Fits the maps on `rows` with `folds` folds (fewer when the rows are few), the values clipped into `bounds`.
    ///
    /// - Throws: ``Failure``.
    public init(rows: [Row], folds asked: Int = 5, seed: UInt64 = 0, bounds: ClosedRange<Double>? = nil) throws(Failure) {
        guard asked >= 2 else { throw .folds(asked) }
        guard rows.count >= Self.minimumRows else { throw .tooFewRows(rows.count) }
        var seen: Set<String> = []
        for row in rows where !seen.insert(row.id).inserted { throw .duplicateID(row.id) }
        let k = Self.folds(rows: rows.count, asked: asked)
        let assignment = Self.assignment(ids: rows.map(\.id), folds: k, seed: seed)
        func fit(_ rows: [Row]) throws(Failure) -> IsotonicRegression {
            do {
                return try IsotonicRegression(x: rows.map(\.score), y: rows.map(\.target), weights: rows.map(\.weight), bounds: bounds)
            } catch {
                throw .fit(error)
            }
        }
        var foldMaps: [IsotonicRegression] = []
        for fold in 0..<k { foldMaps.append(try fit(rows.filter { assignment[$0.id] != fold })) }
        self.folds = k
        self.seed = seed
        self.assignment = assignment
        self.full = try fit(rows)
        self.foldMaps = foldMaps
        self.outOfFold = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, foldMaps[assignment[$0.id] ?? 0].predict($0.score)) })
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

    /// The calibrated value of a judge's `score`, read through the full map.
    public func predict(_ score: Double) -> Double { full.predict(score) }

    /// The delete-a-fold jackknife variance of `statistic` (a figure computed from a map, such as
    /// the mean calibrated score over a run): ``jackknifeVariance(of:)`` of the statistic through each
    /// fold map — the part of an estimate's variance that comes from having fitted the map on these
    /// labelled rows (CJE's oracle-uncertainty term).
    public func jackknifeVariance(_ statistic: (IsotonicRegression) -> Double) -> Double {
        Self.jackknifeVariance(of: foldMaps.map(statistic))
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
