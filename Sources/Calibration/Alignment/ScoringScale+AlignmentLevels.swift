public import Judging
import StatisticsCore

extension ScoringScale {
    /// The scale `align --categories` gives every dimension when no rubric
    /// declares one: numeric levels, each a whole number; `nil` when no level is given.
    ///
    /// Why not ``CategoryScale/init(declared:)``, which reads `agreement`'s
    /// `--categories`: there a category may be a label (`fail,pass`) and a
    /// single category is a scale, because ratings are matched to categories as
    /// written. Here judge scores and expert labels are numbers, rounded half up
    /// to the nearest level for the category statistics and read beside the
    /// correlations as they are, so a level must be a number on the judge's
    /// scale, and a scale of one level cannot disagree.
    ///
    /// - Throws: ``AlignmentOptionsError`` with a rubric (which declares the
    ///   scales), for fewer than two distinct levels or a level given twice, or
    ///   for more than ``CategoryScale/maximumCategories``.
    public static func alignmentLevels(_ levels: [Int], rubric: Rubric?) throws(AlignmentOptionsError) -> ScoringScale? {
        guard !levels.isEmpty else { return nil }
        guard rubric == nil else {
            throw AlignmentOptionsError("--categories applies only without --rubric; the rubric declares each dimension's scale")
        }
        guard Set(levels).count >= 2, Set(levels).count == levels.count else {
            throw AlignmentOptionsError("--categories needs at least two distinct levels, each given once")
        }
        guard levels.count <= CategoryScale.maximumCategories else {
            throw AlignmentOptionsError(
                "--categories lists \(levels.count) levels; at most \(CategoryScale.maximumCategories) make a table (group "
                    + "the levels, or rely on the correlations, which take the values as they are)")
        }
        return .numeric(Dictionary(uniqueKeysWithValues: levels.map { ($0, "") }))
    }
}

/// Options an alignment cannot be made with, and what to ask for instead; the
/// command line reports it as a usage error (exit 64).
public struct AlignmentOptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to ask for instead.
    public let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
