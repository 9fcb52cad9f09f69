import DataFormats
public import Judging
import StatisticsCore

extension ScoringScale {
    /// The scale declared integer levels (the `categories` setting) give every dimension when no rubric
    /// declares one: numeric levels, each a whole number; `nil` when no level is given.
    ///
    /// Why not ``CategoryScale/init(declared:)``, which reads `agreement`'s
    /// declared categories: there a category may be a label (`fail,pass`) and a
    /// single category is a scale, because ratings are matched to categories as
    /// written. Here judge scores and expert labels are numbers, rounded half up
    /// to the nearest level for the category statistics and read beside the
    /// correlations as they are, so a level must be a number on the judge's
    /// scale, and a scale of one level cannot disagree.
    ///
    /// - Throws: ``AlignmentSettingsError`` with a rubric (which declares the
    ///   scales), for fewer than two distinct levels or a level given twice, or
    ///   for more than ``CategoryScale/maximumCategories``.
    public static func alignmentLevels(_ levels: [Int], rubric: Rubric?) throws(AlignmentSettingsError) -> ScoringScale? {
        guard !levels.isEmpty else { return nil }
        guard rubric == nil else { throw AlignmentSettingsError(.levelsWithRubric) }
        guard Set(levels).count >= 2, Set(levels).count == levels.count else { throw AlignmentSettingsError(.tooFewLevels) }
        guard levels.count <= CategoryScale.maximumCategories else { throw AlignmentSettingsError(.tooManyLevels(levels.count)) }
        return .numeric(Dictionary(uniqueKeysWithValues: levels.map { ($0, "") }))
    }
}

/// Options an alignment cannot be made with, and what to ask for instead; the
/// command line reports it as a usage error (exit 64).
public struct AlignmentSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to ask for instead, in the library's words.
    public let message: String
    /// What is wrong, where the way out is a setting of the caller's, for a tool to word naming its
    /// options (the categories given, the planned looks); `nil` when ``message`` says all.
    public let problem: Problem?

    /// What is wrong, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// Declared levels beside a rubric, which declares each dimension's scale.
        case levelsWithRubric
        /// Fewer than two distinct declared levels, or one given twice.
        case tooFewLevels
        /// More declared levels (this many) than ``CategoryScale/maximumCategories``.
        case tooManyLevels(Int)
        /// Sequential looks planned at fewer than 1 (this many).
        case noLooks(Int)
        /// Sequential looks without a history file to record them in.
        case looksWithoutHistory
        /// Sequential looks planned at `asked`, on labels whose looks began planned at `planned`.
        case lookPlanChanged(planned: Int, asked: Int)
        /// An alternative annotator test margin ε (this one) outside 0…1.
        case epsilonOutOfRange(Double)
        /// A threshold factor F (this one) outside (0, 1.5].
        case ceilingFactorOutOfRange(Double)
        /// A threshold from the ceiling on `dimension`, which has none to set it from: `why`.
        case noCeiling(dimension: String, why: String)
        /// The judge against each rater on `dimension`, which has `raters` rater(s).
        case eachExpertNeedsRaters(dimension: String, raters: Int)
        /// The judge against each rater on `dimension`, whose labels carry inclusion probabilities.
        case eachExpertWithWeights(dimension: String)
        /// Sequential looks with a threshold from the ceiling (`ceiling`) or the judge against each rater.
        case looksWith(ceiling: Bool)
    }

    package init(_ message: String) {
        self.message = message
        problem = nil
    }

    package init(_ problem: Problem) {
        self.problem = problem
        message =
            switch problem {
            case .levelsWithRubric: "declared levels apply only without a rubric; the rubric declares each dimension's scale"
            case .tooFewLevels: "the declared levels need at least two distinct levels, each given once"
            case .tooManyLevels(let count):
                "\(count) levels are declared; at most \(CategoryScale.maximumCategories) make a table (group "
                    + "the levels, or rely on the correlations, which take the values as they are)"
            case .noLooks(let looks): "sequential looks need at least 1 look, not \(looks)"
            case .looksWithoutHistory: "sequential looks are each recorded in the history file; they need one"
            case .lookPlanChanged(let planned, let asked):
                "these labels' looks began planned at \(planned) looks; the most looks is fixed before the first and cannot become \(asked)"
            case .epsilonOutOfRange(let epsilon):
                "the alternative annotator test's margin ε is \(epsilon.plainText); it lies from 0 to 1 (0.2 for experts, 0.15 for skilled annotators, 0.1 for crowd workers)"
            case .ceilingFactorOutOfRange(let factor):
                "the threshold's factor of the experts' own agreement is \(factor.plainText); it lies in (0, 1.5]"
            case .noCeiling(let dimension, let why):
                "dimension \(dimension) has no human ceiling to set the threshold from: \(why); give the threshold itself"
            case .eachExpertNeedsRaters(let dimension, let raters):
                "dimension \(dimension) has \(raters) rater\(raters == 1 ? "" : "s"): comparing the judge with each rater needs two or more; combine the raters instead"
            case .eachExpertWithWeights(let dimension):
                "dimension \(dimension)'s labels carry inclusion probabilities, which the judge against each rater does not weigh; combine the raters instead"
            case .looksWith(let ceiling):
                "sequential looks keep one threshold and one figure for the whole plan, so they cannot take \(ceiling ? "a threshold from the ceiling, which moves as labels come" : "the judge against each rater")"
            }
    }

    public var description: String { message }
}
