public import Calibration
public import CalibrationData
public import DataFormats
public import Foundation
public import RunInference
import StatisticsCore

extension CalibrationFile {
    /// Fits each dimension of `input` (an alignment's input: the judge's scores and the experts'
    /// labels on the run's rows) and records the maps with what they were fitted on.
    ///
    /// **Rows.** A dimension's rows are the run's labelled rows (labelled on any dimension), in the
    /// run's order, less the rubric's worked examples unless the settings keep them, each with its
    /// judge score (``CalibrationData/JudgeScore/value``: a level, a probability-weighted expected
    /// value, a mean of samples, or a score from a file) and its raters' values combined by the
    /// settings' ``CalibrationSettings/experts`` (``Calibration/ExpertPanel``). A row is left out, and
    /// counted (``LeftOut``), when it is a worked example, has no expert value on the dimension, or
    /// has no judge score (the judge failed or was not asked) — in that order. Every row weighs 1.
    ///
    /// **Maps.** Each dimension with at least ``RunInference/CrossFittedMap/minimumRows`` rows gets
    /// ``RunInference/CrossFittedMap/init(rows:folds:seed:bounds:method:)`` with the settings' folds, seed and
    /// map and the scale's [lowest, highest] as bounds; one with fewer is ``Unfitted``. A two-stage map's
    /// covariates are read from each row of `runRows` (``CalibrationData/RowCovariate``).
    ///
    /// - Parameters:
    ///   - runRows: the run the rows are of, whose rows give a two-stage map's covariates (needed only then).
    ///   - judge: the judge the scores are of (``CalibrationData/JudgeIdentity``).
    ///   - labelFingerprint: the label set's fingerprint (``CalibrationData/ExpertLabels/fingerprint``).
    /// - Throws: ``CalibrationFitError`` for a dimension without a declared scale or a map that cannot be
    ///   fitted (a score that is not finite); ``Calibration/AlignmentError`` for labels the expert panel refuses;
    ///   ``CalibrationData/RowCovariateError`` for a row without a covariate's value.
    public init(
        _ input: AlignmentInput, settings: CalibrationSettings, judge: JudgeIdentity, labelFingerprint: String, created: Date = Date(),
        runRows: FrozenRun? = nil
    ) throws {
        self.created = created
        rubric = input.info.rubric
        rubricTextHash = input.info.rubricHash
        self.judge = judge
        run = input.info.run
        self.labelFingerprint = labelFingerprint
        foldsAsked = settings.folds
        seed = settings.seed
        experts = settings.experts
        includeExamples = settings.includeExamples
        dimensions = []
        unfitted = []
        let labelled = Set(input.dimensions.flatMap { $0.expertLabels.map(\.rowID) })
        let candidates = input.runRowIDs.filter(labelled.contains)
        let examples = settings.includeExamples ? [] : input.exampleRowIDs
        for d in input.dimensions {
            guard let scale = d.scale, let lowest = scale.values.min(), let highest = scale.values.max() else {
                throw CalibrationFitError.noScale(dimension: d.name)
            }
            let panel = try ExpertPanel(
                dimension: d.name, scale: scale, labels: d.expertLabels, runRows: Set(input.runRowIDs), combination: settings.experts)
            var (rows, leftOut) = Self.rows(d, panel: panel, labelledRows: candidates, examples: examples)
            let method: CrossFittedMap.Method
            switch settings.map {
            case .isotonic: method = .isotonic
            case .twoStage(let covariates, let knots):
                method = .twoStage(covariates: covariates.map(\.description), knots: knots)
                rows = try Self.withCovariates(rows, covariates, from: runRows)
            }
            guard rows.count >= CrossFittedMap.minimumRows else {
                unfitted.append(Unfitted(name: d.name, rows: rows.count, rowsNeeded: CrossFittedMap.minimumRows, leftOut: leftOut))
                continue
            }
            let map: CrossFittedMap, passMaps: [PassMap]
            do {
                map = try CrossFittedMap(rows: rows, folds: settings.folds, seed: settings.seed, bounds: lowest...highest, method: method)
                passMaps = try Self.passMaps(rows, scale: scale, settings: settings, method: method)
            } catch {
                throw CalibrationFitError.map(dimension: d.name, error)
            }
            dimensions.append(
                Dimension(
                    name: d.name, lowest: lowest, highest: highest, rows: rows.count, map: map, passMaps: passMaps,
                    diagnostics: Diagnostics(rows: rows, map: map), leftOut: leftOut))
        }
    }

    /// `rows` with the values of `covariates` read from the row of each id in `run`.
    ///
    /// - Throws: ``CalibrationFitError/covariatesWithoutRun`` when there is no run to read them from, and
    ///   ``CalibrationData/RowCovariateError`` for a row of the run without one.
    public static func withCovariates(
        _ rows: [CrossFittedMap.Row], _ covariates: [RowCovariate], from run: FrozenRun?
    ) throws -> [CrossFittedMap.Row] {
        guard !covariates.isEmpty else { return rows }
        guard let run else { throw CalibrationFitError.covariatesWithoutRun }
        return try rows.map { row in
            guard let runRow = run.row(id: row.id) else { throw RowCovariateError.missing(row: row.id, covariate: covariates[0].description) }
            var row = row
            row.covariates = try covariates.map { c throws(RowCovariateError) in try c.value(of: runRow) }
            return row
        }
    }

    /// The rows `d`'s map is fitted on, in the order of `labelledRows`, and those left out by why (see
    /// ``init(_:settings:judge:labelFingerprint:created:)``): each row of `labelledRows` not in
    /// `examples`, with an expert value from `panel` and a judge score, becomes a row of id, score and
    /// expert value, weight 1.
    public static func rows(
        _ d: AlignmentInput.Dimension, panel: ExpertPanel, labelledRows: [String], examples: Set<String>
    ) -> (rows: [CrossFittedMap.Row], leftOut: LeftOut) {
        let judged = panel.judgedRows(labelledRows, judge: d.judge, examples: examples)
        return (judged.rows.map { CrossFittedMap.Row(id: $0.id, score: $0.judge.value, target: $0.expert) }, judged.leftOut)
    }
}

extension CalibrationFile {
    /// The pass map at each level of `scale` above its lowest (``RunInference/PassMap``): each row's
    /// experts' value placed on the scale's nearest level, as an estimate places a fresh label, and
    /// the map of its score (and covariates) onto 1 when that level is at the pass level or above,
    /// else 0 — fitted by the same `method` with the same folds and seed as the value map, so fold k of
    /// every map leaves out the same rows.
    static func passMaps(
        _ rows: [CrossFittedMap.Row], scale: CategoryScale, settings: CalibrationSettings, method: CrossFittedMap.Method
    ) throws(CrossFittedMap.Failure) -> [PassMap] {
        let placed = rows.map { CategoryRounding.category($0.target, on: scale).value }
        var maps: [PassMap] = []
        for level in scale.values.sorted().dropFirst() {
            let indicators = zip(rows, placed).map { row, at in
                CrossFittedMap.Row(id: row.id, score: row.score, target: at >= level ? 1 : 0, weight: row.weight, covariates: row.covariates)
            }
            let map = try CrossFittedMap(rows: indicators, folds: settings.folds, seed: settings.seed, bounds: 0...1, method: method)
            maps.append(PassMap(level: level, map: map))
        }
        return maps
    }
}

/// Why a calibration cannot be fitted.
public enum CalibrationFitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The dimension has no declared scale, so the map has no bounds.
    case noScale(dimension: String)
    /// The dimension's map could not be fitted (a score or expert value that is not finite).
    case map(dimension: String, CrossFittedMap.Failure)
    /// Covariates were asked for with no run whose rows hold them.
    case covariatesWithoutRun

    public var description: String {
        switch self {
        case .noScale(let d): "dimension \(d) has no declared scale, whose ends bound its map; give the rubric that declares it"
        case .map(let d, let failure): "dimension \(d): the map cannot be fitted: \(failure)"
        case .covariatesWithoutRun: "a two-stage map's covariates are read from the run's rows, and no run was given"
        }
    }
}

extension CalibrationFitError: KindedError {
    /// Always ``DataFormats/ErrorKind/malformedInput``: the scores or the rubric are at fault.
    public var kind: ErrorKind { .malformedInput }
}
