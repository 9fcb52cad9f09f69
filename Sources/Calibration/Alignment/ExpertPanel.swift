public import CalibrationData
public import StatisticsCore

/// The validated expert labels of one dimension, by row, with the raters in
/// the order they first appear.
///
/// The judge is compared with each row's raters combined by ``combination`` (``ExpertCombination``:
/// the mean, the median or the majority); with one rater per row that is the rater's label.
public struct ExpertPanel: Sendable {
    /// Raters in order of first appearance.
    let raters: [String]
    /// Labels by row id, in the order given.
    public let labels: [String: [ExpertLabel]]
    /// How a row's raters become its expert value.
    public let combination: ExpertCombination

    /// Validates `labels` of `dimension`: every row id in the run, no rater
    /// labelling a row twice, every value finite and inside the scale's range.
    ///
    /// - Throws: ``AlignmentError`` naming the dimension, the row and the rater.
    public init(
        dimension: String, scale: CategoryScale?, labels: [ExpertLabel], runRows: Set<String>, combination: ExpertCombination? = nil
    ) throws {
        self.combination = combination ?? .standard(for: scale)
        var raters: [String] = []
        var byRow: [String: [ExpertLabel]] = [:]
        for label in labels {
            guard runRows.contains(label.rowID) else {
                throw AlignmentError(
                    "dimension \(dimension): expert label for row '\(label.rowID)', which is not in the run; check the label file's id column against the run"
                )
            }
            try Self.check(label.value, dimension: dimension, row: label.rowID, source: "rater \(label.rater)", scale: scale)
            if byRow[label.rowID]?.contains(where: { $0.rater == label.rater }) == true {
                throw AlignmentError(
                    "dimension \(dimension): rater \(label.rater) labelled row '\(label.rowID)' twice; keep one label per rater and row")
            }
            if !raters.contains(label.rater) { raters.append(label.rater) }
            byRow[label.rowID, default: []].append(label)
        }
        self.raters = raters
        self.labels = byRow
    }

    /// The raters' labels of `row` combined, or `nil` when nobody labelled it or, for a majority,
    /// when its most frequent labels tie (``hasNoMajority(_:)``).
    public func expertValue(_ row: String) -> Double? {
        labels[row].flatMap { combination.combine($0.map(\.value)) }
    }

    /// Whether `row` was labelled but its raters' most frequent labels tie, so a majority has no value.
    public func hasNoMajority(_ row: String) -> Bool {
        combination == .majority && labels[row]?.isEmpty == false && expertValue(row) == nil
    }

    /// The label `rater` gave `row`.
    func value(of rater: String, row: String) -> Double? {
        labels[row]?.first { $0.rater == rater }?.value
    }

    /// Each of `rows`' inclusion probability, or `nil` when no label carries one.
    ///
    /// - Throws: ``AlignmentError`` when some labels carry one and a row's do
    ///   not, or a row's raters give it different ones.
    func inclusionProbabilities(of rows: [String], dimension: String) throws -> [Double]? {
        guard labels.values.contains(where: { $0.contains { $0.inclusionProbability != nil } }) else { return nil }
        return try rows.map { row in
            let given = Set((labels[row] ?? []).map(\.inclusionProbability))
            guard given.count == 1, let pi = given.first ?? nil else {
                throw AlignmentError(
                    "dimension \(dimension): row '\(row)' has \(given.count > 1 ? "different inclusion probabilities from its raters" : "no inclusion probability") while other labels have one; weigh the rows of one label set together"
                )
            }
            return pi
        }
    }

    /// The raters' notes on `row`, each prefixed with the rater's name when
    /// several raters labelled it.
    func note(_ row: String) -> String? {
        guard let list = labels[row] else { return nil }
        let notes = list.compactMap { label in label.note.flatMap { $0.isEmpty ? nil : (list.count > 1 ? "\(label.rater): \($0)" : $0) } }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// Validates a judge's scores and failures of `dimension`.
    static func checkJudge(_ judge: JudgeScores, dimension: String, scale: CategoryScale?, runRows: Set<String>, role: String) throws {
        for (row, score) in judge.scores {
            guard runRows.contains(row) else {
                throw AlignmentError("dimension \(dimension): \(role) score for row '\(row)', which is not in the run")
            }
            if judge.failures[row] != nil {
                throw AlignmentError(
                    "dimension \(dimension): row '\(row)' has both a \(role) score and a \(role) failure; a row is either scored or failed")
            }
            try check(score.value, dimension: dimension, row: row, source: role, scale: scale)
        }
        for row in judge.failures.keys where !runRows.contains(row) {
            throw AlignmentError("dimension \(dimension): \(role) failure for row '\(row)', which is not in the run")
        }
    }

    /// A value must be finite and, on a declared scale, between its lowest and
    /// highest value (a value between two levels is rounded; one beyond the ends is not a rating).
    private static func check(_ value: Double, dimension: String, row: String, source: String, scale: CategoryScale?) throws {
        guard value.isFinite else {
            throw AlignmentError("dimension \(dimension), row '\(row)': \(source) gave \(value), which is not a finite number")
        }
        if let scale, let low = scale.values.min(), let high = scale.values.max(), value < low || value > high {
            throw AlignmentError(
                "dimension \(dimension), row '\(row)': \(source) gave \(value), outside the scale \(scale) (\(ReportNumber.score(low))–\(ReportNumber.score(high))); a value between levels is rounded, one beyond the ends is not a rating"
            )
        }
    }
}
