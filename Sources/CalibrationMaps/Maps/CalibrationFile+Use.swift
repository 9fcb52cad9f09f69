public import Calibration
public import CalibrationData
public import DataFormats
import Foundation
import RunInference

/// A calibration used on a later run: checked against the judge whose scores it is about to read and
/// against the labels offered as fresh, then applied.
extension CalibrationFile {
    /// Checks that the maps were fitted on `judge`'s scores with the rubric whose text hashes to
    /// `rubricTextHash`, and returns what could not be compared.
    ///
    /// **The same judge** is the same model and, when both sides were judged here, the same scoring
    /// (mode, temperature, token limit, seed); the server's address may differ (a judge moves from a
    /// laptop to CI). A judge scored elsewhere is known only by its model's name: when either side's
    /// scores came from a file, the settings cannot be compared, and that is returned as a note rather
    /// than taken as a match. **The same rubric** is the same text, when both hashes are known.
    ///
    /// - Throws: ``CalibrationMismatch/judge(_:)`` naming every difference.
    public func check(judge now: JudgeIdentity, rubricTextHash given: String?) throws(CalibrationMismatch) -> [String] {
        var (differences, notes) = Self.judgeDifferences(fitted: judge, now: now)
        if let fitted = rubricTextHash, let given, fitted != given { differences.append("the rubric's text changed") }
        guard differences.isEmpty else { throw .judge(differences) }
        return notes
    }

    /// How the judge `now` differs from the judge a calibration was `fitted` on, and what could not be
    /// compared, by the rule of ``check(judge:rubricTextHash:)``.
    public static func judgeDifferences(fitted: JudgeIdentity, now: JudgeIdentity) -> (differences: [String], notes: [String]) {
        var differences: [String] = []
        var notes: [String] = []
        if fitted.model != now.model { differences.append("the model was \(fitted.model), now \(now.model)") }
        if fitted.isScoresFile || now.isScoresFile {
            let source = fitted.isScoresFile ? "scores read from a file" : "scores judged here"
            notes.append(
                "the scores of \(now.model) were \(now.isScoresFile ? "read from a file" : "judged here"), and the calibration was fitted on "
                    + "\(source): only the judge's name could be compared, not its settings")
        } else {
            if fitted.mode != now.mode { differences.append("the scoring was \(fitted.mode), now \(now.mode)") }
            if fitted.temperature != now.temperature || fitted.maxTokens != now.maxTokens || fitted.seed != now.seed {
                differences.append("the sampling settings (temperature, token limit, seed) changed")
            }
        }
        return (differences, notes)
    }

    /// Checks that labels offered as fresh — the label set whose fingerprint is `fingerprint`
    /// (``CalibrationData/ExpertLabels/fingerprint``), labelling `rows` of the run named `run` — are
    /// fresh: not the label set the maps were fitted on, and, on the calibration's own run, on none of
    /// the rows a map was fitted on.
    ///
    /// Row ids are compared only within the calibration's run: another run's row of the same id is
    /// another output, and a label of it is fresh.
    ///
    /// - Throws: ``CalibrationMismatch/sameLabels`` or ``CalibrationMismatch/notFresh(dimension:rows:)``
    ///   naming the first dimension's overlapping rows.
    public func checkFresh(fingerprint: String, rows: Set<String>, run: String?) throws(CalibrationMismatch) {
        guard fingerprint != labelFingerprint else { throw .sameLabels }
        guard let run, run == self.run else { return }
        for d in dimensions {
            let overlap = d.map.assignment.keys.filter(rows.contains).sorted()
            if !overlap.isEmpty { throw .notFresh(dimension: d.name, rows: overlap) }
        }
    }

    /// The fresh labelled rows of `d` (a dimension of an alignment input on the later run, with a
    /// map here): each with the judge's score, its value through the map and the experts' value,
    /// combined as when the map was fitted (``experts``, worked examples left out unless they were
    /// kept then); and those left out, by why. `nil` when `d` has no map here. A two-stage map's covariates
    /// are read from the row of each id in `runRows` (``CalibrationData/RowCovariate``), as when it was fitted.
    ///
    /// - Throws: ``Calibration/AlignmentError`` for labels the expert panel refuses;
    ///   ``CalibrationData/RowCovariateError`` for a row without a covariate's value, or a name the file holds
    ///   that is no covariate; ``CalibrationFitError/covariatesWithoutRun`` when the map reads covariates and
    ///   there is no run.
    public func freshRows(
        _ d: AlignmentInput.Dimension, of input: AlignmentInput, runRows: FrozenRun? = nil
    ) throws -> (rows: [FreshRow], leftOut: LeftOut)? {
        guard let fitted = dimension(d.name), let scale = d.scale else { return nil }
        let panel = try ExpertPanel(
            dimension: d.name, scale: scale, labels: d.expertLabels, runRows: Set(input.runRowIDs), combination: experts)
        let labelled = Set(d.expertLabels.map(\.rowID))
        let (rows, leftOut) = Self.rows(
            d, panel: panel, labelledRows: input.runRowIDs.filter(labelled.contains),
            examples: includeExamples ? [] : input.exampleRowIDs)
        let covariates = try fitted.map.covariates.map { name throws(RowCovariateError) in try RowCovariate(name: name) }
        let withCovariates = try Self.withCovariates(rows, covariates, from: runRows)
        let fresh = try withCovariates.map {
            FreshRow(id: $0.id, score: $0.score, calibrated: try fitted.map.predict($0.score, covariates: $0.covariates), expert: $0.target)
        }
        return (fresh, leftOut)
    }

    /// The values of `d`'s map's covariates on each row of `run`, by id (empty for a map of the score
    /// alone), read as when it was fitted (``CalibrationData/RowCovariate``): what a later run's
    /// scores are read through the map with.
    ///
    /// - Throws: ``CalibrationFitError/covariatesWithoutRun`` when the map reads covariates and there is no
    ///   run; ``CalibrationData/RowCovariateError`` for a row without a covariate's value, or a name that is no covariate.
    public func covariateValues(_ d: Dimension, of run: FrozenRun?) throws -> [String: [Double]] {
        guard !d.map.covariates.isEmpty else { return [:] }
        guard let run else { throw CalibrationFitError.covariatesWithoutRun }
        let covariates = try d.map.covariates.map { name throws(RowCovariateError) in try RowCovariate(name: name) }
        var values: [String: [Double]] = [:]
        for row in run.rows { values[row.id] = try covariates.map { c throws(RowCovariateError) in try c.value(of: row) } }
        return values
    }

    /// What the calibration was fitted on, in a phrase: its judge's model, run, labels and date.
    public var origin: String {
        "the calibration of \(judge.model) on \(run ?? "a run")'s labels \(labelFingerprint.prefix(12)), fitted "
            + created.formatted(.iso8601.year().month().day())
    }

    /// A fresh labelled row of a later run.
    public struct FreshRow: Sendable, Hashable {
        public var id: String
        /// The judge's score, and its value through the map.
        public var score: Double
        public var calibrated: Double
        /// The experts' value, combined as when the map was fitted.
        public var expert: Double
    }
}

extension JudgeIdentity {
    /// Whether these are scores made elsewhere, known by their file (``CalibrationData/JudgeIdentity/init(scoresFileAt:model:)``).
    var isScoresFile: Bool { baseURL == nil && temperature == nil && maxTokens == nil && mode.hasPrefix("scores from a file") }
}

/// A calibration offered scores or labels it does not hold for.
public enum CalibrationMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The maps were fitted on another judge or rubric: every difference.
    case judge([String])
    /// The labels offered as fresh are the label set the maps were fitted on.
    case sameLabels
    /// Labels offered as fresh are on rows a map was fitted on.
    case notFresh(dimension: String, rows: [String])

    public var description: String {
        switch self {
        case .judge(let differences):
            "the calibration was fitted on another judge or rubric: \(differences.joined(separator: "; ")); fit it again on this judge's scores"
        case .sameLabels:
            "the labels are the set the calibration was fitted on, not fresh ones: label other rows of the run"
        case .notFresh(let d, let rows):
            "\(rows.count) labelled \(rows.count == 1 ? "row" : "rows") (\(rows.prefix(5).joined(separator: ", "))\(rows.count > 5 ? ", …" : "")) "
                + "of dimension \(d)'s fit \(rows.count == 1 ? "is" : "are") offered as fresh: a map cannot be audited or corrected on the rows "
                + "it was fitted on; label other rows"
        }
    }
}

extension CalibrationMismatch: KindedError {
    /// Always ``DataFormats/ErrorKind/malformedInput``: the files do not belong together.
    public var kind: ErrorKind { .malformedInput }
}
