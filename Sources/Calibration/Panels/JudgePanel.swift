import AgreementCoefficients
import CalibrationData
import StatisticsCore

/// A panel of several judges scored like one more judge: per row, one score made from the judges' scores.
///
/// - ``mean``: the mean of the scores the judges gave the row (Spread's compensated mean), for interval
///   scales; not formed on a two-level scale, where it would invent a level between pass and fail (the
///   experts' rule, ``ExpertCombination/standard(for:)``).
/// - ``majority``: the score more judges gave than any other, with each score first placed on the
///   declared scale (rounded half up, ``CategoryRounding``); a row whose most frequent scores tie has
///   no value and counts as a failure of the panel (``ExpertCombination/majority``, the experts' rule).
/// - ``dawidSkene``: the most probable category under Dawid & Skene's model fitted to the judges'
///   scores placed on the scale (``DawidSkene``); needs a declared scale; a tied posterior has no value.
///
/// A judge that did not score a row (a failure, or a row not in its file) is left out of that row's
/// panel; a row no judge scored has no panel score either.
public enum JudgePanel: String, Sendable, Hashable, Codable, CaseIterable {
    case mean
    case majority
    case dawidSkene = "dawid-skene"

    /// The panel's name in tables and reports: `panel-mean`, `panel-majority`, `panel-dawid-skene`.
    public var entryName: String { "panel-\(rawValue)" }

    /// Why the panel cannot be formed on a dimension of `scale`, or `nil` when it can.
    func unavailableReason(scale: CategoryScale?) -> String? {
        switch self {
        case .mean:
            ExpertCombination.standard(for: scale) == .majority
                ? "a mean of two levels would be a level neither judge gave; the majority panel stands for it" : nil
        case .majority: nil
        case .dawidSkene: scale == nil ? "Dawid–Skene needs the dimension's declared categories" : nil
        }
    }

    /// The panel's scores of `rows` from the judges' `scores` on one dimension, and, for Dawid–Skene, the model.
    ///
    /// - Throws: ``RatingError`` only if a score placed on the scale were not on it (never, as placing
    ///   rounds to a category).
    func scores(of judges: [JudgeScores], rows: [String], scale: CategoryScale?) throws -> (JudgeScores, DawidSkene?) {
        let place = { (value: Double) in scale.map { CategoryRounding.category(value, on: $0).value } ?? value }
        let columns = judges.map { judge in rows.map { judge.scores[$0]?.value } }
        var model: DawidSkene?
        let values: [Double?]
        switch self {
        case .mean:
            values = rows.indices.map { i in Spread.mean(columns.compactMap { $0[i] }).value }
        case .majority:
            values = rows.indices.map { i in ExpertCombination.majority.combine(columns.compactMap { $0[i] }.map(place)) }
        case .dawidSkene:
            guard let scale else { return (JudgeScores(scores: [:]), nil) }
            let fitted = try DawidSkene(scale: scale, ratings: columns.map { $0.map { $0.map(place) } })
            model = fitted
            values = rows.indices.map(fitted.mostProbableCategory)
        }
        var scored: [String: JudgeScore] = [:]
        var failed: [String: String] = [:]
        for (i, row) in rows.enumerated() {
            let given = columns.count { $0[i] != nil }
            if let value = values[i] {
                scored[row] = JudgeScore(value)
            } else if given > 0 {
                failed[row] = self == .dawidSkene ? "tied posterior" : "no majority among the judges"
            } else if judges.contains(where: { $0.failures[row] != nil }) {
                failed[row] = "no judge scored this row"
            }
        }
        return (JudgeScores(scores: scored, failures: failed), model)
    }
}
